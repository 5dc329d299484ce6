// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// An account frozen by customer service (docs/api.md "Customer-service desk"): `users.frozen_at` is set while
// it is frozen (SMS and authorised sign-in are refused, 403/4218), with the operator who froze it and the
// reason they stated; all three are cleared when a second operator approves the unfreeze. Null for every
// account until then. On the users row itself, so the session check, which reads that row with every
// session already, refuses a frozen account's sessions without another read.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('frozen_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('frozen_by', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('frozen_reason', 'varchar(200)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('frozen_reason').execute();
  await db.schema.alterTable('users').dropColumn('frozen_by').execute();
  await db.schema.alterTable('users').dropColumn('frozen_at').execute();
}
