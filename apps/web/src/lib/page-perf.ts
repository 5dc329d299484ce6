// Page performance record (SPEC §3, §4): before each navigation the path, a start timestamp and
// a false done-flag are stored in localStorage, keyed by the route path; telemetry (docs/telemetry.md)
// sets `_perf` and `_du` once the page's requests have settled.
import { local } from './storage';

export interface PagePerfRecord {
  /** Route path. */
  _pn: string;
  /** Start, ms since epoch. */
  _st: number;
  /** Done: reported already. */
  _du: boolean;
  /** Duration in ms, once measured. */
  _perf?: number;
}

export function pagePerfKey(path: string): string {
  return `perf:${path}`;
}

export function startPagePerf(path: string, now: number = Date.now()): PagePerfRecord {
  const record: PagePerfRecord = { _pn: path, _st: now, _du: false };
  local.set(pagePerfKey(path), JSON.stringify(record));
  return record;
}

export function readPagePerf(path: string): PagePerfRecord | null {
  const raw = local.get(pagePerfKey(path));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as PagePerfRecord;
    return typeof value._pn === 'string' && typeof value._st === 'number' ? value : null;
  } catch {
    return null;
  }
}
