// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// The keys a database's sealed fields were written with (docs/operations.md "Backups and restore"): one
// verifier per key (db/key-checks.ts), recorded at the first start, compared at every start after.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_checks')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('verifier', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('key_checks').execute();
}
