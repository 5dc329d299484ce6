// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Bank cards (docs/api.md "Bank cards"): deleted with the account (ON DELETE CASCADE). The card number is
// only ciphertext (card_enc) and a keyed hash (card_hash), unique per account so a card is bound once even
// under parallel binds; at most one default card per account (a partial unique index).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_cards')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('card_enc', 'text', (c) => c.notNull())
    .addColumn('masked_number', 'varchar(24)', (c) => c.notNull())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('card_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('masked_phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_cards_user_card').on('bank_cards').columns(['user_id', 'card_hash']).unique().execute();
  await db.schema.createIndex('bank_cards_user_default').on('bank_cards').column('user_id').unique().where(sql.ref('is_default'), '=', 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_cards').execute();
}
