// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// The outbox (docs/architecture.md "Side effects: the outbox"): an event is written in the same
// transaction as the state change it follows, and a worker delivers it afterwards with retries, so a side
// effect a person is owed (a reward, a message) is never lost between a commit and its delivery.
// - user_id: the account the event is for, when there is one; deregistration's erasure removes the
//   account's undelivered events with it (cascade), since there is nobody left to deliver them to;
// - locked_until: the lease of the process delivering it; another process takes it only once that has
//   passed (a process killed mid-delivery), so each event is delivered by one process at a time;
// - delivered_at: kept a week after delivery for operators, then pruned.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('topic', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'varchar(300)')
    .addColumn('delivered_at', 'bigint')
    .execute();
  // What the worker scans: undelivered events by when they are due.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['next_attempt_at', 'id']).where(sql.ref('delivered_at'), 'is', null).execute();
  await db.schema.createIndex('outbox_user').on('outbox').column('user_id').execute();
  await db.schema.createIndex('outbox_delivered').on('outbox').column('delivered_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
