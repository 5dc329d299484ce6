// Fields of the voucher endpoints (docs/api.md "Vouchers and exchange"). A voucher (卡券) is held for the
// lending product until it expires; nothing in these endpoints consumes it.
import * as z from 'zod/mini';

/** A catalogue item's id (reward_items.id): lower-case letters, digits and hyphens. */
export const rewardItemIdField = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,35}$/));

/** Where a voucher came from. */
export const VOUCHER_SOURCES = ['exchange', 'redeem-code', 'new-user-gift', 'invite'] as const;
export type VoucherSourceName = (typeof VOUCHER_SOURCES)[number];

export const VOUCHER_STATES = ['valid', 'expired'] as const;

export const voucherSchema = z.strictObject({
  id: z.string(),
  itemId: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.enum(VOUCHER_SOURCES),
  grantedAt: z.int(),
  expiresAt: z.int(),
  /** 'expired' from expiresAt on (server clock). */
  state: z.enum(VOUCHER_STATES),
});
