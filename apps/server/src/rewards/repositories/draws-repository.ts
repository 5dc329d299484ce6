// The user's draws. A draw is claimed first by its idempotency key (ON CONFLICT DO NOTHING: a parallel
// retry with the same key waits for the first on PostgreSQL and then finds it), then completed with what
// was won, in the same transaction (services/lucky-draw.ts).
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, DrawsTable } from '../../db/schema.js';

export interface Draw {
  id: string;
  prizeId: string;
  prizeName: string;
  kind: 'points' | 'thanks';
  points: number | null;
  cost: number;
  at: number;
}

const toDraw = (row: DrawsTable): Draw => ({
  id: row.id,
  prizeId: row.prize_id,
  prizeName: row.prize_name,
  kind: row.kind,
  points: row.points,
  cost: row.cost,
  at: row.created_at,
});

export interface DrawsRepository {
  /** Claims the key for a new draw; false when the user already has a draw with it. */
  claim(input: { id: string; userId: string; key: string; cost: number; day: number; now: number }, trx: Executor): Promise<boolean>;
  complete(id: string, prize: { id: string; name: string; kind: 'points' | 'thanks'; points: number | null }, trx: Executor): Promise<void>;
  findByKey(userId: string, key: string): Promise<Draw | undefined>;
  countOnDay(userId: string, day: number, trx?: Executor): Promise<number>;
  /** Draws newest first, strictly before the (at, id) cursor. */
  list(userId: string, before: { at: number; id: string } | undefined, limit: number): Promise<Draw[]>;
  /** How many draws won each prize (all users): for operators and the odds test. */
  tally(): Promise<Record<string, number>>;
}

export function createDrawsRepository(db: Kysely<Database>): DrawsRepository {
  return {
    async claim({ id, userId, key, cost, day, now }, trx) {
      const result = await trx
        .insertInto('draws')
        .values({
          id,
          user_id: userId,
          idempotency_key: key,
          prize_id: '',
          prize_name: '',
          kind: 'thanks',
          points: null,
          cost,
          china_day: day,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async complete(id, prize, trx) {
      await trx.updateTable('draws').set({ prize_id: prize.id, prize_name: prize.name, kind: prize.kind, points: prize.points }).where('id', '=', id).execute();
    },
    async findByKey(userId, key) {
      const row = await db.selectFrom('draws').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
      return row && toDraw(row);
    },
    async countOnDay(userId, day, trx = db) {
      const row = await trx
        .selectFrom('draws')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('china_day', '=', day)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async list(userId, before, limit) {
      let query = db.selectFrom('draws').selectAll().where('user_id', '=', userId);
      if (before) query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toDraw);
    },
    async tally() {
      const rows = await db
        .selectFrom('draws')
        .select(['prize_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('prize_id')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.prize_id, Number(row.n)]));
    },
  };
}
