// What the account services work with; built once by plugins/accounts.ts.
import type { Kysely } from 'kysely';
import type { AccountsConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Repositories } from '../db/repositories.js';
import type { Database } from '../db/schema.js';
import type { KvStore } from '../kv/kv-store.js';
import type { LegalDocuments } from './legal-documents.js';
import type { PhoneProtection } from './phone-protection.js';
import type { RetainedRecordCrypto } from './retained-records.js';
import type { SmsCodes } from './sms-codes.js';

export interface AccountDeps {
  db: Kysely<Database>;
  /** Erases deleted rows from the database files (connect.ts). */
  flushDeletions: DatabaseHandle['flushDeletions'];
  kv: KvStore;
  repos: Repositories;
  phones: PhoneProtection;
  smsCodes: SmsCodes;
  legal: LegalDocuments;
  retained: RetainedRecordCrypto;
  config: AccountsConfig;
}
