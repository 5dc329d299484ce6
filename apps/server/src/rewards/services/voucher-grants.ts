// Giving a voucher (docs/api.md "Vouchers and exchange"): one path for every source (exchange, redeem
// code, new-user gift, invitation). Inside the caller's transaction, the source key is claimed first (a
// retried grant finds its voucher and gives nothing more), then one is taken from the item's stock; when
// none is left it throws, and the caller's transaction undoes the claim.
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
    readonly reason: 'unknown' | 'out-of-stock',
  ) {
    super(`reward item ${itemId}: ${reason}`);
  }
}

export interface VoucherGrants {
  /**
   * Gives the user one voucher of the item under a per-user source key. `granted` is false when the key
   * was used before (the voucher then is the one given then). Throws ItemUnavailable (nothing given).
   */
  grant(input: { userId: string; itemId: string; source: VoucherSource; key: string; now: number }, trx: Executor): Promise<{ voucher: Voucher; granted: boolean }>;
}

export function createVoucherGrants(deps: { items: RewardItemsRepository; vouchers: VouchersRepository }): VoucherGrants {
  return {
    async grant({ userId, itemId, source, key, now }, trx) {
      const item = await deps.items.find(itemId, trx);
      if (!item) throw new ItemUnavailable(itemId, 'unknown');
      const voucher: Voucher = { id: randomUUID(), itemId, name: item.name, description: item.description, source, grantedAt: now, expiresAt: now + item.validDays * DAY_MS };
      if (!(await deps.vouchers.insert({ ...voucher, userId, sourceKey: key }, trx))) {
        const earlier = await deps.vouchers.findByKey(userId, key, trx);
        if (!earlier) throw new Error('a voucher source key was taken but its voucher is not there');
        return { voucher: earlier, granted: false };
      }
      if (!(await deps.items.takeOne(itemId, trx))) throw new ItemUnavailable(itemId, 'out-of-stock');
      return { voucher, granted: true };
    },
  };
}
