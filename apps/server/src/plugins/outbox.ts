// The outbox (outbox/outbox.ts; docs/architecture.md "Side effects: the outbox"): decorates the instance
// as fastify.outbox for the modules that emit events and handle topics, starts the worker once the server
// is ready (every topic's handler is registered by then) and stops it before the database closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutboxConfig } from '../config/index.js';
import { createOutbox, type Outbox } from '../outbox/outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { outbox: OutboxConfig }) => {
    const outbox = createOutbox({
      db: fastify.database.db,
      engine: fastify.database.engine,
      clock: () => fastify.clock(),
      options: opts.outbox,
      log: fastify.log,
    });
    fastify.decorate('outbox', outbox);
    fastify.addHook('onReady', async () => {
      outbox.start();
      // What an earlier process left (killed between a commit and its delivery) goes out now, not a poll later.
      void outbox.drain().catch((error: unknown) => fastify.log.error({ err: error }, 'outbox pass failed'));
    });
    fastify.addHook('preClose', async () => outbox.stop());
  },
  { name: 'outbox', fastify: '5.x', dependencies: ['database', 'clock'] },
);
