// Storage (docs/operations.md "Storage"): one Kysely handle, migrated at start, its repositories, closed on shutdown.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Repositories } from '../db/repositories.js';
import { createSessionsRepository } from '../db/sessions-repository.js';
import { createUsersRepository } from '../db/users-repository.js';
import { createAuthorizationCodesRepository } from '../db/authorization-codes-repository.js';
import { createConsentsRepository } from '../db/consents-repository.js';
import { createProfilesRepository } from '../db/profiles-repository.js';
import { createRetainedRecordsRepository } from '../db/retained-records-repository.js';
import { createPhoneProtection } from '../services/phone-protection.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    repos: Repositories;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { database: Config['database']; timeouts: Config['upstreamTimeouts']; phoneHashKey: string; dataKey: string }) => {
    const handle = connectDatabase(opts.database, {
      onIdleConnectionError: (error) => fastify.log.warn({ err: error }, 'database dropped an idle connection'),
      timeouts: opts.timeouts,
    });
    fastify.addHook('onClose', async () => handle.close());
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) fastify.log.info({ applied, engine: handle.engine }, 'database migrated');
    fastify.decorate('database', handle);
    fastify.decorate('repos', {
      users: createUsersRepository(handle.db, createPhoneProtection(opts)),
      sessions: createSessionsRepository(handle.db),
      profiles: createProfilesRepository(handle.db),
      consents: createConsentsRepository(handle.db),
      authorizationCodes: createAuthorizationCodesRepository(handle.db),
      retainedRecords: createRetainedRecordsRepository(handle.db),
    });
  },
  { name: 'database', fastify: '5.x' },
);
