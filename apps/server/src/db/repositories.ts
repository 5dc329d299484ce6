// The account repositories as one set: what the database plugin builds and the services work with.
import type { AuthorizationCodesRepository } from './authorization-codes-repository.js';
import type { ConsentsRepository } from './consents-repository.js';
import type { ProfilesRepository } from './profiles-repository.js';
import type { RetainedRecordsRepository } from './retained-records-repository.js';
import type { SessionsRepository } from './sessions-repository.js';
import type { UsersRepository } from './users-repository.js';

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  profiles: ProfilesRepository;
  consents: ConsentsRepository;
  authorizationCodes: AuthorizationCodesRepository;
  retainedRecords: RetainedRecordsRepository;
}
