// Page view and page leave (SPEC §9 heartbeat 5 s, maximum page duration 432000 s).
// A visit is saved in localStorage under its own key and its heartbeat refreshed every 5 s, so a page
// the system killed (no pagehide ran) is still reported: the next start finds the visit stale and
// reports its leave with the duration up to the last heartbeat, flagged `recovered`.
//
// Stale: no heartbeat for STALE_AFTER_MS. A visible page beats every 5 s; a hidden one may be throttled
// or frozen, so it can be taken for dead while it still lives. Whoever reports a visit removes it first,
// and a page that finds its visit gone (another start reported it) starts a new visit instead of
// reporting the old one again: each visit is reported exactly once either way.
import { HEARTBEAT_MS } from '@tyd/protocol/wire';
import { pageDurationSeconds } from './records';

export const VISIT_KEY_PREFIX = 'tyd.analytics.visit.';
/** Three missed heartbeats. */
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

export interface Visit {
  purl: string;
  /** Shown at, ms since the epoch. */
  st: number;
  /** Last heartbeat. */
  hb: number;
}

/** localStorage with enumeration (the visits of every tab that shares it). */
export interface VisitStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

export interface VisitEvents {
  view(purl: string, at: number): void;
  leave(visit: Visit, at: number, duration: number, recovered: boolean): void;
}

function readVisit(storage: VisitStorage, key: string): Visit | null {
  try {
    const visit = JSON.parse(storage.get(key) ?? '') as Visit;
    return typeof visit.purl === 'string' && typeof visit.st === 'number' && typeof visit.hb === 'number' ? visit : null;
  } catch {
    return null;
  }
}

export interface PageVisits {
  /** A page is shown: the current visit (if any) is left, a new one starts. */
  show(purl: string): void;
  /** The page is left (navigation away, pagehide). */
  leave(): void;
  /** Saves the heartbeat now (also done every HEARTBEAT_MS). */
  beat(): void;
  /** Reports other pages' visits that went stale (killed pages); also done every HEARTBEAT_MS. */
  recover(): void;
  stop(): void;
}

/** `tabId` is unique per page load (a UUID), so tabs sharing localStorage keep their visits apart. */
export function createPageVisits(tabId: string, storage: VisitStorage, events: VisitEvents): PageVisits {
  const ownKey = VISIT_KEY_PREFIX + tabId;
  let current: Visit | null = null;

  function end(at: number) {
    const visit = current;
    current = null;
    // Gone from storage: another start reported it as killed already.
    if (!visit || !readVisit(storage, ownKey)) return;
    storage.remove(ownKey);
    events.leave(visit, at, pageDurationSeconds(visit.st, at), false);
  }

  function beat() {
    if (!current) return;
    if (!readVisit(storage, ownKey)) {
      // Taken for dead while hidden or frozen, and reported up to its last heartbeat: go on as a new visit.
      const purl = current.purl;
      current = null;
      start(purl);
      return;
    }
    current.hb = Date.now();
    storage.set(ownKey, JSON.stringify(current));
  }

  function start(purl: string) {
    const now = Date.now();
    current = { purl, st: now, hb: now };
    storage.set(ownKey, JSON.stringify(current));
    events.view(purl, now);
  }

  function recover() {
    const now = Date.now();
    for (const key of storage.keys()) {
      if (!key.startsWith(VISIT_KEY_PREFIX) || key === ownKey) continue;
      const visit = readVisit(storage, key);
      if (visit && now - visit.hb < STALE_AFTER_MS) continue;
      storage.remove(key);
      if (visit) events.leave(visit, visit.hb, pageDurationSeconds(visit.st, visit.hb), true);
    }
  }

  // One timer for the page's life: its own heartbeat, and a look for pages that died meanwhile
  // (a page killed just before this one started is not stale yet at the start).
  const timer = setInterval(() => {
    beat();
    recover();
  }, HEARTBEAT_MS);

  return {
    show(purl) {
      end(Date.now());
      start(purl);
    },
    leave: () => end(Date.now()),
    beat,
    recover,
    stop: () => clearInterval(timer),
  };
}
