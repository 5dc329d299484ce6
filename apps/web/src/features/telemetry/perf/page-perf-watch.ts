// Page performance (SPEC §3, §4, §9; docs/telemetry.md "Page performance"). Each page reports once:
//  - when the API request counter (lib/api-client requestCounter: up on each request, down on each
//    response, errors included) has dropped to zero and stayed there PERF_QUIET_MS (500 ms); `_perf`
//    runs from the page's start `_st` to the end of the last response, the quiet 500 ms not included;
//  - at once, after its first frame, for a static page that made no call (`_perf` to that frame);
//  - at PERF_GIVE_UP_MS (30 s) flagged `timedOut` when it never goes quiet;
//  - when it is left before any of these, flagged `left` (`_perf` to the leave).
// A page that was hidden (in the background) at any point before its report is flagged `hidden`:
// timers and rendering are throttled there, so its figures are not comparable.
// Telemetry's own sends go through navigator.sendBeacon / fetch, never the API client, so they
// never move the counter.
import { PERF_GIVE_UP_MS, PERF_QUIET_MS } from '@tyd/protocol/wire';

export interface PerfReport {
  _pn: string;
  _st: number;
  _perf: number;
  timedOut?: true;
  hidden?: true;
  left?: true;
}

export interface PerfWatchEnv {
  requests: { get(): number; subscribe(listener: (count: number) => void): () => void };
  /**
   * End (ms since the epoch) of the latest API response that started at or after `since`, from the
   * browser's own timings: the watch may begin after the page's first calls already ended (telemetry
   * loads 200 ms after start, SPEC §9).
   */
  lastResponseEnd(since: number): number | undefined;
  /** Calls `run` with the time of the page's next frame, once its effects (and first calls) have run. */
  afterFirstFrame(since: number, run: (at: number) => void): () => void;
  hidden(): boolean;
  onHidden(listener: () => void): () => void;
}

export interface PageWatch {
  /** The page is being left: report now unless it did already. */
  leave(): void;
}

export function watchPagePerf(page: { path: string; startedAt: number }, env: PerfWatchEnv, report: (result: PerfReport) => void): PageWatch {
  const st = page.startedAt;
  let done = false;
  let hidden = env.hidden();
  let lastEnd = env.lastResponseEnd(st);
  let sawCall = lastEnd !== undefined || env.requests.get() > 0;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let cancelFrame: (() => void) | undefined;
  const giveUp = setTimeout(() => finish(Date.now(), 'timedOut'), Math.max(0, st + PERF_GIVE_UP_MS - Date.now()));

  const elapsed = (until: number) => Math.min(PERF_GIVE_UP_MS, Math.max(0, Math.round(until - st)));

  function finish(until: number, flag?: 'timedOut' | 'left') {
    if (done) return;
    done = true;
    clearTimeout(quietTimer);
    clearTimeout(giveUp);
    cancelFrame?.();
    stop();
    const result: PerfReport = { _pn: page.path, _st: st, _perf: elapsed(until) };
    if (flag) result[flag] = true;
    if (hidden || env.hidden()) result.hidden = true;
    report(result);
  }

  /** The counter is at zero since `end`: report once it has stayed there PERF_QUIET_MS. */
  function quietSince(end: number) {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => finish(end), Math.max(0, end + PERF_QUIET_MS - Date.now()));
  }

  const unsubscribe = env.requests.subscribe((count) => {
    if (count > 0) {
      sawCall = true;
      clearTimeout(quietTimer);
    } else {
      lastEnd = Date.now();
      quietSince(lastEnd);
    }
  });
  const offHidden = env.onHidden(() => {
    hidden = true;
  });
  function stop() {
    unsubscribe();
    offHidden();
  }

  if (env.requests.get() === 0) {
    if (lastEnd !== undefined) quietSince(lastEnd);
    else
      cancelFrame = env.afterFirstFrame(st, (at) => {
        if (!sawCall) finish(at);
      });
  }

  return { leave: () => finish(Date.now(), 'left') };
}
