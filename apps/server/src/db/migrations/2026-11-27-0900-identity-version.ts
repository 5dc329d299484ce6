// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Identity certification's transitions become compare-and-set (docs/api.md "The state machine"): every
// transition of an identities row adds one to `version`, and a transition decided on what was read applies
// only while the row still has the version it read, so a face result, a face session or a confirmation
// can never land on an identity other than the one it was decided for. Existing rows start at 0.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('identities')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('identities').dropColumn('version').execute();
}
