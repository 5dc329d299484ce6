// Storage (docs/operations.md "Storage"): one Kysely handle, migrated at start, closed on shutdown. Each
// module builds its own repositories over it (docs/architecture.md "Modules").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseConfig, UpstreamTimeouts } from '../config/index.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { migrateToLatest, migrationsOfNewerReleases } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { database: DatabaseConfig; timeouts: UpstreamTimeouts }) => {
    const handle = connectDatabase(opts.database, {
      onIdleConnectionError: (error) => fastify.log.warn({ err: error }, 'database dropped an idle connection'),
      timeouts: opts.timeouts,
      onQuery: fastify.instruments.databaseQuery?.(opts.database.kind),
    });
    fastify.addHook('onClose', async () => handle.close());
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) fastify.log.info({ applied, engine: handle.engine }, 'database migrated');
    // A rolling upgrade or a rollback (docs/operations.md "Migrations that never break the running version").
    const newer = await migrationsOfNewerReleases(handle.db);
    if (newer.length > 0) fastify.log.info({ newer, engine: handle.engine }, 'database already migrated by a newer release');
    fastify.decorate('database', handle);
  },
  { name: 'database', fastify: '5.x', dependencies: ['instruments'] },
);
