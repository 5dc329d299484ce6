// The bank_cards table (docs/api.md "Bank cards"). Takes and returns ciphertext and hashes: the service
// encrypts (card-cipher.ts). Every method takes an optional transaction (STYLE.md "Boundaries").
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { BankCardRow, Database } from '../../db/schema.js';

export function createBankCardsRepository(db: Kysely<Database>) {
  return {
    /** The default card first, then newest first. */
    async list(userId: string, trx: Executor = db): Promise<BankCardRow[]> {
      return trx
        .selectFrom('bank_cards')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async find(userId: string, cardId: string, trx: Executor = db): Promise<BankCardRow | undefined> {
      return trx.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('id', '=', cardId).executeTakeFirst();
    },

    async hasCard(userId: string, cardHash: string, trx: Executor = db): Promise<boolean> {
      return (await trx.selectFrom('bank_cards').select('id').where('user_id', '=', userId).where('card_hash', '=', cardHash).executeTakeFirst()) !== undefined;
    },

    async count(userId: string, trx: Executor = db): Promise<number> {
      const { n } = await trx
        .selectFrom('bank_cards')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Takes the account's row lock for the rest of the transaction (PostgreSQL: a no-op update locks the
     * users row; SQLite runs one transaction at a time anyway), so counting and inserting cards cannot
     * interleave with another bind of the same account.
     */
    async lockAccount(userId: string, trx: Executor): Promise<void> {
      await trx
        .updateTable('users')
        .set({ id: sql<string>`id` })
        .where('id', '=', userId)
        .execute();
    },

    /** Inserts a card; throws a unique violation when this account has the card already. */
    async insert(row: BankCardRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('bank_cards').values(row).execute();
    },

    async delete(userId: string, cardId: string, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('bank_cards').where('user_id', '=', userId).where('id', '=', cardId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Makes `cardId` the account's only default card; false when the account has no such card. */
    async setDefault(userId: string, cardId: string, trx: Executor): Promise<boolean> {
      if (!(await trx.selectFrom('bank_cards').select('id').where('user_id', '=', userId).where('id', '=', cardId).executeTakeFirst())) return false;
      await trx.updateTable('bank_cards').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
      await trx.updateTable('bank_cards').set({ is_default: 1 }).where('user_id', '=', userId).where('id', '=', cardId).execute();
      return true;
    },
  };
}

export type BankCardsRepository = ReturnType<typeof createBankCardsRepository>;
