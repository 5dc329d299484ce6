// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Notices read one by one (docs/api.md "Notices, messages and content"): opening a notice (notice-detail with a
// session) marks that notice read, wherever it was opened from (the 通知 list, home's banner). A notice is
// unread when it was published after the account's watermark (notice_reads) and has no row here. The rows a
// later 全部已读 covers are deleted with it, so the table holds only notices past the watermark.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notice_item_reads')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notice_id', 'varchar(40)', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_item_reads_pk', ['user_id', 'notice_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notice_item_reads').execute();
}
