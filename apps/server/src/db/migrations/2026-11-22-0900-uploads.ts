// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Photo uploads (docs/protocol.md §14): one row per upload, owned by an account and deleted with it
// (ON DELETE CASCADE, so deregistration removes them), and its parts until it is finished.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('declared_size', 'integer', (c) => c.notNull())
    .addColumn('received_bytes', 'integer', (c) => c.notNull())
    .addColumn('next_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .addColumn('content_type', 'varchar(16)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('orientation', 'integer')
    .addColumn('stored_size', 'integer')
    .addColumn('content_enc', 'text')
    .execute();
  await db.schema.createIndex('uploads_user_id').on('uploads').column('user_id').execute();
  await db.schema.createIndex('uploads_expires_at').on('uploads').column('expires_at').execute();

  await db.schema
    .createTable('upload_parts')
    .addColumn('upload_id', 'varchar(36)', (c) => c.notNull().references('uploads.id').onDelete('cascade'))
    .addColumn('part_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes_enc', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_parts_pkey', ['upload_id', 'part_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_parts').execute();
  await db.schema.dropTable('uploads').execute();
}
