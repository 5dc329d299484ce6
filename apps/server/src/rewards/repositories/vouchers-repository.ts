// The vouchers users hold (docs/api.md "Vouchers and exchange"). A grant is claimed by its per-user source
// key (ON CONFLICT DO NOTHING), so a retried grant, from any source, gives one voucher.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, VoucherSource, VouchersTable } from '../../db/schema.js';

export interface Voucher {
  id: string;
  itemId: string;
  name: string;
  description: string;
  source: VoucherSource;
  grantedAt: number;
  expiresAt: number;
}

const toVoucher = (row: VouchersTable): Voucher => ({
  id: row.id,
  itemId: row.item_id,
  name: row.name,
  description: row.description,
  source: row.source,
  grantedAt: row.granted_at,
  expiresAt: row.expires_at,
});

export interface VouchersRepository {
  /** Inserts a voucher; false when the user already has one with this source key (nothing changes). */
  insert(voucher: Voucher & { userId: string; sourceKey: string }, trx: Executor): Promise<boolean>;
  findByKey(userId: string, sourceKey: string, trx?: Executor): Promise<Voucher | undefined>;
  /** How many of an item the user got from a source (the per-user exchange limit). */
  count(userId: string, itemId: string, source: VoucherSource, trx: Executor): Promise<number>;
  /** Vouchers newest first, strictly before the (at, id) cursor. */
  list(userId: string, before: { at: number; id: string } | undefined, limit: number): Promise<Voucher[]>;
}

export function createVouchersRepository(db: Kysely<Database>): VouchersRepository {
  return {
    async insert(voucher, trx) {
      const result = await trx
        .insertInto('vouchers')
        .values({
          id: voucher.id,
          user_id: voucher.userId,
          item_id: voucher.itemId,
          name: voucher.name,
          description: voucher.description,
          source: voucher.source,
          source_key: voucher.sourceKey,
          granted_at: voucher.grantedAt,
          expires_at: voucher.expiresAt,
        })
        .onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async findByKey(userId, sourceKey, trx = db) {
      const row = await trx.selectFrom('vouchers').selectAll().where('user_id', '=', userId).where('source_key', '=', sourceKey).executeTakeFirst();
      return row && toVoucher(row);
    },
    async count(userId, itemId, source, trx) {
      const row = await trx
        .selectFrom('vouchers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('item_id', '=', itemId)
        .where('source', '=', source)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async list(userId, before, limit) {
      let query = db.selectFrom('vouchers').selectAll().where('user_id', '=', userId);
      if (before) query = query.where((eb) => eb.or([eb('granted_at', '<', before.at), eb.and([eb('granted_at', '=', before.at), eb('id', '<', before.id)])]));
      const rows = await query.orderBy('granted_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toVoucher);
    },
  };
}
