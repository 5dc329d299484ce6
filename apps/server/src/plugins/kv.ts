// Short-lived shared state (nonces, counters, locks): embedded, or Redis when REDIS_URL is set.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../config/index.js';
import { createKv } from '../kv/create-kv.js';
import type { KvStore } from '../kv/kv-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    kv: KvStore;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: Pick<StorageConfig, 'redis' | 'kvMaxEntries' | 'upstreamTimeouts'>) => {
    const kv = createKv(opts, { onConnectionError: (error) => fastify.log.warn({ err: error }, 'redis connection error; reconnecting'), now: fastify.clock });
    fastify.addHook('onClose', async () => kv.close());
    fastify.decorate('kv', fastify.instruments.store('state', opts.redis ? 'redis' : 'memory', kv));
  },
  { name: 'kv', fastify: '5.x', dependencies: ['clock', 'instruments'] },
);
