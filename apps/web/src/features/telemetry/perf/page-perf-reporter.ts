// Wires the page performance watch (page-perf-watch.ts) to the app: one watch per navigation, on the
// record lib/page-perf.ts stored before it (SPEC §2, §3), done-flag `_du` and `_perf` written back into
// that record once reported (SPEC §3, §4). Measurements come from the API client's request counter
// and, for what happened before telemetry loaded, the browser's Resource and Paint Timing.
import { API_BASE } from '@tyd/protocol/wire';
import { requestCounter } from '../../../lib/api-client';
import { pagePerfKey, readPagePerf } from '../../../lib/page-perf';
import type { RouteLocation, Router } from '../../../lib/router';
import { local } from '../../../lib/storage';
import { watchPagePerf, type PageWatch, type PerfReport, type PerfWatchEnv } from './page-perf-watch';

// performance.timeOrigin is Safari 15 and later; before it, now less the time since the origin is the same instant to a millisecond or so.
const timeOrigin = (performance as { timeOrigin?: number }).timeOrigin ?? Date.now() - performance.now();
const epoch = (relative: number) => timeOrigin + relative;

export const browserPerfEnv: PerfWatchEnv = {
  requests: requestCounter,
  lastResponseEnd(since) {
    let end: number | undefined;
    for (const entry of performance.getEntriesByType?.('resource') ?? []) {
      const timing = entry as PerformanceResourceTiming;
      if (epoch(timing.startTime) < since || !new URL(timing.name, location.href).pathname.startsWith(`${API_BASE}/v1/`)) continue;
      end = Math.max(end ?? 0, epoch(timing.responseEnd));
    }
    return end;
  },
  afterFirstFrame(since, run) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first page may have painted before telemetry loaded: its first contentful paint says when.
    const paint = performance.getEntriesByName?.('first-contentful-paint')[0];
    const painted = paint && epoch(paint.startTime) >= since ? epoch(paint.startTime) : undefined;
    const fire = () => {
      if (timer !== undefined) return;
      const at = painted ?? Date.now();
      // One more task: the page's effects, which start its calls, have run by then.
      timer = setTimeout(() => run(at), 0);
    };
    // Hidden pages get no frames: do not wait for one.
    const frame = document.visibilityState === 'hidden' ? undefined : requestAnimationFrame(fire);
    const fallback = setTimeout(fire, frame === undefined ? 0 : 100);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(timer);
    };
  },
  hidden: () => document.visibilityState === 'hidden',
  onHidden(listener) {
    const onChange = () => {
      if (document.visibilityState === 'hidden') listener();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  },
};

/** Marks the page's stored record reported, unless a newer visit of the same path replaced it. */
function markReported(result: PerfReport) {
  const record = readPagePerf(result._pn);
  if (record && record._st === result._st) local.set(pagePerfKey(result._pn), JSON.stringify({ ...record, _perf: result._perf, _du: true }));
}

export interface PagePerfReporting {
  /** The current page is going away (pagehide): report it now if it has not reported. */
  leave(): void;
  stop(): void;
}

/** Watches every page the router shows; `send` gets each report with the reported page's location. */
export function startPagePerfReporting(router: Router, env: PerfWatchEnv, send: (result: PerfReport, location: RouteLocation) => void): PagePerfReporting {
  let watch: PageWatch | undefined;
  const show = (location: RouteLocation) => {
    watch?.leave();
    watch = undefined;
    const record = readPagePerf(location.path);
    if (!record || record._du) return;
    watch = watchPagePerf({ path: record._pn, startedAt: record._st }, env, (result) => {
      markReported(result);
      send(result, location);
    });
  };
  if (router.current) show(router.current);
  const stop = router.afterEach((to) => show(to));
  return {
    leave: () => watch?.leave(),
    stop,
  };
}
