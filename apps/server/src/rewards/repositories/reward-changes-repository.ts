// The operators' changes of the rewards capability (reward_changes: prizes, items, the new-user gift,
// redeem batches, grants of points), written in the transaction of the change.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, RewardChangesTable } from '../../db/schema.js';

export interface RewardChange {
  subject: RewardChangesTable['subject'];
  subjectId: string;
  operator: string;
  /** What was set, as recorded. */
  change: unknown;
  at: number;
}

export interface RewardChangesRepository {
  /** The newest changes first, of one subject or all. */
  recent(opts: { subject?: RewardChangesTable['subject']; limit: number }): Promise<RewardChange[]>;
  /** Keeps a change, in the caller's transaction. */
  record(change: RewardChange, trx: Executor): Promise<void>;
}

export function createRewardChangesRepository(db: Kysely<Database>): RewardChangesRepository {
  return {
    async recent({ subject, limit }) {
      let query = db.selectFrom('reward_changes').selectAll();
      if (subject) query = query.where('subject', '=', subject);
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        subject: row.subject,
        subjectId: row.subject_id,
        operator: row.operator,
        change: JSON.parse(row.change) as unknown,
        at: row.at,
      }));
    },
    async record({ subject, subjectId, operator, change, at }, trx) {
      await trx
        .insertInto('reward_changes')
        .values({ id: randomUUID(), subject, subject_id: subjectId, operator, change: JSON.stringify(change), at })
        .execute();
    },
  };
}
