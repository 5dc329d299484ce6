// The same KvStore suite on the embedded store and on the local Redis (127.0.0.1:6379, REDIS_TEST_URL)
// under a per-run key prefix whose keys are deleted afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { KvCapacityError, type KvStore } from './kv-store.js';
import { RECLAIM_PER_FULL_INSERT, createMemoryKv } from './memory-kv.js';
import { createRedisKv } from './redis-kv.js';

const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tyd-test-${randomBytes(6).toString('hex')}:`;

const stores: Array<[string, () => KvStore]> = [
  ['memory', () => createMemoryKv({ maxEntries: 1_000 })],
  ['redis', () => createRedisKv({ url: REDIS_TEST_URL, keyPrefix: prefix })],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(async () => {
  // Remove whatever this run left under its prefix.
  const { redis } = createRedisKv({ url: REDIS_TEST_URL, keyPrefix: '' });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  expect(await redis.keys(`${prefix}*`)).toEqual([]);
  await redis.quit();
});

describe.each(stores)('%s kv store', (_name, make) => {
  it('sets a key only when absent, until it expires', async () => {
    const kv = make();
    try {
      await kv.ping();
      expect(await kv.setIfAbsent('nonce:a', '1', 150)).toBe(true);
      expect(await kv.setIfAbsent('nonce:a', '2', 150)).toBe(false);
      expect(await kv.get('nonce:a')).toBe('1');
      await sleep(250);
      expect(await kv.get('nonce:a')).toBeUndefined();
      expect(await kv.setIfAbsent('nonce:a', '3', 150)).toBe(true);
    } finally {
      await kv.close();
    }
  });

  it('counts within a window that starts at the first increment', async () => {
    const kv = make();
    try {
      expect(await kv.increment('count:a', 150)).toBe(1);
      expect(await kv.increment('count:a', 150)).toBe(2);
      expect(await kv.increment('count:a', 150)).toBe(3);
      await sleep(250);
      expect(await kv.increment('count:a', 150)).toBe(1);
    } finally {
      await kv.close();
    }
  });

  it('adds amounts atomically, the first one starting the window', async () => {
    const kv = make();
    try {
      // 50 parallel additions of 1..50: none lost, whatever order they land in.
      const totals = await Promise.all(Array.from({ length: 50 }, (_, i) => kv.increment('bytes:a', 150, i + 1)));
      expect(Math.max(...totals)).toBe(1_275);
      expect(new Set(totals).size).toBe(50);
      await sleep(250);
      expect(await kv.increment('bytes:a', 150, 7)).toBe(7);
      expect(await kv.increment('bytes:a', 150)).toBe(8);
      await expect(kv.increment('bytes:a', 150, 0)).rejects.toThrow(RangeError);
      await expect(kv.increment('bytes:a', 150, -5)).rejects.toThrow(RangeError);
      await expect(kv.increment('bytes:a', 150, 1.5)).rejects.toThrow(RangeError);
    } finally {
      await kv.close();
    }
  });

  it('takes back from a live counter, never below zero, never creating one, keeping its window', async () => {
    const kv = make();
    try {
      expect(await kv.increment('tries:a', 200)).toBe(1);
      expect(await kv.increment('tries:a', 200)).toBe(2);
      await kv.decrement('tries:a');
      expect(await kv.get('tries:a')).toBe('1');
      await kv.decrement('tries:a', 5);
      expect(await kv.get('tries:a')).toBe('0');
      await kv.decrement('none:a');
      expect(await kv.get('none:a')).toBeUndefined();
      await expect(kv.decrement('tries:a', 0)).rejects.toThrow(RangeError);
      // 20 reservations, 10 of them taken back in parallel: none lost.
      await Promise.all(Array.from({ length: 20 }, () => kv.increment('tries:b', 200)));
      await Promise.all(Array.from({ length: 10 }, () => kv.decrement('tries:b')));
      expect(await kv.get('tries:b')).toBe('10');
      // The window that the first increment started still ends on time.
      await sleep(300);
      expect(await kv.get('tries:a')).toBeUndefined();
      expect(await kv.increment('tries:a', 200)).toBe(1);
    } finally {
      await kv.close();
    }
  });

  it('gives exactly one winner to concurrent set-if-absent calls', async () => {
    const kv = make();
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent('lock:x', String(i), 5_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
      await kv.delete('lock:x');
      expect(await kv.get('lock:x')).toBeUndefined();
    } finally {
      await kv.close();
    }
  });

  it('rejects a non-positive ttl', async () => {
    const kv = make();
    try {
      await expect(kv.setIfAbsent('k', 'v', 0)).rejects.toThrow(RangeError);
      await expect(kv.increment('k', -1)).rejects.toThrow(RangeError);
    } finally {
      await kv.close();
    }
  });
});

describe('memory kv store bounds', () => {
  it('refuses new keys when full of live entries, and frees expired ones first', async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, now: () => t });
    try {
      for (let i = 0; i < 1_000; i++) expect(await kv.setIfAbsent(`k${i}`, 'v', 100)).toBe(true);
      await expect(kv.setIfAbsent('one-more', 'v', 100)).rejects.toThrow(KvCapacityError);
      // Live entries were not evicted: a seen nonce stays seen.
      expect(await kv.setIfAbsent('k0', 'v', 100)).toBe(false);
      t = 100;
      expect(await kv.setIfAbsent('one-more', 'v', 100)).toBe(true);
      expect(kv.usage()).toEqual({ entries: kv.size(), maxEntries: 1_000, whenFull: 'refuse', forgottenLive: 0, keptEntries: 0, maxKeptEntries: 0 });
      expect(kv.forgottenThrough()).toBe(-Infinity);
    } finally {
      await kv.close();
    }
  });

  it('reclaims a bounded number of entries per insert into a full store, never the whole map', async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, now: () => t });
    try {
      for (let i = 0; i < 1_000; i++) await kv.setIfAbsent(`k${i}`, 'v', 100);
      t = 100;
      // Every entry has expired: each insert frees room by examining at most RECLAIM_PER_FULL_INSERT of
      // them, and leaves the rest to the periodic reclaim.
      for (let i = 0; i < 100; i++) {
        expect(await kv.setIfAbsent(`new${i}`, 'v', 100)).toBe(true);
        expect(kv.size()).toBeGreaterThan(1_000 - (i + 1) * RECLAIM_PER_FULL_INSERT);
      }
      expect(kv.size()).toBeLessThanOrEqual(1_000);
      // Refused inserts into a store full of live entries keep the live ones.
      for (let i = 0; i < 1_000; i++) await kv.increment(`live${i}`, 10_000).catch(() => undefined);
      expect(kv.size()).toBe(1_000);
      await expect(kv.setIfAbsent('refused', 'v', 100)).rejects.toThrow(KvCapacityError);
      expect(await kv.get('new99')).toBe('v');
    } finally {
      await kv.close();
    }
  });

  it('reclaims expired entries in the background, a slice per tick', async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 3_000, now: () => t, sweepIntervalMs: 5 });
    try {
      for (let i = 0; i < 3_000; i++) await kv.setIfAbsent(`k${i}`, 'v', 100);
      t = 100;
      await vi.waitFor(() => expect(kv.size()).toBe(0), { timeout: 5_000, interval: 10 });
    } finally {
      await kv.close();
    }
  });

  it('says since when it remembers', async () => {
    const kv = createMemoryKv({ maxEntries: 1_000, now: () => 1_234 });
    expect(kv.startedAt).toBe(1_234);
    await kv.close();
  });

  it("'forget-oldest': a full store forgets its oldest entry per insert and says the latest expiry it forgot", async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, whenFull: 'forget-oldest', now: () => t });
    try {
      // Entry i expires at 10_000 + i: insertion order is expiry order here.
      for (let i = 0; i < 1_000; i++) expect(await kv.setIfAbsent(`k${i}`, 'v', 10_000 + i)).toBe(true);
      expect(kv.forgottenThrough()).toBe(-Infinity);
      // 3,000 more inserts, far beyond the bound: none refused, the size stays at the bound.
      for (let i = 1_000; i < 4_000; i++) {
        t += 1;
        expect(await kv.setIfAbsent(`k${i}`, 'v', 10_000)).toBe(true);
        expect(kv.size()).toBe(1_000);
      }
      // The newest 1,000 are all remembered (a replay of any of them is refused as seen) …
      for (let i = 3_000; i < 4_000; i++) expect(await kv.setIfAbsent(`k${i}`, 'x', 10_000)).toBe(false);
      // … and the forgotten ones are covered by forgottenThrough: the last one forgotten (k2999, written at
      // t = 2_000 with 10 s to live) expires at 12_000.
      expect(await kv.get('k2999')).toBeUndefined();
      expect(kv.forgottenThrough()).toBe(12_000);
      expect(kv.usage()).toEqual({ entries: 1_000, maxEntries: 1_000, whenFull: 'forget-oldest', forgottenLive: 3_000, keptEntries: 0, maxKeptEntries: 0 });
    } finally {
      await kv.close();
    }
  });

  it("'forget-oldest': frees expired entries before forgetting a live one", async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, whenFull: 'forget-oldest', now: () => t, sweepIntervalMs: 60_000 });
    try {
      // Short-lived entries interleaved with long-lived ones (counters among nonces): once the short ones
      // have expired, each insert reclaims them (RECLAIM_PER_FULL_INSERT per insert, or the oldest entry
      // when it is expired) and no live entry is forgotten.
      for (let i = 0; i < 500; i++) {
        await kv.setIfAbsent(`short${i}`, 'v', 100);
        await kv.setIfAbsent(`live${i}`, 'v', 1_000_000);
      }
      t = 100;
      for (let i = 0; i < 500; i++) expect(await kv.setIfAbsent(`new${i}`, 'v', 1_000_000)).toBe(true);
      expect(kv.usage().forgottenLive).toBe(0);
      expect(kv.forgottenThrough()).toBe(-Infinity);
      for (let i = 0; i < 500; i++) expect(await kv.get(`live${i}`)).toBe('v');
      // Full of live entries now: the next insert forgets the oldest live one.
      await kv.setIfAbsent('one-more', 'v', 1_000_000);
      expect(await kv.get('live0')).toBeUndefined();
      expect(kv.forgottenThrough()).toBe(1_000_000);
    } finally {
      await kv.close();
    }
  });

  it("'forget-oldest': counters keep counting at the bound, and a forgotten counter starts again from one", async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, whenFull: 'forget-oldest', now: () => t });
    try {
      expect(await kv.increment('count', 60_000)).toBe(1);
      for (let i = 0; i < 999; i++) await kv.setIfAbsent(`k${i}`, 'v', 60_000);
      // The counter is the oldest entry and still counts in place (no new key, nothing forgotten).
      expect(await kv.increment('count', 60_000)).toBe(2);
      expect(kv.usage().forgottenLive).toBe(0);
      t = 1;
      await kv.setIfAbsent('one-more', 'v', 60_000);
      expect(await kv.get('count')).toBeUndefined();
      expect(kv.forgottenThrough()).toBe(60_000);
    } finally {
      await kv.close();
    }
  });

  it("'forget-oldest': entries written with keep are never forgotten, take at most their share, and never move forgottenThrough", async () => {
    let t = 0;
    const kv = createMemoryKv({ maxEntries: 1_000, whenFull: 'forget-oldest', maxKeptEntries: 100, now: () => t, sweepIntervalMs: 60_000 });
    try {
      // 100 kept entries that outlive everything else (nonces stamped ahead), then a refusal: their share is full.
      for (let i = 0; i < 100; i++) expect(await kv.setIfAbsent(`ahead${i}`, 'v', 360_000, { keep: true })).toBe(true);
      await expect(kv.setIfAbsent('ahead-more', 'v', 360_000, { keep: true })).rejects.toThrow(KvCapacityError);
      // 5,000 ordinary entries through the other 900 places: forgotten oldest first, never a kept one.
      for (let i = 0; i < 5_000; i++) {
        t += 1;
        expect(await kv.setIfAbsent(`k${i}`, 'v', 300_000)).toBe(true);
      }
      expect(kv.size()).toBe(1_000);
      for (let i = 0; i < 100; i++) expect(await kv.get(`ahead${i}`)).toBe('v');
      // Seen whichever way it is asked for again.
      expect(await kv.setIfAbsent('ahead7', 'x', 300_000)).toBe(false);
      expect(await kv.setIfAbsent('ahead7', 'x', 360_000, { keep: true })).toBe(false);
      // The latest expiry forgotten is an ordinary entry's (k4099, written at t = 4_100), not 360_000.
      expect(kv.forgottenThrough()).toBe(4_100 + 300_000);
      expect(kv.usage()).toMatchObject({ entries: 1_000, keptEntries: 100, maxKeptEntries: 100, forgottenLive: 4_100 });
      // Expired kept entries make room again.
      t = 360_000;
      expect(await kv.setIfAbsent('ahead-later', 'v', 360_000, { keep: true })).toBe(true);
      await kv.delete('ahead-later');
      expect(await kv.get('ahead-later')).toBeUndefined();
    } finally {
      await kv.close();
    }
  });

  it('takes kept entries only into a forget-oldest store, below its bound', () => {
    expect(() => createMemoryKv({ maxEntries: 1_000, maxKeptEntries: 10 })).toThrow(RangeError);
    expect(() => createMemoryKv({ maxEntries: 1_000, whenFull: 'forget-oldest', maxKeptEntries: 1_000 })).toThrow(RangeError);
  });
});
