// The points ledger and balances (db/migrations/2026-11-24-1200-rewards.ts). Entries are only inserted
// (ON CONFLICT DO NOTHING on the per-user idempotency key, so a retried write is a no-op and does not
// abort a PostgreSQL transaction); a lot's `remaining` is the one thing that changes.
import { randomUUID } from 'node:crypto';
import type { PointsReason } from '@tyd/protocol';
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, PointsEntriesTable } from '../../db/schema.js';

export interface PointsEntry {
  id: string;
  amount: number;
  reason: PointsReason;
  at: number;
  expiresAt: number | null;
}

export interface PointsLot {
  id: string;
  remaining: number;
  expiresAt: number;
}

const toEntry = (row: PointsEntriesTable): PointsEntry => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  at: row.created_at,
  expiresAt: row.expires_at,
});

export interface PointsRepository {
  balance(userId: string, trx?: Executor): Promise<number>;
  /**
   * Adds `delta` (negative to take) unless the balance would fall below zero, and answers the balance it
   * left; undefined then (refused, nothing changed). One conditional statement: it also takes the row's
   * lock on PostgreSQL, so a user's point changes queue up behind it, and what it answers is the balance
   * until this transaction changes it again.
   */
  changeBalance(userId: string, delta: number, now: number, trx: Executor): Promise<number | undefined>;
  /** Inserts an entry; undefined when the user already has one with this key (the retried write). */
  insertEntry(
    input: { userId: string; amount: number; reason: PointsReason; key: string; now: number; lot?: { expiresAt: number } },
    trx: Executor,
  ): Promise<string | undefined>;
  hasEntry(userId: string, key: string, trx?: Executor): Promise<boolean>;
  /** The entry written under a key (what a retried request answers). */
  findEntry(userId: string, key: string, trx?: Executor): Promise<PointsEntry | undefined>;
  /** The user's lots with points left, the first to expire first. */
  openLots(userId: string, trx?: Executor): Promise<PointsLot[]>;
  setRemaining(lotId: string, remaining: number, trx: Executor): Promise<void>;
  /** Users with a lot past its expiry that still holds points (a bounded batch). */
  usersWithExpiredLots(now: number, limit: number): Promise<string[]>;
  /** Entries newest first, strictly before the (at, id) cursor. */
  list(userId: string, before: { at: number; id: string } | undefined, limit: number): Promise<PointsEntry[]>;
}

export function createPointsRepository(db: Kysely<Database>): PointsRepository {
  return {
    async balance(userId, trx = db) {
      const row = await trx.selectFrom('points_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
      return row?.balance ?? 0;
    },
    async changeBalance(userId, delta, now, trx) {
      // A credit inserts the row or adds to it in one statement (the conflict's update takes the row's lock
      // as the UPDATE below does). A debit or a no-op change needs no row: without one the balance is 0, so
      // a debit is refused by the UPDATE finding no row just as by its condition, and a no-op change
      // (expiry's lock) only comes after a credit made it.
      if (delta > 0) {
        const credited = await trx
          .insertInto('points_balances')
          .values({ user_id: userId, balance: delta, updated_at: now })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({ balance: eb('points_balances.balance', '+', eb.ref('excluded.balance')), updated_at: now })),
          )
          .returning('balance')
          .executeTakeFirstOrThrow();
        return credited.balance;
      }
      const changed = await trx
        .updateTable('points_balances')
        .set((eb) => ({ balance: eb('balance', '+', delta), updated_at: now }))
        .where('user_id', '=', userId)
        .where(sql<number>`balance + ${delta}`, '>=', 0)
        .returning('balance')
        .executeTakeFirst();
      return changed?.balance;
    },
    async insertEntry({ userId, amount, reason, key, now, lot }, trx) {
      const id = randomUUID();
      const result = await trx
        .insertInto('points_entries')
        .values({
          id,
          user_id: userId,
          amount,
          reason,
          idempotency_key: key,
          created_at: now,
          expires_at: lot?.expiresAt ?? null,
          remaining: lot ? amount : null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? id : undefined;
    },
    async hasEntry(userId, key, trx = db) {
      return (
        (await trx.selectFrom('points_entries').select('id').where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst()) !== undefined
      );
    },
    async findEntry(userId, key, trx = db) {
      const row = await trx.selectFrom('points_entries').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
      return row && toEntry(row);
    },
    async openLots(userId, trx = db) {
      const rows = await trx
        .selectFrom('points_entries')
        .select(['id', 'remaining', 'expires_at'])
        .where('user_id', '=', userId)
        .where('remaining', '>', 0)
        .orderBy('expires_at')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, remaining: row.remaining ?? 0, expiresAt: row.expires_at ?? Number.MAX_SAFE_INTEGER }));
    },
    async setRemaining(lotId, remaining, trx) {
      await trx.updateTable('points_entries').set({ remaining }).where('id', '=', lotId).execute();
    },
    async usersWithExpiredLots(now, limit) {
      const rows = await db
        .selectFrom('points_entries')
        .select('user_id')
        .distinct()
        .where('remaining', '>', 0)
        .where('expires_at', '<=', now)
        .limit(limit)
        .execute();
      return rows.map((row) => row.user_id);
    },
    async list(userId, before, limit) {
      let query = db.selectFrom('points_entries').selectAll().where('user_id', '=', userId);
      if (before) query = query.where((eb) => eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toEntry);
    },
  };
}
