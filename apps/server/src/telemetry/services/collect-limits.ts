// What one client address and the whole service may send to the analytics collector (docs/telemetry.md
// "Collector limits"). Everything is counted with the short-lived store's atomic increment, so parallel
// batches cannot slip past a limit, and with Redis every server process counts against the same keys.
//  - Per client address (IPv6: per /64, client-address.ts) and fixed minute: batches and bytes received,
//    refused ones included: reading them is what a flood costs.
//  - Per China day (@tyd/protocol's china-time.ts, like the SMS daily cap): bytes of the records stored, reserved before
//    the insert, so the stored total never passes the quota however many batches race. A reservation that
//    crosses the quota is refused and stays counted: every later batch of that day is refused anyway.
import type { KvStore } from '../../kv/kv-store.js';
import { chinaDay, chinaDayEnd } from '@tyd/protocol';

const MINUTE_MS = 60_000;

export interface CollectLimits {
  batchesPerMinute: number;
  bytesPerMinute: number;
  storedBytesPerDay: number;
}

/** Seconds until a refused client may try again (Retry-After), at least one. */
const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));
const dayKey = (day: number) => `collect:stored:${day}`;

/** Counts one batch of `bytes` from `address`; the seconds to wait when it is over a per-minute budget. */
export async function chargeAddress(kv: KvStore, limits: CollectLimits, address: string, bytes: number, now: number): Promise<number | undefined> {
  const window = Math.floor(now / MINUTE_MS);
  const batches = await kv.increment(`collect:${window}:${address}`, MINUTE_MS);
  const received = bytes > 0 ? await kv.increment(`collect:bytes:${window}:${address}`, MINUTE_MS, bytes) : 0;
  if (batches <= limits.batchesPerMinute && received <= limits.bytesPerMinute) return undefined;
  return secondsUntil((window + 1) * MINUTE_MS, now);
}

/** The seconds until the next China day when today's quota is used up already (checked before parsing). */
export async function dailyQuotaWait(kv: KvStore, limits: CollectLimits, now: number): Promise<number | undefined> {
  const day = chinaDay(now);
  const stored = Number((await kv.get(dayKey(day))) ?? 0);
  return stored >= limits.storedBytesPerDay ? secondsUntil(chinaDayEnd(day), now) : undefined;
}

/** Reserves `bytes` of today's quota; the seconds until the next China day when they do not fit. */
export async function reserveDailyBytes(kv: KvStore, limits: CollectLimits, bytes: number, now: number): Promise<number | undefined> {
  const day = chinaDay(now);
  const end = chinaDayEnd(day);
  // Kept a minute past the day's end: a batch read just before midnight still finds its count.
  const total = await kv.increment(dayKey(day), end - now + MINUTE_MS, bytes);
  return total > limits.storedBytesPerDay ? secondsUntil(end, now) : undefined;
}
