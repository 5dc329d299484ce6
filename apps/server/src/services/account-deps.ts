// What the issue 5 services work with; built once by plugins/accounts.ts.
import type { Kysely } from 'kysely';
import type { AccountsConfig } from '../config.js';
import type { AuthorizationCodesRepository } from '../db/authorization-codes-repository.js';
import type { ConsentsRepository } from '../db/consents-repository.js';
import type { ProfilesRepository } from '../db/profiles-repository.js';
import type { RetainedRecordsRepository } from '../db/retained-records-repository.js';
import type { Database } from '../db/schema.js';
import type { SessionsRepository } from '../db/sessions-repository.js';
import type { UsersRepository } from '../db/users-repository.js';
import type { KvStore } from '../kv/kv-store.js';
import type { LegalDocuments } from './legal-documents.js';
import type { PhoneProtection } from './phone-protection.js';
import type { RetainedRecordCrypto } from './retained-records.js';
import type { SmsCodes } from './sms-codes.js';

export interface AccountDeps {
  db: Kysely<Database>;
  kv: KvStore;
  repos: {
    users: UsersRepository;
    sessions: SessionsRepository;
    profiles: ProfilesRepository;
    consents: ConsentsRepository;
    authorizationCodes: AuthorizationCodesRepository;
    retainedRecords: RetainedRecordsRepository;
  };
  phones: PhoneProtection;
  smsCodes: SmsCodes;
  legal: LegalDocuments;
  retained: RetainedRecordCrypto;
  config: AccountsConfig;
}
