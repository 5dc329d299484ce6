// The help_questions table (db/migrations/2026-11-28-0900-help.ts): the only SQL of the help capability.
// Every method takes an optional transaction (STYLE.md "Boundaries"). The asker's list reads one row past
// the page, ordered by (created_at, id) descending and continued strictly after the last one shown, as
// every paged list does (lib/list-cursor.ts).
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, HelpQuestionsTable } from '../../db/schema.js';
import type { ListPosition } from '../../lib/list-cursor.js';

export type QuestionRow = Selectable<HelpQuestionsTable>;
export type QuestionFilter = 'open' | 'answered' | 'all';

export function createQuestionsRepository(db: Kysely<Database>) {
  return {
    async find(id: string, trx: Executor = db): Promise<QuestionRow | undefined> {
      return trx.selectFrom('help_questions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByKey(userId: string, idempotencyKey: string, trx: Executor = db): Promise<QuestionRow | undefined> {
      return trx.selectFrom('help_questions').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    /** Inserts unless the account already made a question under this key; true when inserted. */
    async insert(row: QuestionRow, trx: Executor = db): Promise<boolean> {
      const inserted = await trx
        .insertInto('help_questions')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The account's own questions, newest first, strictly after `after`. */
    async listOwn(userId: string, after: ListPosition | undefined, limit: number, trx: Executor = db): Promise<QuestionRow[]> {
      let query = trx.selectFrom('help_questions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (after) query = query.where((eb) => eb.or([eb('created_at', '<', after.at), eb.and([eb('created_at', '=', after.at), eb('id', '<', after.id)])]));
      return query.execute();
    },

    /** For operators: every account's questions of a state, newest first (answered ones by when they were answered). */
    async list(filter: QuestionFilter, limit: number, trx: Executor = db): Promise<QuestionRow[]> {
      let query = trx.selectFrom('help_questions').selectAll();
      if (filter === 'open') query = query.where('answered_at', 'is', null);
      if (filter === 'answered') query = query.where('answered_at', 'is not', null).orderBy('answered_at', 'desc');
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /**
     * Writes the answer only while there is none: false when the question was answered meanwhile. On
     * PostgreSQL a second answer running at the same moment waits for the first's row lock and then finds
     * `answered_at` set; SQLite runs one write transaction at a time. Either way one answer is stored.
     */
    async answer(id: string, answer: { text: string; by: string; at: number }, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('help_questions')
        .set({ answer: answer.text, answered_by: answer.by, answered_at: answer.at })
        .where('id', '=', id)
        .where('answered_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
