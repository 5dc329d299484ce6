// The account module's repositories as one set, built once by account-module.ts over the one database handle.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PhoneProtection } from '../services/phone-protection.js';
import { createAuthorizationCodesRepository, type AuthorizationCodesRepository } from './authorization-codes-repository.js';
import { createConsentsRepository, type ConsentsRepository } from './consents-repository.js';
import { createLoginEventsRepository, type LoginEventsRepository } from './login-events-repository.js';
import { createProfilesRepository, type ProfilesRepository } from './profiles-repository.js';
import { createRetainedRecordsRepository, type RetainedRecordsRepository } from './retained-records-repository.js';
import { createSessionsRepository, type SessionsRepository } from './sessions-repository.js';
import { createUsersRepository, type UsersRepository } from './users-repository.js';

export interface AccountRepositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  profiles: ProfilesRepository;
  consents: ConsentsRepository;
  authorizationCodes: AuthorizationCodesRepository;
  retainedRecords: RetainedRecordsRepository;
  loginEvents: LoginEventsRepository;
}

export function createAccountRepositories(db: Kysely<Database>, phones: PhoneProtection): AccountRepositories {
  return {
    users: createUsersRepository(db, phones),
    sessions: createSessionsRepository(db),
    profiles: createProfilesRepository(db),
    consents: createConsentsRepository(db),
    authorizationCodes: createAuthorizationCodesRepository(db),
    retainedRecords: createRetainedRecordsRepository(db),
    loginEvents: createLoginEventsRepository(db),
  };
}
