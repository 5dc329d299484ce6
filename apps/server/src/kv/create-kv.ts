import type { Config } from '../config.js';
import type { KvStore } from './kv-store.js';
import { createMemoryKv } from './memory-kv.js';
import { createRedisKv } from './redis-kv.js';

export function createKv(config: Pick<Config, 'redis' | 'kvMaxEntries'>): KvStore {
  return config.redis ? createRedisKv(config.redis) : createMemoryKv({ maxEntries: config.kvMaxEntries });
}
