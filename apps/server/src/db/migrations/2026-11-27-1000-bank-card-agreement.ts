// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Each bank card keeps the 快捷支付服务协议 (agreement payments) version its holder agreed to by binding it,
// and when (docs/api.md "Bank cards"), so the card's page can show what was agreed. Cards bound before
// this was recorded keep null: what they agreed to was not stored, and it is not guessed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_cards').addColumn('agreement_version', 'varchar(32)').execute();
  await db.schema.alterTable('bank_cards').addColumn('agreed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bank_cards').dropColumn('agreed_at').execute();
  await db.schema.alterTable('bank_cards').dropColumn('agreement_version').execute();
}
