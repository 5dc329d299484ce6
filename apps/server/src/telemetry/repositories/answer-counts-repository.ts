// Per-hour counts of API answers by route, code and subcode: the operations view's error codes and
// SMS codes sent/verified (docs/operations.md "Answer counts"). Written in batches by services/telemetry/answer-counter.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { telemetryDb } from '../../db/telemetry-schema.js';

export interface AnswerCount {
  hourStart: number;
  path: string;
  code: string;
  /** '' when the answer had none. */
  subcode: string;
  count: number;
}

export interface AnswerCountsRepository {
  /** Adds the counts to what is stored (one upsert per distinct key). */
  add(counts: AnswerCount[]): Promise<void>;
  /** Counts with hour_start in [from, to). */
  between(from: number, to: number): Promise<AnswerCount[]>;
  pruneBefore(before: number): Promise<number>;
}

export function createAnswerCountsRepository(base: Kysely<Database>): AnswerCountsRepository {
  const db = telemetryDb(base);
  return {
    async add(counts) {
      if (counts.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const c of counts) {
          await trx
            .insertInto('api_answer_counts')
            .values({ hour_start: c.hourStart, path: c.path, code: c.code, subcode: c.subcode, count: c.count })
            .onConflict((oc) =>
              oc
                .columns(['hour_start', 'path', 'code', 'subcode'])
                .doUpdateSet((eb) => ({ count: eb('api_answer_counts.count', '+', eb.ref('excluded.count')) })),
            )
            .execute();
        }
      });
    },
    async between(from, to) {
      const rows = await db.selectFrom('api_answer_counts').selectAll().where('hour_start', '>=', from).where('hour_start', '<', to).execute();
      return rows.map((r) => ({ hourStart: r.hour_start, path: r.path, code: r.code, subcode: r.subcode, count: Number(r.count) }));
    },
    async pruneBefore(before) {
      const result = await db.deleteFrom('api_answer_counts').where('hour_start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
