// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Operators' TOTP secrets at rest (docs/operations.md "Operators"): sealed with a key derived from
// TYD_DATA_KEY, in a new column wide enough for the ciphertext, so a copy of the database alone gives nobody a
// second factor. `totp_secret` keeps the secrets of operators made before this version until their next
// sign-in, which seals them and empties it; it is '' for everyone else.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('totp_secret_sealed', 'varchar(160)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('totp_secret_sealed').execute();
}
