// KvStore on Redis (REDIS_URL), shared by every server process. All keys carry a prefix, so several
// deployments (and test runs) can share one Redis.
import { Redis } from 'ioredis';
import type { KvStore } from './kv-store.js';

// INCR and PEXPIRE in one script, so a crash between them cannot leave a counter that never expires.
const INCREMENT_SCRIPT = `local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

export function createRedisKv({ url, keyPrefix }: { url: string; keyPrefix: string }): KvStore & { redis: Redis } {
  const redis = new Redis(url, { keyPrefix, lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand('tydIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  const checkTtl = (ttlMs: number) => {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
  };
  return {
    redis,
    async setIfAbsent(key, value, ttlMs) {
      checkTtl(ttlMs);
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async increment(key, ttlMs) {
      checkTtl(ttlMs);
      const run = (redis as unknown as { tydIncrement(key: string, ttl: number): Promise<number> }).tydIncrement;
      return Number(await run.call(redis, key, ttlMs));
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async delete(key) {
      await redis.del(key);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}
