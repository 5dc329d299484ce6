// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Outbox leases with a holder, and dead events (docs/architecture.md "Side effects: the outbox";
// docs/operations.md "The outbox"):
// - lease_token: who holds the event's lease, a random value written by each claim. Marking an event
//   delivered, failed or due later is a conditional update on this token, so a delivery that outlived its
//   lease changes nothing once another process has taken the event (STYLE.md: a conditional update on
//   what was read, the affected rows checked);
// - dead_at: when an event that failed OUTBOX_MAX_ATTEMPTS times was parked: no worker takes it again
//   until an operator retries it (or discards it); null for every event being delivered or delivered.
// Existing rows start unleased by token and alive; a lease an older process took (no token) runs out as
// before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('lease_token', 'varchar(24)').execute();
  await db.schema.alterTable('outbox').addColumn('dead_at', 'bigint').execute();
  // What operators list: the dead events, oldest first (few, so a partial index stays small).
  await db.schema.createIndex('outbox_dead').on('outbox').columns(['dead_at', 'id']).where(sql.ref('dead_at'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('outbox_dead').execute();
  await db.schema.alterTable('outbox').dropColumn('dead_at').execute();
  await db.schema.alterTable('outbox').dropColumn('lease_token').execute();
}
