// The lab figures a person on a slow phone meets, for `npm run bench:web` (bench/README.md "Lab"): each
// route opened in real Chromium (the system one, CHROME_PATH or /usr/bin/chromium) at 375 px with
// Lighthouse's mobile preset applied through the DevTools protocol (e2e/support/slow-phone.ts: 150 ms
// round trip, 1.6 Mbps down, 4× CPU slowdown), a fresh browser context (empty cache) per run. First paint
// is Paint Timing's first-contentful-paint; interactive is the web app's `tyd-interactive` mark, set once
// the app has rendered or hydrated the first screen (apps/web/src/main.tsx); largest paint is the browser's own
// Largest Contentful Paint entry once the page has been quiet on the network for half a second (so what a
// page shows after its first call counts, as it does for the person waiting for it), the real counterpart
// of Lighthouse's simulated LCP. Median of `runs`. `preset` applies the whole preset or one half of it
// (the link or the processor), to tell which one a route's interactive time waits on.
import { chromium } from 'playwright-core';
import { emulateSlowPhone } from '../e2e/support/slow-phone';

export interface LabFigures {
  path: string;
  /** Median first contentful paint, ms after navigation start. */
  firstPaintMs: number;
  /** Median time the app had hydrated (or rendered) the first screen, ms after navigation start. */
  interactiveMs: number;
  /** Median of the browser's own Largest Contentful Paint, ms after navigation start. */
  largestPaintMs: number;
  runs: { firstPaintMs: number; interactiveMs: number; largestPaintMs: number }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Which of the preset applies: all of it, or only its link or only its 4x slower processor (the other at full speed). */
export type LabPreset = 'phone' | 'network-only' | 'cpu-only';

export async function runLab(baseUrl: string, paths: readonly string[], preset: LabPreset = 'phone', runs = 3): Promise<LabFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const figures: LabFigures[] = [];
    // One discarded run first, as for Lighthouse: a cold server and browser are slower than any later load.
    for (const [index, path] of [paths[0], ...paths].entries()) {
      if (path === undefined) break;
      const samples: LabFigures['runs'] = [];
      for (let run = 0; run < (index === 0 ? 1 : runs); run++) {
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          locale: 'zh-CN',
        });
        const page = await context.newPage();
        // Largest Contentful Paint entries are only given to an observer (buffered: those before it too).
        await page.addInitScript(() => {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) (window as unknown as { __tydLcp: number }).__tydLcp = entry.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        await emulateSlowPhone(page, { network: preset !== 'cpu-only', cpu: preset !== 'network-only' });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
        // A page that never becomes interactive (a chunk missing because the build changed under the run) names itself.
        await page
          .waitForFunction(
            () => performance.getEntriesByName('tyd-interactive').length > 0 && performance.getEntriesByName('first-contentful-paint').length > 0,
            undefined,
            {
              polling: 50,
              timeout: 60_000,
            },
          )
          .catch((error: unknown) => {
            throw new Error(`${path}: not interactive within 60 s`, { cause: error });
          });
        // Only the whole preset reports the largest paint (bench/web-bench.ts); the halves need not wait.
        if (preset === 'phone') {
          await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch((error: unknown) => {
            throw new Error(`${path}: the network not quiet within 30 s`, { cause: error });
          });
        }
        samples.push(
          await page.evaluate(() => ({
            firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
            interactiveMs: performance.getEntriesByName('tyd-interactive')[0]!.startTime,
            largestPaintMs: (window as unknown as { __tydLcp?: number }).__tydLcp ?? Number.NaN,
          })),
        );
        await context.close();
      }
      if (index === 0) continue;
      figures.push({
        path,
        firstPaintMs: median(samples.map((s) => s.firstPaintMs)),
        interactiveMs: median(samples.map((s) => s.interactiveMs)),
        largestPaintMs: median(samples.map((s) => s.largestPaintMs)),
        runs: samples,
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
