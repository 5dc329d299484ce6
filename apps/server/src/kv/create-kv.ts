import type { StorageConfig } from '../config/index.js';
import type { KvStore } from './kv-store.js';
import { createMemoryKv } from './memory-kv.js';
import { createRedisKv } from './redis-kv.js';

/** `now`: the server's one clock (docs/architecture.md "One clock"), by which the embedded store expires entries; Redis keeps its own. */
export function createKv(
  config: Pick<StorageConfig, 'redis' | 'kvMaxEntries' | 'upstreamTimeouts'>,
  opts: { onConnectionError?: (error: Error) => void; now?: () => number } = {},
): KvStore {
  const timeouts = config.upstreamTimeouts;
  return config.redis
    ? createRedisKv({
        ...config.redis,
        connectTimeoutMs: timeouts.redisConnectMs,
        commandTimeoutMs: timeouts.redisCommandMs,
        onConnectionError: opts.onConnectionError,
      })
    : createMemoryKv({ maxEntries: config.kvMaxEntries, now: opts.now });
}
