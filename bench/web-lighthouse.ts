// Lighthouse 12 against the real server for `npm run bench:web`: its default configuration, which is the
// mobile preset (Moto G Power screen, 4× CPU slowdown) with simulated throttling (slow 4G: 150 ms RTT,
// 1.6 Mbps), performance category only. Chromium is the system one (CHROME_PATH or /usr/bin/chromium);
// nothing is downloaded. A benchmark, never part of `npm test`: scores move with machine load.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  path: string;
  /** The address Lighthouse ended on (a route that requires login lands on /login). */
  finalPath: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire for the whole load (Lighthouse "total-byte-weight"). */
  transferredBytes: number;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

/**
 * One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like, seen under heavy machine
 * load; Lighthouse itself says to run it again) is repeated once, and a second failure is an error.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === 2) throw new Error(`lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
}

export async function runLighthouse(baseUrl: string, paths: readonly string[]): Promise<LighthouseFigures[]> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const figures: LighthouseFigures[] = [];
    // One discarded run first: a fresh Chromium profile and a server that has not yet rendered a page or
    // compiled its hot paths make the first measurement about a second slower than any later one.
    for (const [index, path] of [paths[0], ...paths].entries()) {
      if (path === undefined) break;
      const lhr = await audit(`${baseUrl}${path}`, chrome.port);
      const metric = (id: string): number => {
        const value = lhr.audits[id]?.numericValue;
        if (value === undefined) throw new Error(`lighthouse measured no ${id} on ${path}`);
        return value;
      };
      if (index === 0) continue;
      figures.push({
        path,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        transferredBytes: metric('total-byte-weight'),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
