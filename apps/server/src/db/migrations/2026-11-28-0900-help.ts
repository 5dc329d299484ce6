// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Help and customer service (docs/api.md "Help and customer service"):
// - 常见问题 are content items of the kind `faq` (the question the title, the answer the body, published and
//   audited as every other item): each has a category and an order in it. Other kinds keep null and 0.
// - help_questions: one row per question a user leaves, deleted with the account (cascade). `answered_at`
//   null is 待回复; an answer is written once, by a conditional update on `answered_at is null`, so of two
//   operators answering at once one wins. The (account, idempotency key) pair is unique, so a press resent
//   after a lost answer finds the question it already made instead of making another.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('category', 'varchar(20)').execute();
  await db.schema
    .alterTable('content_items')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('help_questions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answer', 'varchar(1000)')
    .addColumn('answered_by', 'varchar(64)')
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema.createIndex('help_questions_user_key').on('help_questions').columns(['user_id', 'idempotency_key']).unique().execute();
  // The asker's list, newest first (my-questions), and the open ones for operators, newest first.
  await db.schema.createIndex('help_questions_user_listing').on('help_questions').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('help_questions_open').on('help_questions').columns(['created_at', 'id']).where(sql.ref('answered_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_questions').execute();
  await db.schema.alterTable('content_items').dropColumn('sort_order').execute();
  await db.schema.alterTable('content_items').dropColumn('category').execute();
}
