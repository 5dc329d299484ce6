// In-process KvStore: bounded memory, expiry checked on read and reclaimed incrementally. One process
// only; several processes need Redis. What a store full of live entries does with a new key is chosen
// per store (docs/operations.md "Short-lived state"):
//   'refuse': KvCapacityError (the security state: forgetting an SMS lock or code would be unsafe);
//   'forget-oldest': the oldest entry goes (the request store). Forgetting a live nonce would re-open its
//     replay window, so the store remembers the latest expiry it has forgotten (`forgottenThrough`) and
//     its user refuses whatever would be stored with an expiry no later than that: a replay of a
//     forgotten nonce is still refused, as stale rather than as seen. Entries written with `keep` are
//     never forgotten: they live apart, in a share of the bound of their own (`maxKeptEntries`), and a new
//     one is refused (KvCapacityError) when that share is full of live ones. The request store keeps the
//     nonces of calls stamped ahead of its clock that way: forgetting one would raise `forgottenThrough`
//     past the expiry of every call stamped with the server's time (api-pipeline.ts step 4).
//
// Reclaiming is bounded work: a cursor walks each area's entries in insertion order, a slice per timer tick
// (a whole pass about every 30 s) and a few entries per insert into a full area, so a flood of refused
// inserts costs each of them a constant amount of CPU instead of a scan of the whole map.
import { KvCapacityError, type KvStore, type KvUsage } from './kv-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

export type WhenFull = 'refuse' | 'forget-oldest';

export interface MemoryKvOptions {
  maxEntries: number;
  /** What an insert into a store full of live entries does; 'refuse' unless said. */
  whenFull?: WhenFull;
  /**
   * 'forget-oldest' only: how many of the `maxEntries` may be entries written with `keep` (0 unless said,
   * which refuses every such write). Must leave room for the others.
   */
  maxKeptEntries?: number;
  /** Injected for tests; defaults to Date.now. */
  now?: () => number;
  /** How often a slice of the entries is checked for expiry. */
  sweepIntervalMs?: number;
}

/** Entries examined by one insert into a full store before it is refused. */
export const RECLAIM_PER_FULL_INSERT = 64;
/** Ticks per whole pass of the periodic reclaim. */
const TICKS_PER_PASS = 30;

export type MemoryKv = KvStore & { size(): number; usage(): KvUsage; forgottenThrough(): number; readonly startedAt: number };

/** A map of entries and the reclaim cursor that walks it. */
interface Area {
  entries: Map<string, Entry>;
  cursor: MapIterator<[string, Entry]> | undefined;
}

export function createMemoryKv({ maxEntries, whenFull = 'refuse', maxKeptEntries = 0, now = Date.now, sweepIntervalMs = 1_000 }: MemoryKvOptions): MemoryKv {
  if (whenFull === 'refuse' ? maxKeptEntries !== 0 : !(maxKeptEntries >= 0 && maxKeptEntries < maxEntries)) {
    throw new RangeError('maxKeptEntries: only for a forget-oldest store, and below maxEntries');
  }
  // `main` holds every entry of a 'refuse' store, and the entries a 'forget-oldest' store may forget.
  const main: Area = { entries: new Map(), cursor: undefined };
  const kept: Area = { entries: new Map(), cursor: undefined };
  const startedAt = now();
  // 'forget-oldest': a second cursor that stays at the oldest entry (Map order is insertion order, and
  // every entry before it has been deleted), so forgetting one is constant work, not a scan from the front.
  let oldest: MapIterator<[string, Entry]> | undefined;
  let forgottenThrough = -Infinity;
  let forgottenLive = 0;
  const size = () => main.entries.size + kept.entries.size;

  /** Examines up to `limit` entries of `area` from where the last call stopped, deleting the expired ones. */
  const reclaim = (area: Area, limit: number) => {
    const t = now();
    for (let examined = 0; examined < limit && area.entries.size > 0; examined++) {
      area.cursor ??= area.entries.entries();
      const next = area.cursor.next();
      if (next.done) {
        area.cursor = undefined;
        continue;
      }
      const [key, entry] = next.value;
      if (entry.expiresAt <= t) area.entries.delete(key);
    }
  };
  const slice = Math.max(RECLAIM_PER_FULL_INSERT, Math.ceil(maxEntries / TICKS_PER_PASS));
  const timer = setInterval(() => {
    reclaim(main, slice);
    reclaim(kept, slice);
  }, sweepIntervalMs);
  timer.unref();

  const live = (key: string): Entry | undefined => {
    const area = main.entries.has(key) ? main : kept;
    const entry = area.entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      area.entries.delete(key);
      return undefined;
    }
    return entry;
  };
  /** Deletes the oldest entry that may be forgotten; a live one raises `forgottenThrough` to its expiry. */
  const forgetOldest = () => {
    let next = oldest?.next();
    if (!next || next.done) {
      oldest = main.entries.entries();
      next = oldest.next();
    }
    if (next.done) return;
    const [key, entry] = next.value;
    main.entries.delete(key);
    if (entry.expiresAt > now()) {
      forgottenThrough = Math.max(forgottenThrough, entry.expiresAt);
      forgottenLive += 1;
    }
  };
  const insert = (key: string, entry: Entry, keep: boolean) => {
    const area = keep && whenFull === 'forget-oldest' ? kept : main;
    if (area === kept && kept.entries.size >= maxKeptEntries) {
      reclaim(kept, RECLAIM_PER_FULL_INSERT);
      if (kept.entries.size >= maxKeptEntries) throw new KvCapacityError(`embedded kv store: its share for kept entries is full (${maxKeptEntries})`);
    }
    if (size() >= maxEntries) {
      // Expired entries go first: forgetting them costs nothing.
      reclaim(main, RECLAIM_PER_FULL_INSERT);
      if (size() >= maxEntries) {
        if (whenFull === 'refuse') throw new KvCapacityError(`embedded kv store is full (${maxEntries} entries)`);
        // Kept entries take at most maxKeptEntries < maxEntries, so there is one to forget.
        forgetOldest();
      }
    }
    area.entries.set(key, entry);
  };
  const checkTtl = (ttlMs: number) => {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
  };
  const checkAmount = (by: number) => {
    if (!Number.isSafeInteger(by) || by <= 0) throw new RangeError('by must be a positive integer');
  };

  return {
    async setIfAbsent(key, value, ttlMs, options) {
      checkTtl(ttlMs);
      if (live(key)) return false;
      insert(key, { value, expiresAt: now() + ttlMs }, options?.keep === true);
      return true;
    },
    async increment(key, ttlMs, by = 1) {
      checkTtl(ttlMs);
      checkAmount(by);
      const entry = live(key);
      if (entry) {
        entry.value = String(Number(entry.value) + by);
        return Number(entry.value);
      }
      insert(key, { value: String(by), expiresAt: now() + ttlMs }, false);
      return by;
    },
    async decrement(key, by = 1) {
      checkAmount(by);
      const entry = live(key);
      if (entry) entry.value = String(Math.max(0, Number(entry.value) - by));
    },
    async get(key) {
      return live(key)?.value;
    },
    async delete(key) {
      main.entries.delete(key);
      kept.entries.delete(key);
    },
    async ping() {},
    async close() {
      clearInterval(timer);
      for (const area of [main, kept]) {
        area.entries.clear();
        area.cursor = undefined;
      }
      oldest = undefined;
    },
    size,
    usage: () => ({ entries: size(), maxEntries, whenFull, forgottenLive, keptEntries: kept.entries.size, maxKeptEntries }),
    forgottenThrough: () => forgottenThrough,
    startedAt,
  };
}
