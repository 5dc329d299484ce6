// The lab figures a person on a slow phone meets, for `npm run bench:web` (bench/README.md "Lab"): each
// route opened in real Chromium (the system one, CHROME_PATH or /usr/bin/chromium) at 375 px with
// Lighthouse's mobile preset applied through the DevTools protocol (e2e/support/slow-phone.ts: 150 ms
// round trip, 1.6 Mbps down, 4× CPU slowdown), a fresh browser context (empty cache) per run.
//  - A first visit: the route loaded in that empty context. First paint is Paint Timing's
//    first-contentful-paint; interactive is the web app's `tyd-interactive` mark, set once the app has
//    rendered or hydrated the first screen (apps/web/src/main.tsx); largest paint is the browser's own
//    Largest Contentful Paint entry once the page has been quiet on the network for half a second (so what
//    a page shows after its first call counts, as it does for the person waiting for it), the real
//    counterpart of Lighthouse's simulated LCP.
//  - A repeat visit: a new page of the same context, its HTTP cache warm from the first, loads the route
//    again, as a person who comes back to it does (the page itself is never cached; the scripts and the
//    stylesheet are, for a year: apps/server/src/plugins/web-app.ts).
// Several builds can be measured in one sitting (`targets`, each a server of its own): each run opens the
// route once per build, in an order that alternates from run to run, so a machine that slows down or
// speeds up during the sitting weighs on every build alike, and each run gives a pair. Medians of `runs`.
// `preset` applies the whole preset or one half of it (the link or the processor), to tell which one a
// route's interactive time waits on.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { emulateSlowPhone } from '../e2e/support/slow-phone';

export interface LabVisit {
  firstPaintMs: number;
  interactiveMs: number;
  largestPaintMs: number;
}

export interface LabFigures {
  path: string;
  /** Medians of the first visits, ms after navigation start. */
  first: LabVisit;
  /** Medians of the repeat visits (whole preset only; NaN otherwise), ms after navigation start. */
  repeat: LabVisit;
  runs: { first: LabVisit; repeat: LabVisit }[];
}

/** A build to measure: a label for the report and the server that serves it. */
export interface LabTarget {
  label: string;
  baseUrl: string;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Which of the preset applies: all of it, or only its link or only its 4x slower processor (the other at full speed). */
export type LabPreset = 'phone' | 'network-only' | 'cpu-only';

const NOT_MEASURED: LabVisit = { firstPaintMs: Number.NaN, interactiveMs: Number.NaN, largestPaintMs: Number.NaN };

/** Loads `url` in `page` and reads its figures once it is interactive (and, for the whole preset, quiet). */
async function visit(page: Page, url: string, path: string, preset: LabPreset): Promise<LabVisit> {
  await page.goto(url, { waitUntil: 'commit' });
  // Waited for by an observer in the page, not by polling it: a poll is a script run on the page's main
  // thread, 4x slower here, every 50 ms, and would delay the very hydration it waits for. A page that
  // never becomes interactive (a chunk missing because the build changed under the run) names itself.
  const ready = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new PerformanceObserver(() => {
          if (performance.getEntriesByName('tyd-interactive').length === 0 || performance.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          resolve();
        });
        // Buffered: entries from before the observer count too.
        observer.observe({ type: 'mark', buffered: true });
        observer.observe({ type: 'paint', buffered: true });
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${path}: not interactive within 60 s`)), 60_000)));
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  // Only the whole preset reports the largest paint (bench/web-bench.ts); the halves need not wait.
  if (preset === 'phone') {
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch((error: unknown) => {
      throw new Error(`${path}: the network not quiet within 30 s`, { cause: error });
    });
  }
  return page.evaluate(() => ({
    firstPaintMs: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    interactiveMs: performance.getEntriesByName('tyd-interactive')[0]!.startTime,
    largestPaintMs: (window as unknown as { __tydLcp?: number }).__tydLcp ?? Number.NaN,
  }));
}

/** A page of `context` with the largest-paint observer and the preset. */
async function preparedPage(context: BrowserContext, preset: LabPreset): Promise<Page> {
  const page = await context.newPage();
  // Largest Contentful Paint entries are only given to an observer (buffered: those before it too).
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { __tydLcp: number }).__tydLcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await emulateSlowPhone(page, { network: preset !== 'cpu-only', cpu: preset !== 'network-only' });
  return page;
}

/**
 * One run: a fresh context and the first visit, then (whole preset only) the repeat visit in a new page of
 * the same context: its HTTP cache warm, but not the first page's renderer and what it kept in memory, as
 * for a person who opens the page again later.
 */
async function measureRun(browser: Browser, url: string, path: string, preset: LabPreset): Promise<{ first: LabVisit; repeat: LabVisit }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  try {
    const firstPage = await preparedPage(context, preset);
    const first = await visit(firstPage, url, path, preset);
    if (preset !== 'phone') return { first, repeat: NOT_MEASURED };
    await firstPage.close();
    const repeat = await visit(await preparedPage(context, preset), url, path, preset);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const medianVisit = (visits: LabVisit[]): LabVisit => ({
  firstPaintMs: median(visits.map((v) => v.firstPaintMs)),
  interactiveMs: median(visits.map((v) => v.interactiveMs)),
  largestPaintMs: median(visits.map((v) => v.largestPaintMs)),
});

/** Figures per target (in the order of `targets`), each a list in the order of `paths`. */
export async function runLab(
  targets: readonly LabTarget[],
  paths: readonly string[],
  preset: LabPreset = 'phone',
  runs = 3,
  /** More switches, e.g. the topology's authority to trust (--ignore-certificate-errors-spki-list). */
  extraArgs: readonly string[] = [],
): Promise<LabFigures[][]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', ...extraArgs],
  });
  try {
    const figures: LabFigures[][] = targets.map(() => []);
    // One discarded run first, as for Lighthouse: a cold server and browser are slower than any later load.
    for (const [index, path] of [paths[0], ...paths].entries()) {
      if (path === undefined) break;
      const samples: { first: LabVisit; repeat: LabVisit }[][] = targets.map(() => []);
      for (let run = 0; run < (index === 0 ? 1 : runs); run++) {
        // A B, then B A, …: neither build always goes first.
        const order = targets.map((_, i) => i);
        if (run % 2 === 1) order.reverse();
        for (const i of order) samples[i]!.push(await measureRun(browser, `${targets[i]!.baseUrl}${path}`, path, preset));
      }
      if (index === 0) continue;
      for (const [i, own] of samples.entries()) {
        figures[i]!.push({ path, first: medianVisit(own.map((s) => s.first)), repeat: medianVisit(own.map((s) => s.repeat)), runs: own });
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}
