// Redeem batches and their codes (docs/api.md "Redeem codes"). A code is stored only as its keyed hash
// (services/redeem-codes.ts), and taken by one conditional UPDATE (not taken yet, its batch neither
// revoked nor expired), so however many try the same code at once, one takes it. Creating and revoking
// a batch is kept with who and when in reward_changes; the codes themselves are never written there.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, RedeemBatchesTable } from '../../db/schema.js';

/** What one code of a batch gives: points, or one voucher of an item. */
export type RedeemReward = { points: number; itemId: null } | { points: null; itemId: string };

export interface RedeemBatch {
  id: string;
  name: string;
  reward: RedeemReward;
  codes: number;
  expiresAt: number;
  revokedAt: number | null;
  createdBy: string;
  createdAt: number;
}

/** A code's row as looked up by its hash. */
export interface RedeemCodeRow {
  redeemedBy: string | null;
  /** When it was redeemed: the time of the ledger entry or voucher its redemption wrote, in the same transaction. */
  redeemedAt: number | null;
  batch: RedeemBatch;
}

const toBatch = (row: RedeemBatchesTable): RedeemBatch => ({
  id: row.id,
  name: row.name,
  reward: row.item_id !== null ? { points: null, itemId: row.item_id } : { points: row.points ?? 0, itemId: null },
  codes: row.codes,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  createdBy: row.created_by,
  createdAt: row.created_at,
});

/** Rows per INSERT: four bound values a row stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;

export interface RedeemCodesRepository {
  /** Inserts the batch and the audit row; the codes follow with insertCodes in the same transaction. */
  insertBatch(batch: RedeemBatch, trx: Executor): Promise<void>;
  /** Inserts code hashes of a batch; returns how many were new (a hash already stored is skipped). */
  insertCodes(batchId: string, hashes: readonly string[], trx: Executor): Promise<number>;
  /** The hashes stored for a batch (to find which of a batch's new codes collided with an older one). */
  hashesOf(batchId: string, trx: Executor): Promise<string[]>;
  /** Takes a code for the user when it is untaken and its batch is neither revoked nor expired at `now`. */
  take(hash: string, userId: string, now: number, trx: Executor): Promise<boolean>;
  find(hash: string, trx?: Executor): Promise<RedeemCodeRow | undefined>;
  findBatch(batchId: string): Promise<RedeemBatch | undefined>;
  /** Batches newest first, with how many of their codes were used. */
  listBatches(): Promise<Array<RedeemBatch & { used: number }>>;
  /** Revokes a batch (its unused codes stop working), kept in reward_changes; false when there is no such batch or it was revoked already. */
  revoke(batchId: string, operator: string, now: number): Promise<boolean>;
}

export function createRedeemCodesRepository(db: Kysely<Database>): RedeemCodesRepository {
  return {
    async insertBatch(batch, trx) {
      await trx
        .insertInto('redeem_batches')
        .values({
          id: batch.id,
          name: batch.name,
          points: batch.reward.points,
          item_id: batch.reward.itemId,
          codes: batch.codes,
          expires_at: batch.expiresAt,
          revoked_at: null,
          created_by: batch.createdBy,
          created_at: batch.createdAt,
        })
        .execute();
      const change = { created: { name: batch.name, ...batch.reward, codes: batch.codes, expiresAt: batch.expiresAt } };
      await trx
        .insertInto('reward_changes')
        .values({
          id: randomUUID(),
          subject: 'redeem-batch',
          subject_id: batch.id,
          operator: batch.createdBy,
          change: JSON.stringify(change),
          at: batch.createdAt,
        })
        .execute();
    },
    async insertCodes(batchId, hashes, trx) {
      let inserted = 0;
      for (let i = 0; i < hashes.length; i += INSERT_CHUNK) {
        const result = await trx
          .insertInto('redeem_codes')
          .values(hashes.slice(i, i + INSERT_CHUNK).map((hash) => ({ code_hash: hash, batch_id: batchId, redeemed_by: null, redeemed_at: null })))
          .onConflict((oc) => oc.column('code_hash').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return inserted;
    },
    async hashesOf(batchId, trx) {
      const rows = await trx.selectFrom('redeem_codes').select('code_hash').where('batch_id', '=', batchId).execute();
      return rows.map((row) => row.code_hash);
    },
    async take(hash, userId, now, trx) {
      const result = await trx
        .updateTable('redeem_codes')
        .set({ redeemed_by: userId, redeemed_at: now })
        .where('code_hash', '=', hash)
        .where('redeemed_by', 'is', null)
        .where('batch_id', 'in', (eb) => eb.selectFrom('redeem_batches').select('id').where('revoked_at', 'is', null).where('expires_at', '>', now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async find(hash, trx = db) {
      const row = await trx
        .selectFrom('redeem_codes')
        .innerJoin('redeem_batches', 'redeem_batches.id', 'redeem_codes.batch_id')
        .selectAll('redeem_batches')
        .select(['redeem_codes.redeemed_by', 'redeem_codes.redeemed_at'])
        .where('redeem_codes.code_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { redeemed_by: redeemedBy, redeemed_at: redeemedAt, ...batch } = row;
      return { redeemedBy, redeemedAt, batch: toBatch(batch) };
    },
    async findBatch(batchId) {
      const row = await db.selectFrom('redeem_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
      return row && toBatch(row);
    },
    async listBatches() {
      const rows = await db.selectFrom('redeem_batches').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const used = await db
        .selectFrom('redeem_codes')
        .select(['batch_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('redeemed_by', 'is not', null)
        .groupBy('batch_id')
        .execute();
      const usedBy = new Map(used.map((row) => [row.batch_id, Number(row.n)]));
      return rows.map((row) => ({ ...toBatch(row), used: usedBy.get(row.id) ?? 0 }));
    },
    async revoke(batchId, operator, now) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('redeem_batches')
          .set({ revoked_at: now })
          .where('id', '=', batchId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('reward_changes')
          .values({ id: randomUUID(), subject: 'redeem-batch', subject_id: batchId, operator, change: JSON.stringify({ revoked: true }), at: now })
          .execute();
        return true;
      });
    },
  };
}
