// The short-lived store every API request writes before it is served: its nonce, and its address's and
// session's budget counters of the minute when it is their first call in it, so up to three entries a call
// (api-pipeline.ts). Kept apart from `fastify.kv`, the security state (SMS codes, cooldowns, locks, attempt
// counters), so that a flood of requests can fill only this store: it can never make an SMS lock be refused
// or forgotten. In-process: its own bound, REQUEST_KV_MAX_ENTRIES, and at the bound it forgets its oldest
// entries instead of refusing calls (the pipeline then refuses timestamps older than what it still
// remembers: api-pipeline.ts step 3, docs/operations.md "Short-lived state"), except the nonces of calls
// stamped ahead of the server clock, which it keeps in a tenth of the bound (KEPT_SHARE) and never forgets.
// With Redis both are the same Redis, which bounds its own memory (docs/operations.md).
//
// Also watches how full the in-process stores are: `kvUsage()` for /readyz, and a warning in the log
// when one is above 80% (checked every 10 s and on every /readyz, at most once a minute per store).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../config/index.js';
import type { KvStore, KvUsage } from '../kv/kv-store.js';
import { createMemoryKv } from '../kv/memory-kv.js';

export type StoreName = 'requests' | 'state';
export type StoreUsage = KvUsage & { store: StoreName; full: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    requestKv: KvStore;
    /** Fill of the in-process stores (empty with Redis); logs a warning for those above HIGH_USAGE. */
    kvUsage(): StoreUsage[];
  }
}

const HIGH_USAGE = 0.8;
/**
 * The share of the request store's bound for nonces stamped ahead of the server clock (api-pipeline.ts step
 * 4): room for honest clients whose clock runs ahead until they adopt the server's, and all a flood stamped
 * ahead can take (one address at the default budget holds at most about 7,200 of them).
 */
const KEPT_SHARE = 0.1;
const CHECK_MS = 10_000;
const WARN_EVERY_MS = 60_000;

export default fp(
  async (fastify: FastifyInstance, opts: Pick<StorageConfig, 'redis' | 'requestKvMaxEntries'>) => {
    const requestKv = opts.redis
      ? fastify.kv
      : fastify.instruments.store(
          'requests',
          'memory',
          createMemoryKv({
            maxEntries: opts.requestKvMaxEntries,
            whenFull: 'forget-oldest',
            maxKeptEntries: Math.floor(opts.requestKvMaxEntries * KEPT_SHARE),
            now: fastify.clock,
          }),
        );
    if (requestKv !== fastify.kv) fastify.addHook('onClose', async () => requestKv.close());
    fastify.decorate('requestKv', requestKv);

    const stores: Array<[StoreName, KvStore]> = [
      ['requests', requestKv],
      ['state', fastify.kv],
    ];
    const warnedAt = new Map<StoreName, number>();
    const kvUsage = (): StoreUsage[] => {
      const now = Date.now();
      const usages: StoreUsage[] = [];
      for (const [store, kv] of stores) {
        const usage = kv.usage?.();
        if (!usage) continue;
        usages.push({ store, ...usage, full: usage.entries >= usage.maxEntries });
        if (usage.entries >= HIGH_USAGE * usage.maxEntries && now - (warnedAt.get(store) ?? -Infinity) >= WARN_EVERY_MS) {
          warnedAt.set(store, now);
          fastify.log.warn(
            {
              store,
              entries: usage.entries,
              maxEntries: usage.maxEntries,
              whenFull: usage.whenFull,
              forgottenLive: usage.forgottenLive,
              keptEntries: usage.keptEntries,
              maxKeptEntries: usage.maxKeptEntries,
            },
            'short-lived store above 80% of its bound',
          );
        }
      }
      return usages;
    };
    fastify.decorate('kvUsage', kvUsage);
    const timer = setInterval(kvUsage, CHECK_MS).unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'request-kv', fastify: '5.x', dependencies: ['kv', 'clock', 'instruments'] },
);
