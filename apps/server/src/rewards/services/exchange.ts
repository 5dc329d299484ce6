// Activity exchange (/activity-exchange, SPEC §2; docs/api.md "Vouchers and exchange"): points for one
// voucher of a catalogue item, in ONE transaction: the debit (whose conditional update on the balance row
// also queues this user's other exchanges behind it), then the per-user limit counted, then the voucher
// given with one taken from the stock by a conditional update. Any refusal undoes all of it, so nothing
// is lost or given twice; parallel exchanges never oversell a stock nor take a balance below zero. The
// client's idempotency key names the exchange: a retried request answers the same voucher, `repeated`.
// The price debited is the one read before the transaction; the stock's conditional update takes one only
// while the item is still on offer at that price, so an operator's withdrawal or new price that lands
// before it (or holds the row while it waits) refuses the exchange with nothing spent: 4804, or 4819 with
// the price now.
import { CODE, SUBCODE } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { DEFAULT_PAGE_SIZE, type ListCursors } from '../../lib/list-cursor.js';
import type { PointsRepository } from '../repositories/points-repository.js';
import type { RewardItem, RewardItemsRepository } from '../repositories/reward-items-repository.js';
import type { Voucher, VouchersRepository } from '../repositories/vouchers-repository.js';
import { InsufficientPoints, type PointsLedger } from './points-ledger.js';
import { ItemUnavailable, type VoucherGrants } from './voucher-grants.js';

/** A voucher as the user sees it: still valid, or expired (server clock). */
export const voucherView = (voucher: Voucher, now: number) => ({ ...voucher, state: voucher.expiresAt > now ? ('valid' as const) : ('expired' as const) });
export type VoucherView = ReturnType<typeof voucherView>;

/** On offer for points: active and with a points cost. */
const onOffer = (item: RewardItem | undefined): item is RewardItem & { pointsCost: number } => item !== undefined && item.active && item.pointsCost !== null;

/** Why the voucher could not be given, as the exchange's answer. */
const itemRefusal = (error: ItemUnavailable): ApiError => {
  switch (error.reason) {
    case 'out-of-stock':
      return new ApiError(CODE.CONFLICT, SUBCODE.EXCHANGE_OUT_OF_STOCK);
    case 'price-changed':
      return new ApiError(CODE.CONFLICT, SUBCODE.EXCHANGE_PRICE_CHANGED, { data: { pointsCost: error.pointsCost } });
    case 'unknown':
    case 'off-sale':
      return new ApiError(CODE.CONFLICT, SUBCODE.EXCHANGE_ITEM_UNAVAILABLE);
  }
};

/** The key of this exchange's debit and voucher (per user, from the client's idempotency key). */
const exchangeKey = (idempotencyKey: string) => `exchange:${idempotencyKey}`;

/** Thrown inside the transaction when a parallel request with the same key got there first: undo, then answer its voucher. */
class SameKeyFirst extends Error {
  override readonly name = 'SameKeyFirst';
}

export interface ExchangeDeps {
  db: Kysely<Database>;
  items: RewardItemsRepository;
  vouchers: VouchersRepository;
  voucherGrants: VoucherGrants;
  points: PointsRepository;
  ledger: PointsLedger;
  /** my-vouchers' cursors (lib/list-cursor.ts). */
  cursors: ListCursors;
}

export function createExchange(deps: ExchangeDeps) {
  const { items, vouchers, points, ledger } = deps;
  const limitReached = (limit: number) => new ApiError(CODE.CONFLICT, SUBCODE.EXCHANGE_LIMIT_REACHED, { data: { limit } });

  /** The exchange made under this key, answered again; a key that named an exchange of another item is refused. */
  const repeatedAnswer = async (userId: string, itemId: string, idempotencyKey: string, now: number) => {
    const earlier = await vouchers.findByKey(userId, exchangeKey(idempotencyKey));
    if (!earlier) return undefined;
    if (earlier.itemId !== itemId)
      throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { data: { reason: 'idempotencyKey: already used for another item' } });
    const debit = await points.findEntry(userId, exchangeKey(idempotencyKey));
    return { voucher: voucherView(earlier, now), cost: -(debit?.amount ?? 0), balance: await points.balance(userId), repeated: true };
  };

  return {
    async info(userId: string, now: number) {
      // The write-off's transaction only when a lot has run out (lucky-draw.ts info says why).
      if (await ledger.hasExpired(userId, now)) await deps.db.transaction().execute((trx) => ledger.expire(userId, now, trx));
      const offered = (await items.list()).filter(onOffer);
      return {
        balance: await points.balance(userId),
        items: await Promise.all(
          offered.map(async (item) => ({
            id: item.id,
            name: item.name,
            description: item.description,
            pointsCost: item.pointsCost,
            stockLeft: item.stock,
            perUserLimit: item.perUserLimit,
            usedByMe: await vouchers.count(userId, item.id, 'exchange', deps.db),
            validDays: item.validDays,
          })),
        ),
      };
    },

    async exchange(userId: string, itemId: string, idempotencyKey: string, now: number) {
      const replay = await repeatedAnswer(userId, itemId, idempotencyKey, now);
      if (replay) return replay;
      const item = await items.find(itemId);
      if (!onOffer(item)) throw new ApiError(CODE.CONFLICT, SUBCODE.EXCHANGE_ITEM_UNAVAILABLE);
      const cost = item.pointsCost;
      // Said before the debit so a user at the limit hears that rather than 积分不足; counted again below.
      if (item.perUserLimit !== null && (await vouchers.count(userId, itemId, 'exchange', deps.db)) >= item.perUserLimit) throw limitReached(item.perUserLimit);
      try {
        const voucher = await deps.db.transaction().execute(async (trx) => {
          try {
            if (!(await ledger.debit({ userId, amount: cost, reason: 'exchange', key: exchangeKey(idempotencyKey), now }, trx))) throw new SameKeyFirst();
          } catch (error) {
            if (error instanceof InsufficientPoints) throw new ApiError(CODE.CONFLICT, SUBCODE.POINTS_INSUFFICIENT, { data: { balance: error.balance, cost } });
            throw error;
          }
          // After the debit, which queued this user's other exchanges behind it: the count is exact.
          if (item.perUserLimit !== null && (await vouchers.count(userId, itemId, 'exchange', trx)) >= item.perUserLimit) throw limitReached(item.perUserLimit);
          try {
            const granted = await deps.voucherGrants.grant({ userId, itemId, source: 'exchange', key: exchangeKey(idempotencyKey), now, forPoints: cost }, trx);
            if (!granted.granted) throw new SameKeyFirst();
            return granted.voucher;
          } catch (error) {
            if (error instanceof ItemUnavailable) throw itemRefusal(error);
            throw error;
          }
        });
        return { voucher: voucherView(voucher, now), cost, balance: await points.balance(userId), repeated: false };
      } catch (error) {
        if (!(error instanceof SameKeyFirst)) throw error;
        const answer = await repeatedAnswer(userId, itemId, idempotencyKey, now);
        if (!answer) throw new Error('an exchange key was used but its voucher is not there');
        return answer;
      }
    },

    async myVouchers(userId: string, cursor: string | undefined, now: number) {
      const list = `vouchers:${userId}`;
      const rows = await vouchers.list(userId, deps.cursors.decode(cursor, list), DEFAULT_PAGE_SIZE + 1);
      const page = deps.cursors.pageOf(rows, DEFAULT_PAGE_SIZE, list, (voucher) => ({ at: voucher.grantedAt, id: voucher.id }));
      return { items: page.rows.map((voucher) => voucherView(voucher, now)), nextCursor: page.nextCursor };
    },
  };
}
export type Exchange = ReturnType<typeof createExchange>;
