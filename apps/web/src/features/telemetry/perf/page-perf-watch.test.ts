import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPagePerf, type PerfReport, type PerfWatchEnv } from './page-perf-watch';

const T0 = 1_763_700_000_000;

/** A request counter and page as the watch sees them, driven by the test. */
function fakeEnv(opts: { count?: number; lastResponseEnd?: number; hidden?: boolean } = {}) {
  let count = opts.count ?? 0;
  let hidden = opts.hidden ?? false;
  const listeners = new Set<(count: number) => void>();
  const hiddenListeners = new Set<() => void>();
  let frame: ((at: number) => void) | undefined;
  const env: PerfWatchEnv = {
    requests: {
      get: () => count,
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    lastResponseEnd: () => opts.lastResponseEnd,
    afterFirstFrame(_since, run) {
      frame = run;
      return () => (frame = undefined);
    },
    hidden: () => hidden,
    onHidden(listener) {
      hiddenListeners.add(listener);
      return () => hiddenListeners.delete(listener);
    },
  };
  return {
    env,
    set(next: number) {
      count = next;
      listeners.forEach((listener) => listener(next));
    },
    request() {
      this.set(count + 1);
    },
    respond() {
      this.set(count - 1);
    },
    frame() {
      frame?.(Date.now());
    },
    hide() {
      hidden = true;
      hiddenListeners.forEach((listener) => listener());
    },
    listeners: () => listeners.size,
  };
}

let reports: PerfReport[];
const report = (result: PerfReport) => reports.push(result);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  reports = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('page performance: the quiet window (SPEC §4, §9)', () => {
  it('reports 500 ms after the last response, with _perf measured to that response', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/download', startedAt: T0 }, page.env, report);
    vi.advanceTimersByTime(20);
    page.request();
    page.request();
    vi.advanceTimersByTime(300);
    page.respond();
    vi.advanceTimersByTime(100);
    page.respond(); // last response ends at T0 + 420
    vi.advanceTimersByTime(499);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ _pn: '/download', _st: T0, _perf: 420 }]);
    vi.advanceTimersByTime(60_000);
    expect(reports).toHaveLength(1);
    expect(page.listeners()).toBe(0);
  });

  it('a call starting inside the quiet window restarts it; the report waits for the new last response', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/', startedAt: T0 }, page.env, report);
    page.request();
    vi.advanceTimersByTime(100);
    page.respond();
    vi.advanceTimersByTime(400);
    page.request(); // 400 ms quiet only
    vi.advanceTimersByTime(200);
    page.respond(); // T0 + 700
    vi.advanceTimersByTime(499);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ _pn: '/', _st: T0, _perf: 700 }]);
  });

  it('a static page (no call by its first frame) reports at once, _perf to that frame', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/nfc', startedAt: T0 }, page.env, report);
    vi.advanceTimersByTime(35);
    page.frame();
    expect(reports).toEqual([{ _pn: '/nfc', _st: T0, _perf: 35 }]);
  });

  it('a page whose call started before its first frame is not static', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/download', startedAt: T0 }, page.env, report);
    page.request();
    page.frame();
    vi.advanceTimersByTime(80);
    page.respond();
    vi.advanceTimersByTime(500);
    expect(reports).toEqual([{ _pn: '/download', _st: T0, _perf: 80 }]);
  });

  it('calls that ended before the watch began (telemetry loads later) count from the browser timings', () => {
    vi.setSystemTime(T0 + 300);
    const page = fakeEnv({ lastResponseEnd: T0 + 150 });
    watchPagePerf({ path: '/', startedAt: T0 }, page.env, report);
    vi.advanceTimersByTime(349);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ _pn: '/', _st: T0, _perf: 150 }]);
  });

  it('a call in flight when the watch begins is waited for', () => {
    const page = fakeEnv({ count: 1 });
    watchPagePerf({ path: '/', startedAt: T0 }, page.env, report);
    page.frame();
    vi.advanceTimersByTime(1_000);
    expect(reports).toEqual([]);
    page.respond();
    vi.advanceTimersByTime(500);
    expect(reports).toEqual([{ _pn: '/', _st: T0, _perf: 1_000 }]);
  });

  it('a page that never goes quiet reports at 30 s, flagged timedOut', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/discover/notice', startedAt: T0 }, page.env, report);
    page.request();
    for (let i = 0; i < 100; i++) {
      vi.advanceTimersByTime(300);
      page.request();
      page.respond();
    }
    expect(reports).toEqual([{ _pn: '/discover/notice', _st: T0, _perf: 30_000, timedOut: true }]);
  });

  it('a page hidden before its report is flagged hidden', () => {
    const page = fakeEnv();
    watchPagePerf({ path: '/download', startedAt: T0 }, page.env, report);
    page.request();
    page.hide();
    vi.advanceTimersByTime(50);
    page.respond();
    vi.advanceTimersByTime(500);
    expect(reports).toEqual([{ _pn: '/download', _st: T0, _perf: 50, hidden: true }]);
  });

  it('a page left before it went quiet reports at the leave, flagged left; only once', () => {
    const page = fakeEnv();
    const watch = watchPagePerf({ path: '/download', startedAt: T0 }, page.env, report);
    page.request();
    vi.advanceTimersByTime(250);
    watch.leave();
    watch.leave();
    page.respond();
    vi.advanceTimersByTime(31_000);
    expect(reports).toEqual([{ _pn: '/download', _st: T0, _perf: 250, left: true }]);
  });
});
