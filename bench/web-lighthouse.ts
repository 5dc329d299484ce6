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

export async function runLighthouse(baseUrl: string, paths: readonly string[]): Promise<LighthouseFigures[]> {
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const figures: LighthouseFigures[] = [];
    // One discarded run first: a fresh Chromium profile and a server that has not yet rendered a page or
    // compiled its hot paths make the first measurement about a second slower than any later one.
    for (const [index, path] of [paths[0], ...paths].entries()) {
      if (path === undefined) break;
      const result = await lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
