// The voucher catalogue (docs/api.md "Vouchers and exchange"). Stock is taken by a conditional UPDATE
// (stock > 0), so parallel exchanges, redeems or gift claims can never give out more than there is; every
// operator change is kept with who and when (reward_changes).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, RewardItemsTable } from '../../db/schema.js';

export interface RewardItem {
  id: string;
  name: string;
  description: string;
  /** Null: not exchangeable for points. */
  pointsCost: number | null;
  /** Null: no limit. */
  stock: number | null;
  /** Null: no limit on exchanges per user. */
  perUserLimit: number | null;
  validDays: number;
  active: boolean;
}

export interface RewardItemChange {
  name?: string;
  description?: string;
  pointsCost?: number | null;
  stock?: number | null;
  perUserLimit?: number | null;
  validDays?: number;
  active?: boolean;
}

const toItem = (row: RewardItemsTable): RewardItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  pointsCost: row.points_cost,
  stock: row.stock,
  perUserLimit: row.per_user_limit,
  validDays: row.valid_days,
  active: row.active === 1,
});

export interface RewardItemsRepository {
  /** Every item, on offer or not, in the order pages list them. */
  list(trx?: Executor): Promise<RewardItem[]>;
  find(id: string, trx?: Executor): Promise<RewardItem | undefined>;
  /**
   * Takes one from the stock; false when none is left. An item without a limit always succeeds. With
   * `forPoints` (an exchange), only while the item is on offer at exactly that price: false otherwise. The
   * condition is in the UPDATE itself, so an operator's change committed first, or still holding the row
   * (PostgreSQL re-checks the condition on the row it waited for), is never sold at the price read before.
   */
  takeOne(itemId: string, trx: Executor, forPoints?: number): Promise<boolean>;
  /** Adds a new item (inactive until set active); false when the id is taken. Kept in reward_changes. */
  add(item: { id: string; name: string; description: string; validDays: number }, operator: string, now: number): Promise<boolean>;
  /** An operator's change, kept in reward_changes; false when there is no such item. */
  change(itemId: string, change: RewardItemChange, operator: string, now: number): Promise<boolean>;
}

export function createRewardItemsRepository(db: Kysely<Database>): RewardItemsRepository {
  const audit = (trx: Executor, subjectId: string, operator: string, change: unknown, now: number) =>
    trx
      .insertInto('reward_changes')
      .values({ id: randomUUID(), subject: 'item', subject_id: subjectId, operator, change: JSON.stringify(change), at: now })
      .execute();
  return {
    async list(trx = db) {
      const rows = await trx.selectFrom('reward_items').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map(toItem);
    },
    async find(id, trx = db) {
      const row = await trx.selectFrom('reward_items').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toItem(row);
    },
    async takeOne(itemId, trx, forPoints) {
      let update = trx
        .updateTable('reward_items')
        .set({ stock: sql<number | null>`CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END` })
        .where('id', '=', itemId)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]));
      if (forPoints !== undefined) update = update.where('active', '=', 1).where('points_cost', '=', forPoints);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async add(item, operator, now) {
      return db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('reward_items')
          .select((eb) => eb.fn.max('position').as('p'))
          .executeTakeFirst();
        const result = await trx
          .insertInto('reward_items')
          .values({
            id: item.id,
            name: item.name,
            description: item.description,
            points_cost: null,
            stock: 0,
            per_user_limit: null,
            valid_days: item.validDays,
            position: Number(last?.p ?? 0) + 1,
            active: 0,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
        await audit(trx, item.id, operator, { added: item }, now);
        return true;
      });
    },
    async change(itemId, change, operator, now) {
      return db.transaction().execute(async (trx) => {
        // A cost's change is kept with the cost it replaced: what the item's codes were worth in the approval
        // window is read back from these records (services/rewards-operations.ts highestItemCost).
        const was =
          change.pointsCost === undefined
            ? undefined
            : (await trx.selectFrom('reward_items').select('points_cost').where('id', '=', itemId).executeTakeFirst())?.points_cost;
        const result = await trx
          .updateTable('reward_items')
          .set({
            ...(change.name !== undefined && { name: change.name }),
            ...(change.description !== undefined && { description: change.description }),
            ...(change.pointsCost !== undefined && { points_cost: change.pointsCost }),
            ...(change.stock !== undefined && { stock: change.stock }),
            ...(change.perUserLimit !== undefined && { per_user_limit: change.perUserLimit }),
            ...(change.validDays !== undefined && { valid_days: change.validDays }),
            ...(change.active !== undefined && { active: change.active ? 1 : 0 }),
            updated_at: now,
          })
          .where('id', '=', itemId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await audit(trx, itemId, operator, was === undefined ? change : { ...change, pointsCostBefore: was }, now);
        return true;
      });
    },
  };
}
