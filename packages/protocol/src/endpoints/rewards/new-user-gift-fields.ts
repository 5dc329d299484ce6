// Fields of the new-user gift endpoints (docs/api.md "New-user gift").
import * as z from 'zod/mini';
import { pointsField } from './reward-fields.js';

/** One line of the gift: points, or one voucher of a catalogue item (valid `validDays` from when it is given). */
export const giftLineSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('points'), points: pointsField }),
  z.strictObject({ kind: z.literal('voucher'), itemId: z.string(), name: z.string(), description: z.string(), validDays: z.int() }),
]);
export type GiftLineView = z.output<typeof giftLineSchema>;

/**
 * What the page offers the account: claimable; claimed (by this account, or by the same person on another
 * account: `claimedElsewhere`); needs-verification (claimable once verified); window-closed (past the days
 * after registration); closed (the gift holds nothing); needs-login (asked without a session: the offer
 * as a new visitor sees it).
 */
export const GIFT_STATES = ['claimable', 'claimed', 'needs-verification', 'window-closed', 'closed', 'needs-login'] as const;
export type GiftState = (typeof GIFT_STATES)[number];
