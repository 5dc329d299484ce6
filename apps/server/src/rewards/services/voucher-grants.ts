// Giving a voucher (docs/api.md "Vouchers and exchange"): one path for every source (exchange, redeem
// code, new-user gift, invitation). Inside the caller's transaction, the source key is claimed first (a
// retried grant finds its voucher and gives nothing more), then one is taken from the item's stock; when
// none is left it throws, and the caller's transaction undoes the claim. A voucher given for points (an
// exchange) is given only while the item is on offer at the price the caller debited: that condition is in
// the stock's conditional update, inside the caller's transaction, so an operator who withdraws the item or
// changes its price while the exchange is in flight never sees it sold at the old terms.
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import type { VoucherSource } from '../../db/schema.js';
import type { RewardItemsRepository } from '../repositories/reward-items-repository.js';
import type { Voucher, VouchersRepository } from '../repositories/vouchers-repository.js';

const DAY_MS = 86_400_000;

export class ItemUnavailable extends Error {
  override readonly name = 'ItemUnavailable';
  constructor(
    readonly itemId: string,
    /** `off-sale` and `price-changed` only for a grant `forPoints`. */
    readonly reason: 'unknown' | 'out-of-stock' | 'off-sale' | 'price-changed',
    /** The item's points price now (price-changed). */
    readonly pointsCost: number | null = null,
  ) {
    super(`reward item ${itemId}: ${reason}`);
  }
}

export interface VoucherGrants {
  /**
   * Gives the user one voucher of the item under a per-user source key. `granted` is false when the key
   * was used before (the voucher then is the one given then). With `forPoints`, only while the item is on
   * offer (active) at exactly that points price. Throws ItemUnavailable (nothing given).
   */
  grant(
    input: { userId: string; itemId: string; source: VoucherSource; key: string; now: number; forPoints?: number },
    trx: Executor,
  ): Promise<{ voucher: Voucher; granted: boolean }>;
}

export function createVoucherGrants(deps: { items: RewardItemsRepository; vouchers: VouchersRepository }): VoucherGrants {
  return {
    async grant({ userId, itemId, source, key, now, forPoints }, trx) {
      const item = await deps.items.find(itemId, trx);
      if (!item) throw new ItemUnavailable(itemId, 'unknown');
      const voucher: Voucher = {
        id: randomUUID(),
        itemId,
        name: item.name,
        description: item.description,
        source,
        grantedAt: now,
        expiresAt: now + item.validDays * DAY_MS,
      };
      if (!(await deps.vouchers.insert({ ...voucher, userId, sourceKey: key }, trx))) {
        const earlier = await deps.vouchers.findByKey(userId, key, trx);
        if (!earlier) throw new Error('a voucher source key was taken but its voucher is not there');
        return { voucher: earlier, granted: false };
      }
      if (!(await deps.items.takeOne(itemId, trx, forPoints))) {
        if (forPoints === undefined) throw new ItemUnavailable(itemId, 'out-of-stock');
        // Why the conditional update found nothing, read after it (on PostgreSQL after any change it waited for).
        const current = await deps.items.find(itemId, trx);
        if (!current) throw new ItemUnavailable(itemId, 'unknown');
        if (!current.active || current.pointsCost === null) throw new ItemUnavailable(itemId, 'off-sale');
        if (current.pointsCost !== forPoints) throw new ItemUnavailable(itemId, 'price-changed', current.pointsCost);
        throw new ItemUnavailable(itemId, 'out-of-stock');
      }
      return { voucher, granted: true };
    },
  };
}
