// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Operators' own accounts (docs/operations.md "Operators"), replacing the shared admin token:
// - operators: one row per person, a name (lower case, unique), one role, the argon2id hash of the password
//   (PHC string, NIST SP 800-63B §5.1.1.2), the TOTP secret (RFC 6238) and the last time step accepted, so a
//   code is taken once (RFC 6238 §5.2), and `disabled_at` (a disabled operator signs in no more and their
//   live sessions are refused at once).
// - operator_sign_in_failures: failed sign-ins per name as typed (normalised), whether an operator of that
//   name exists or not, so the backoff and the lock look the same for a name that does not exist.
// - operator_sessions: the SHA-256 of the cookie's session id (never the id itself), the CSRF token handed to
//   the page, the idle and absolute limits' clocks, and where it signed in from.
// - ops_approvals: maker-checker requests (a change that creates value above the threshold waits for a
//   second operator of the same role); `status` moves from pending once, by a conditional update.
// - ops_audit: every state-changing /ops call with the signed-in operator, the time, the address and the
//   values before and after. Only ever inserted: no /ops route updates or deletes it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_totp_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .execute();

  await db.schema
    .createTable('operator_sign_in_failures')
    .addColumn('name_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_sessions_operator').on('operator_sessions').column('operator_id').execute();

  await db.schema
    .createTable('ops_approvals')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('requested_by', 'varchar(40)', (c) => c.notNull().references('operators.id'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'varchar(40)', (c) => c.references('operators.id'))
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('ops_approvals_status').on('ops_approvals').columns(['status', 'requested_at']).execute();

  await db.schema
    .createTable('ops_audit')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(40)')
    .addColumn('operator_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(80)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)')
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ops_audit_at').on('ops_audit').columns(['at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ops_audit').execute();
  await db.schema.dropTable('ops_approvals').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operator_sign_in_failures').execute();
  await db.schema.dropTable('operators').execute();
}
