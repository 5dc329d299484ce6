// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Notices, messages and content (docs/architecture.md "Content"): company-wide items (notices,
// announcements, articles: one row each, Markdown and the HTML rendered from it), a per-account read
// watermark for notices instead of one row per account and notice, personal messages (one row per account,
// unique per dedupe key so a repeated event posts once), images for articles, and the audit of who did what.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_md', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('important', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // When it shows (published now or scheduled later); lists order by (publish_at, id).
    .addColumn('publish_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_items_listing').on('content_items').columns(['kind', 'state', 'publish_at', 'id']).execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('read_through', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('body', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(200)')
    .addColumn('dedupe_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('messages_user_dedupe').on('messages').columns(['user_id', 'dedupe_hash']).unique().execute();
  await db.schema.createIndex('messages_user_listing').on('messages').columns(['user_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('content_images')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('bytes_b64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_audit')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('content_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_audit_content').on('content_audit').columns(['content_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_audit', 'content_images', 'messages', 'notice_reads', 'content_items']) await db.schema.dropTable(table).execute();
}
