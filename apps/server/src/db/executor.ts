import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repository method runs on: the database, or a transaction the caller opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
