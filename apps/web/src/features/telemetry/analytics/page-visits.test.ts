import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_AFTER_MS, VISIT_KEY_PREFIX, createPageVisits, type Visit, type VisitStorage } from './page-visits';

const T0 = 1_763_700_000_000;

function memoryStorage(map = new Map<string, string>()): VisitStorage & { map: Map<string, string> } {
  return {
    map,
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

interface Logged {
  type: 'view' | 'leave';
  purl: string;
  at: number;
  duration?: number;
  recovered?: boolean;
}

function recorder() {
  const log: Logged[] = [];
  return {
    log,
    events: {
      view: (purl: string, at: number) => log.push({ type: 'view', purl, at }),
      leave: (visit: Visit, at: number, duration: number, recovered: boolean) => log.push({ type: 'leave', purl: visit.purl, at, duration, recovered }),
    },
  };
}

const stored = (storage: VisitStorage, tab: string) => JSON.parse(storage.get(VISIT_KEY_PREFIX + tab)!) as Visit;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('page view and page leave (SPEC §9)', () => {
  it('a view, then a leave with the duration in seconds when the next page shows', () => {
    const { log, events } = recorder();
    const visits = createPageVisits('tab-a', memoryStorage(), events);
    visits.show('/');
    vi.advanceTimersByTime(12_400);
    visits.show('/download');
    expect(log).toEqual([
      { type: 'view', purl: '/', at: T0 },
      { type: 'leave', purl: '/', at: T0 + 12_400, duration: 12, recovered: false },
      { type: 'view', purl: '/download', at: T0 + 12_400 },
    ]);
    visits.stop();
  });

  it('saves a heartbeat every 5 s in localStorage', () => {
    const storage = memoryStorage();
    const visits = createPageVisits('tab-a', storage, recorder().events);
    visits.show('/nfc');
    expect(stored(storage, 'tab-a')).toEqual({ purl: '/nfc', st: T0, hb: T0 });
    vi.advanceTimersByTime(4_999);
    expect(stored(storage, 'tab-a').hb).toBe(T0);
    vi.advanceTimersByTime(1);
    expect(stored(storage, 'tab-a').hb).toBe(T0 + 5_000);
    vi.advanceTimersByTime(5_000);
    expect(stored(storage, 'tab-a').hb).toBe(T0 + 10_000);
    visits.leave();
    expect(storage.get(VISIT_KEY_PREFIX + 'tab-a')).toBeNull();
    visits.stop();
  });

  it('a visit longer than 432000 s is reported with duration 0; exactly 432000 s is kept', () => {
    const { log, events } = recorder();
    const visits = createPageVisits('tab-a', memoryStorage(), events);
    visits.show('/');
    vi.setSystemTime(T0 + 432_000_000);
    visits.show('/nfc');
    vi.setSystemTime(T0 + 432_000_000 + 432_001_000);
    visits.leave();
    expect(log.filter((l) => l.type === 'leave').map((l) => l.duration)).toEqual([432_000, 0]);
    visits.stop();
  });

  it('a page killed without pagehide is reported by the next start, up to its last heartbeat, once', () => {
    const storage = memoryStorage();
    const killed = recorder();
    const old = createPageVisits('tab-old', storage, killed.events);
    old.show('/discover/notice');
    vi.advanceTimersByTime(17_000); // heartbeats at 5, 10, 15 s
    old.stop(); // the system killed it: no leave
    vi.advanceTimersByTime(60_000);

    const next = recorder();
    const visits = createPageVisits('tab-new', storage, next.events);
    visits.recover();
    visits.recover();
    expect(next.log).toEqual([{ type: 'leave', purl: '/discover/notice', at: T0 + 15_000, duration: 15, recovered: true }]);
    expect(storage.keys()).toEqual([]);
    visits.stop();
  });

  it('a page killed just before the start is found by a later heartbeat, when it has gone stale', () => {
    const storage = memoryStorage();
    const old = createPageVisits('tab-old', storage, recorder().events);
    old.show('/nfc');
    vi.advanceTimersByTime(5_000);
    old.stop();
    const next = recorder();
    const visits = createPageVisits('tab-new', storage, next.events);
    visits.show('/');
    visits.recover();
    expect(next.log.filter((l) => l.type === 'leave')).toEqual([]);
    vi.advanceTimersByTime(STALE_AFTER_MS + 5_000);
    expect(next.log.filter((l) => l.type === 'leave')).toEqual([{ type: 'leave', purl: '/nfc', at: T0 + 5_000, duration: 5, recovered: true }]);
    visits.stop();
  });

  it('a live page taken for dead while frozen starts a new visit instead of reporting the old one twice', () => {
    const storage = memoryStorage();
    const frozen = recorder();
    const a = createPageVisits('tab-a', storage, frozen.events);
    a.show('/download');
    a.stop(); // frozen: no timers
    vi.advanceTimersByTime(30_000);
    const b = recorder();
    const other = createPageVisits('tab-b', storage, b.events);
    other.recover();
    expect(b.log).toEqual([{ type: 'leave', purl: '/download', at: T0, duration: 0, recovered: true }]);
    // Tab A comes back: its visit is gone, so it begins a new one; leaving reports only that one.
    a.beat();
    vi.advanceTimersByTime(3_000);
    a.leave();
    expect(frozen.log).toEqual([
      { type: 'view', purl: '/download', at: T0 },
      { type: 'view', purl: '/download', at: T0 + 30_000 },
      { type: 'leave', purl: '/download', at: T0 + 33_000, duration: 3, recovered: false },
    ]);
    other.stop();
  });

  it('unreadable stored visits are cleared without a report', () => {
    const storage = memoryStorage(new Map([[VISIT_KEY_PREFIX + 'x', '{bad']]));
    const { log, events } = recorder();
    const visits = createPageVisits('tab-a', storage, events);
    visits.recover();
    expect(log).toEqual([]);
    expect(storage.keys()).toEqual([]);
    visits.stop();
  });
});
