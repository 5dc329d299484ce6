// In-process KvStore: bounded memory, expiry checked on read and swept periodically. When it is full of
// live entries it refuses new keys (KvCapacityError) instead of evicting one, because evicting a seen
// nonce would re-open a replay window. One process only; several processes need Redis.
import { KvCapacityError, type KvStore } from './kv-store.js';

interface Entry {
  value: string;
  expiresAt: number;
}

export interface MemoryKvOptions {
  maxEntries: number;
  /** Injected for tests; defaults to Date.now. */
  now?: () => number;
  sweepIntervalMs?: number;
}

export function createMemoryKv({ maxEntries, now = Date.now, sweepIntervalMs = 30_000 }: MemoryKvOptions): KvStore & { size(): number } {
  const entries = new Map<string, Entry>();

  const sweep = () => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  };
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const insert = (key: string, entry: Entry) => {
    if (entries.size >= maxEntries && !entries.has(key)) {
      sweep();
      if (entries.size >= maxEntries) throw new KvCapacityError(`embedded kv store is full (${maxEntries} live entries)`);
    }
    entries.set(key, entry);
  };
  const checkTtl = (ttlMs: number) => {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
  };

  return {
    async setIfAbsent(key, value, ttlMs) {
      checkTtl(ttlMs);
      if (live(key)) return false;
      insert(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async increment(key, ttlMs) {
      checkTtl(ttlMs);
      const entry = live(key);
      if (entry) {
        entry.value = String(Number(entry.value) + 1);
        return Number(entry.value);
      }
      insert(key, { value: '1', expiresAt: now() + ttlMs });
      return 1;
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
    },
    size: () => entries.size,
  };
}
