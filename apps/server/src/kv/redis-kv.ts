// KvStore on Redis (REDIS_URL), shared by every server process. All keys carry a prefix, so several
// deployments (and test runs) can share one Redis.
import { Redis } from 'ioredis';
import type { KvStore } from './kv-store.js';

// INCRBY and PEXPIRE in one script, so a crash between them cannot leave a counter that never expires.
// Amounts are positive, so the value equals the amount only on the increment that created the key.
const INCREMENT_SCRIPT = `local v = redis.call('INCRBY', KEYS[1], ARGV[2])
if v == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

// DECRBY keeps the key's expiry; a missing key stays missing (DECRBY alone would create one without expiry).
const DECREMENT_SCRIPT = `local v = redis.call('GET', KEYS[1])
if not v then return 0 end
return redis.call('DECRBY', KEYS[1], math.min(tonumber(v), tonumber(ARGV[1])))`;

export interface RedisKvOptions {
  url: string;
  keyPrefix: string;
  /** Config's REDIS_CONNECT_TIMEOUT_MS / REDIS_COMMAND_TIMEOUT_MS; tests' direct stores may leave them out. */
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  /** Told of connection errors (ioredis reconnects by itself); without a listener ioredis prints them. */
  onConnectionError?: (error: Error) => void;
}

export function createRedisKv({ url, keyPrefix, connectTimeoutMs, commandTimeoutMs, onConnectionError }: RedisKvOptions): KvStore & { redis: Redis } {
  // Bounded everywhere (ioredis options, https://github.com/redis/ioredis): a connection attempt gives up
  // after connectTimeout; a command, also one waiting in the offline queue for a connection, is rejected
  // after commandTimeout; a socket that owes an answer and stays silent that long is destroyed and
  // reconnected (socketTimeout), which is how a black-holed link is left. The offline queue stays (commands
  // issued while connecting at start wait for the connection) but cannot grow without end: each
  // reconnection beyond maxRetriesPerRequest empties it with errors.
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    ...(connectTimeoutMs !== undefined && { connectTimeout: connectTimeoutMs }),
    ...(commandTimeoutMs !== undefined && { commandTimeout: commandTimeoutMs, socketTimeout: commandTimeoutMs }),
  });
  redis.on('error', (error: Error) => onConnectionError?.(error));
  redis.defineCommand('tydIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  redis.defineCommand('tydDecrement', { numberOfKeys: 1, lua: DECREMENT_SCRIPT });
  const checkTtl = (ttlMs: number) => {
    if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError('ttlMs must be a positive integer');
  };
  return {
    redis,
    async setIfAbsent(key, value, ttlMs) {
      checkTtl(ttlMs);
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async increment(key, ttlMs, by = 1) {
      checkTtl(ttlMs);
      if (!Number.isSafeInteger(by) || by <= 0) throw new RangeError('by must be a positive integer');
      const run = (redis as unknown as { tydIncrement(key: string, ttl: number, by: number): Promise<number> }).tydIncrement;
      return Number(await run.call(redis, key, ttlMs, by));
    },
    async decrement(key, by = 1) {
      if (!Number.isSafeInteger(by) || by <= 0) throw new RangeError('by must be a positive integer');
      const run = (redis as unknown as { tydDecrement(key: string, by: number): Promise<number> }).tydDecrement;
      await run.call(redis, key, by);
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
      // QUIT needs a live connection; without one the socket is just dropped (QUIT would wait in the queue).
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
