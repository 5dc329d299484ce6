// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Enrolment by the operator alone (docs/operations.md "Operators"): adding or resetting an operator no
// longer hands anyone a password or a TOTP secret; it issues a one-time link the operator opens to choose
// their own password and scan their own secret.
// - operator_enrolments: at most one live link per operator (a newer one replaces it: the operator id is the
//   key), found by the SHA-256 of its token (never the token itself), with when it ends and who issued it.
//   The TOTP secret shown on the link's page is made at its first opening and kept sealed in this row, bound
//   to the token, so the page can be opened again and shows the same secret until the enrolment completes.
// - operators.enrolled_at: when the operator finished their enrolment; null while a link is pending (they
//   cannot sign in). Operators made before this version enrolled under the old rules and keep working: set
//   to their creation time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('enrolled_at', 'bigint').execute();
  await sql`update operators set enrolled_at = created_at`.execute(db);

  await db.schema
    .createTable('operator_enrolments')
    .addColumn('operator_id', 'varchar(40)', (c) => c.primaryKey().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('totp_secret_sealed', 'varchar(160)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_enrolments').execute();
  await db.schema.alterTable('operators').dropColumn('enrolled_at').execute();
}
