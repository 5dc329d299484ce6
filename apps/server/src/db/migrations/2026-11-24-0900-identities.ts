// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Identity certification (docs/api.md "Identity certification"): one row per account, deleted with it
// (ON DELETE CASCADE). Everything personal is ciphertext (identity-cipher.ts); id_hash is the keyed hash
// of the ID number, unique, so one identity belongs to one account even under parallel certifications.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(24)', (c) => c.notNull())
    .addColumn('portrait_enc', 'text')
    .addColumn('emblem_enc', 'text')
    .addColumn('identity_enc', 'text')
    .addColumn('id_hash', 'varchar(64)')
    .addColumn('face_session_enc', 'text')
    .addColumn('face_expires_at', 'bigint')
    .addColumn('failure_reason', 'varchar(32)')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // NULLs do not collide in a unique index on either engine: only claimed identities are unique.
  await db.schema.createIndex('identities_id_hash').on('identities').column('id_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identities').execute();
}
