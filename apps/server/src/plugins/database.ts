// Storage (issue 3): one Kysely handle, migrated at start, its repositories, closed on shutdown.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { createSessionsRepository, type SessionsRepository } from '../db/sessions-repository.js';
import { createUsersRepository, type UsersRepository } from '../db/users-repository.js';
import { createAuthorizationCodesRepository, type AuthorizationCodesRepository } from '../db/authorization-codes-repository.js';
import { createConsentsRepository, type ConsentsRepository } from '../db/consents-repository.js';
import { createProfilesRepository, type ProfilesRepository } from '../db/profiles-repository.js';
import { createRetainedRecordsRepository, type RetainedRecordsRepository } from '../db/retained-records-repository.js';
import { createPhoneProtection } from '../services/phone-protection.js';

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  profiles: ProfilesRepository;
  consents: ConsentsRepository;
  authorizationCodes: AuthorizationCodesRepository;
  retainedRecords: RetainedRecordsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    repos: Repositories;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { database: Config['database']; phoneHashKey: string; dataKey: string }) => {
    const handle = connectDatabase(opts.database, {
      onIdleConnectionError: (error) => fastify.log.warn({ err: error }, 'database dropped an idle connection'),
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
