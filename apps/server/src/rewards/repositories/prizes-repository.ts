// The lucky draw's prizes. Stock is taken by a conditional UPDATE (active, stock > 0), so parallel draws can
// never give out more than there is, nor a prize the operators withdrew; every operator change is kept
// with who and when (reward_changes).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, PrizesTable } from '../../db/schema.js';

export interface Prize {
  id: string;
  name: string;
  kind: 'points' | 'thanks';
  points: number | null;
  weight: number;
  /** Null: no limit. */
  stock: number | null;
}

export interface PrizeChange {
  name?: string;
  points?: number | null;
  weight?: number;
  stock?: number | null;
  active?: boolean;
}

const toPrize = (row: PrizesTable): Prize => ({ id: row.id, name: row.name, kind: row.kind, points: row.points, weight: row.weight, stock: row.stock });

export interface ActiveForUser {
  prizes: Prize[];
  balance: number;
  drawsOnDay: number;
  hasExpiredLot: boolean;
}

export interface PrizesRepository {
  /** Prizes on offer, in the order the page lists them. */
  listActive(trx?: Executor): Promise<Prize[]>;
  /**
   * The prizes on offer with what the lucky draw shows beside them for one user, in one statement: the
   * points balance, the draws of the China day `day`, and whether a lot of theirs has run out at `now`
   * (the page's read and the draw's count ask this together; a one-row select of the user's figures left
   * joined to the prizes, so no prize on offer still gives the figures).
   */
  listActiveForUser(userId: string, at: { day: number; now: number }, trx?: Executor): Promise<ActiveForUser>;
  /** Every prize, on offer or not (operators). */
  listAll(): Promise<Array<Prize & { active: boolean }>>;
  /**
   * Takes one of a prize on offer from its stock (a prize without a limit: none taken, the row still
   * locked until the transaction ends) and answers the prize as it is now, or why not: `withdrawn` (not
   * active, or gone) or `out-of-stock`. `active` is in the UPDATE itself, so a withdrawal committed first,
   * or still holding the row (PostgreSQL re-checks the condition on the row it waited for), is never won.
   */
  takeOne(prizeId: string, trx: Executor): Promise<Prize | 'withdrawn' | 'out-of-stock'>;
  /** An operator's change, kept in reward_changes; false when there is no such prize. */
  change(prizeId: string, change: PrizeChange, operator: string, now: number): Promise<boolean>;
  history(prizeId: string): Promise<Array<{ operator: string; change: string; at: number }>>;
}

export function createPrizesRepository(db: Kysely<Database>): PrizesRepository {
  return {
    async listActive(trx = db) {
      const rows = await trx.selectFrom('prizes').selectAll().where('active', '=', 1).orderBy('position').orderBy('id').execute();
      return rows.map(toPrize);
    },
    async listActiveForUser(userId, { day, now }, trx = db) {
      const rows = await trx
        .selectFrom(
          trx
            .selectNoFrom((eb) => [
              eb.selectFrom('points_balances').select('balance').where('user_id', '=', userId).as('balance'),
              eb
                .selectFrom('draws')
                .select(eb.fn.countAll<number | string>().as('n'))
                .where('user_id', '=', userId)
                .where('china_day', '=', day)
                .as('draws_on_day'),
              eb
                .exists(eb.selectFrom('points_entries').select('id').where('user_id', '=', userId).where('remaining', '>', 0).where('expires_at', '<=', now))
                .as('has_expired_lot'),
            ])
            .as('u'),
        )
        .leftJoin('prizes', (join) => join.on('prizes.active', '=', 1))
        .selectAll('prizes')
        .select(['u.balance', 'u.draws_on_day', 'u.has_expired_lot'])
        .orderBy('prizes.position')
        .orderBy('prizes.id')
        .execute();
      const first = rows[0];
      if (!first) throw new Error('the one-row select gave no row');
      return {
        prizes: rows.flatMap((row) => (row.id === null ? [] : [toPrize(row as PrizesTable)])),
        balance: Number(first.balance ?? 0),
        drawsOnDay: Number(first.draws_on_day ?? 0),
        // A boolean on PostgreSQL, 0 or 1 on SQLite.
        hasExpiredLot: Number(first.has_expired_lot) === 1,
      };
    },
    async listAll() {
      const rows = await db.selectFrom('prizes').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map((row) => ({ ...toPrize(row), active: row.active === 1 }));
    },
    async takeOne(prizeId, trx) {
      const taken = await trx
        .updateTable('prizes')
        .set({ stock: sql<number | null>`CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END` })
        .where('id', '=', prizeId)
        .where('active', '=', 1)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
        .returningAll()
        .executeTakeFirst();
      if (taken) return toPrize(taken);
      const row = await trx.selectFrom('prizes').select('active').where('id', '=', prizeId).executeTakeFirst();
      return row?.active === 1 ? 'out-of-stock' : 'withdrawn';
    },
    async change(prizeId, change, operator, now) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('prizes')
          .set({
            ...(change.name !== undefined && { name: change.name }),
            ...(change.points !== undefined && { points: change.points }),
            ...(change.weight !== undefined && { weight: change.weight }),
            ...(change.stock !== undefined && { stock: change.stock }),
            ...(change.active !== undefined && { active: change.active ? 1 : 0 }),
            updated_at: now,
          })
          .where('id', '=', prizeId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('reward_changes')
          .values({ id: randomUUID(), subject: 'prize', subject_id: prizeId, operator, change: JSON.stringify(change), at: now })
          .execute();
        return true;
      });
    },
    async history(prizeId) {
      return db
        .selectFrom('reward_changes')
        .select(['operator', 'change', 'at'])
        .where('subject', '=', 'prize')
        .where('subject_id', '=', prizeId)
        .orderBy('at')
        .orderBy('id')
        .execute();
    },
  };
}
