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
  /** The costs in points an item had since `since`: set, replaced, and the last one set before (nulls left out). */
  itemCostsSince(itemId: string, since: number): Promise<number[]>;
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
    async itemCostsSince(itemId, since) {
      // A record names a cost as `pointsCost` (a change; with `pointsCostBefore`, the cost it replaced) or
      // `points_cost` (the catalogue's seed).
      const costsOf = (change: string) => {
        const parsed = JSON.parse(change) as Record<string, unknown>;
        return [parsed.pointsCost, parsed.pointsCostBefore, parsed.points_cost].filter((cost): cost is number => typeof cost === 'number');
      };
      const base = db.selectFrom('reward_changes').select(['change']).where('subject', '=', 'item').where('subject_id', '=', itemId);
      const within = await base.where('at', '>=', since).execute();
      const before = await base
        .where('at', '<', since)
        .where((eb) => eb.or([eb('change', 'like', '%"pointsCost"%'), eb('change', 'like', '%"points_cost"%')]))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      return [...within, ...before].flatMap((row) => costsOf(row.change));
    },
    async record({ subject, subjectId, operator, change, at }, trx) {
      await trx
        .insertInto('reward_changes')
        .values({ id: randomUUID(), subject, subject_id: subjectId, operator, change: JSON.stringify(change), at })
        .execute();
    },
  };
}
