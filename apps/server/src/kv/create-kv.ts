import type { StorageConfig } from '../config/index.js';
import type { KvStore } from './kv-store.js';
import { createMemoryKv } from './memory-kv.js';
import { createRedisKv } from './redis-kv.js';

export function createKv(config: Pick<StorageConfig, 'redis' | 'kvMaxEntries' | 'upstreamTimeouts'>, onConnectionError?: (error: Error) => void): KvStore {
  const timeouts = config.upstreamTimeouts;
  return config.redis
    ? createRedisKv({ ...config.redis, connectTimeoutMs: timeouts.redisConnectMs, commandTimeoutMs: timeouts.redisCommandMs, onConnectionError })
    : createMemoryKv({ maxEntries: config.kvMaxEntries });
}
