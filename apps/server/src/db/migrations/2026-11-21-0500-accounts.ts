// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Account profiles (invite codes), consent records, authorisation codes, and the retained records
// of deregistered accounts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('invite_code', 'varchar(8)', (c) => c.notNull().unique())
    // The inviter's account; its deregistration removes the link, not this account.
    .addColumn('invited_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_profiles_invited_by').on('user_profiles').column('invited_by').execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'varchar(65)', (c) => c.notNull())
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('decided_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_user_id').on('consents').columns(['user_id', 'decided_at']).execute();

  await db.schema
    .createTable('authorization_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('session_id', 'varchar(36)')
    .execute();
  await db.schema.createIndex('authorization_codes_user_id').on('authorization_codes').column('user_id').execute();

  // No reference to users: the account is gone; the record is found only by its own keyed subject hash.
  await db.schema
    .createTable('retained_records')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('subject_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retain_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retained_records_subject_hash').on('retained_records').column('subject_hash').execute();
  await db.schema.createIndex('retained_records_retain_until').on('retained_records').column('retain_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retained_records').execute();
  await db.schema.dropTable('authorization_codes').execute();
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('user_profiles').execute();
}
