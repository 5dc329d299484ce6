// What the 个人信息 pages read of an account across the capabilities' tables that hold no ciphertext
// (docs/api.md "Personal information"): sessions, points, vouchers, draws, messages, questions. Read only,
// and every query is scoped to the one account, so a wrong id reaches nothing. Encrypted data (the phone,
// the identity, photos, card numbers) is read through its own capability, which holds its key.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

export function createPersonalDataRepository(db: Kysely<Database>) {
  return {
    async sessions(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('sessions')
        .select(['id', 'created_at', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async pointsBalance(userId: string, trx: Executor = db): Promise<number> {
      const row = await trx.selectFrom('points_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
      return row ? Number(row.balance) : 0;
    },

    async pointsEntries(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('points_entries')
        .select(['amount', 'reason', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async vouchers(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('vouchers')
        .select(['name', 'source', 'granted_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('granted_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async draws(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('draws')
        .select(['prize_name', 'points', 'cost', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async messages(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('messages')
        .select(['kind', 'title', 'body', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async questions(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('help_questions')
        .select(['text', 'created_at', 'answer', 'answered_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}

export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
