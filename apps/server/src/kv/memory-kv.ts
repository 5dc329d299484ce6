// In-process KvStore: bounded memory, expiry checked on read and reclaimed incrementally. One process
// only; several processes need Redis. What a store full of live entries does with a new key is chosen
// per store (docs/operations.md "Short-lived state"):
//   'refuse': KvCapacityError (the security state: forgetting an SMS lock or code would be unsafe);
//   'forget-oldest': the oldest entry goes (the request store). Forgetting a live nonce would re-open its
//     replay window, so the store remembers the latest expiry it has forgotten (`forgottenThrough`) and
//     its user refuses whatever would be stored with an expiry no later than that: a replay of a
//     forgotten nonce is still refused, as stale rather than as seen.
//
// Reclaiming is bounded work: a cursor walks the entries in insertion order, a slice per timer tick (a
// whole pass about every 30 s) and a few entries per insert into a full store, so a flood of refused
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

export function createMemoryKv({ maxEntries, whenFull = 'refuse', now = Date.now, sweepIntervalMs = 1_000 }: MemoryKvOptions): MemoryKv {
  const entries = new Map<string, Entry>();
  const startedAt = now();
  let cursor: MapIterator<[string, Entry]> | undefined;
  // 'forget-oldest': a second cursor that stays at the oldest entry (Map order is insertion order, and
  // every entry before it has been deleted), so forgetting one is constant work, not a scan from the front.
  let oldest: MapIterator<[string, Entry]> | undefined;
  let forgottenThrough = -Infinity;
  let forgottenLive = 0;

  /** Examines up to `limit` entries from where the last call stopped, deleting the expired ones. */
  const reclaim = (limit: number) => {
    const t = now();
    for (let examined = 0; examined < limit && entries.size > 0; examined++) {
      cursor ??= entries.entries();
      const next = cursor.next();
      if (next.done) {
        cursor = undefined;
        continue;
      }
      const [key, entry] = next.value;
      if (entry.expiresAt <= t) entries.delete(key);
    }
  };
  const slice = Math.max(RECLAIM_PER_FULL_INSERT, Math.ceil(maxEntries / TICKS_PER_PASS));
  const timer = setInterval(() => reclaim(slice), sweepIntervalMs);
  timer.unref();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  /** Deletes the oldest entry; a live one raises `forgottenThrough` to its expiry. */
  const forgetOldest = () => {
    let next = oldest?.next();
    if (!next || next.done) {
      oldest = entries.entries();
      next = oldest.next();
    }
    if (next.done) return;
    const [key, entry] = next.value;
    entries.delete(key);
    if (entry.expiresAt > now()) {
      forgottenThrough = Math.max(forgottenThrough, entry.expiresAt);
      forgottenLive += 1;
    }
  };
  const insert = (key: string, entry: Entry) => {
    if (entries.size >= maxEntries && !entries.has(key)) {
      // Expired entries go first: forgetting them costs nothing.
      reclaim(RECLAIM_PER_FULL_INSERT);
      if (entries.size >= maxEntries) {
        if (whenFull === 'refuse') throw new KvCapacityError(`embedded kv store is full (${maxEntries} entries)`);
        forgetOldest();
      }
    }
    entries.set(key, entry);
  };
  const checkTtl = (ttlMs: number) => {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
  };
  const checkAmount = (by: number) => {
    if (!Number.isSafeInteger(by) || by <= 0) throw new RangeError('by must be a positive integer');
  };

  return {
    async setIfAbsent(key, value, ttlMs) {
      checkTtl(ttlMs);
      if (live(key)) return false;
      insert(key, { value, expiresAt: now() + ttlMs });
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
      insert(key, { value: String(by), expiresAt: now() + ttlMs });
      return by;
    },
    async get(key) {
      return live(key)?.value;
    },
    async delete(key) {
      entries.delete(key);
    },
    async ping() {},
    async close() {
      clearInterval(timer);
      entries.clear();
      cursor = undefined;
      oldest = undefined;
    },
    size: () => entries.size,
    usage: () => ({ entries: entries.size, maxEntries, whenFull, forgottenLive }),
    forgottenThrough: () => forgottenThrough,
    startedAt,
  };
}
