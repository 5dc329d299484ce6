// Helpers over the KvStore interface (setIfAbsent / increment / get / delete) for the SMS code, sending and phone-change rules.
// Times that decide a rule are kept in the values and compared with the injected clock; the store's TTL
// only cleans up. So rules follow the service clock (tests move it; no sleeping), and a stale entry whose
// TTL has not run out yet (a clock moved ahead, or skew between processes) is treated as gone.
import type { KvStore } from '../../kv/kv-store.js';

/**
 * Claims `key` until `until` (service clock). Returns undefined when claimed, else the time the current
 * claim ends. Atomic when the store's and the service's clocks agree (setIfAbsent); a stale entry is
 * replaced.
 */
export async function claimUntil(kv: KvStore, key: string, now: number, until: number): Promise<number | undefined> {
  const ttl = Math.max(1, Math.ceil(until - now));
  if (await kv.setIfAbsent(key, String(until), ttl)) return undefined;
  const current = Number(await kv.get(key));
  if (Number.isFinite(current) && current > now) return current;
  await kv.delete(key);
  if (await kv.setIfAbsent(key, String(until), ttl)) return undefined;
  return Number(await kv.get(key)) || until;
}

/** Replaces the value under `key` (the store has no plain set: delete, then set if absent). */
export async function replace(kv: KvStore, key: string, value: string, ttlMs: number): Promise<void> {
  await kv.delete(key);
  if (!(await kv.setIfAbsent(key, value, ttlMs))) {
    // Someone wrote in between; the newest write wins, as a plain SET would.
    await kv.delete(key);
    await kv.setIfAbsent(key, value, ttlMs);
  }
}

/** A time until which something holds (a lock), or undefined when it does not hold at `now`. */
export async function activeUntil(kv: KvStore, key: string, now: number): Promise<number | undefined> {
  const value = Number(await kv.get(key));
  return Number.isFinite(value) && value > now ? value : undefined;
}
