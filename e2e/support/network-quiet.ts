// Waiting until a page has stopped fetching, in less time than Playwright's 'networkidle', which waits for
// 500 ms without a request each time. The accessibility and care-mode journeys open every page in every
// mode, about 250 loads: there the fixed half second was half of their time (docs/operations.md "Test suite").
import type { Page, Request } from 'playwright-core';

/**
 * Counts the page's requests from now on. `quiet()` resolves once none has been in flight for `quietMs`
 * (a follow-up a page starts when an answer arrives, such as a lazy chunk for the data it shows, starts
 * within a render, well inside that time) and rejects after `timeoutMs`, as 'networkidle' would.
 */
export function watchNetwork(page: Page): { quiet(opts?: { quietMs?: number; timeoutMs?: number }): Promise<void>; stop(): void } {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    changed = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet({ quietMs = 150, timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (inFlight.size > 0 || Date.now() - changed < quietMs) {
          if (Date.now() > deadline) throw new Error(`the page kept fetching for ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`);
          await new Promise((done) => setTimeout(done, 25));
        }
        // The last answer may still be rendering on a loaded machine (its follow-up request not started
        // yet): quiet counts once the page's main thread has also been idle with nothing new in flight.
        const before = changed;
        // A document replaced meanwhile rejects this; its requests moved `changed`, so the loop goes on.
        await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 1_000 }))).catch(() => undefined);
        if (changed === before && inFlight.size === 0) return;
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}
