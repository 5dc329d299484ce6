// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// What a session hands on dies with it (docs/api.md "authorized-login"):
// - `authorization_codes.minted_by`: the session that minted the code; the code is refused once that session
//   has ended (logout, 下线, consent withdrawn or declined, deregistration). Null for codes from the command
//   line (`npm run admin -- authcode`), which no session minted, and for codes minted before this version
//   (they live two minutes).
// - `sessions.origin_session_id`: the session whose authorisation code opened this one; it ends when its
//   origin ends and never outlives it. Null for SMS sign-ins and sessions made before this version.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('authorization_codes').addColumn('minted_by', 'varchar(36)').execute();
  await db.schema.alterTable('sessions').addColumn('origin_session_id', 'varchar(36)').execute();
  // Ending a session finds the sessions it handed on by this column.
  await db.schema.createIndex('sessions_origin').on('sessions').column('origin_session_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_origin').execute();
  await db.schema.alterTable('sessions').dropColumn('origin_session_id').execute();
  await db.schema.alterTable('authorization_codes').dropColumn('minted_by').execute();
}
