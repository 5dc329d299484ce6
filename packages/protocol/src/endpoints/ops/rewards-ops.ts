// The operators' rewards calls (docs/api.md "Rewards operations"): the summary, prizes, items (vouchers),
// redeem batches and the new-user gift, plain JSON behind the admin token at OPS_PATH's rewards addresses.
// What may be set beyond these shapes (ranges, lengths once trimmed, items that exist) the server checks
// and refuses with its reason (400/4009), the same rules as the admin command.
import * as z from 'zod/mini';
import { OPS_PATH } from '../../ops-paths.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { PRIZE_KINDS } from '../rewards/reward-fields.js';
import { operatorField, opsReasonField, opsTimeField } from './ops-fields.js';

/** Null: no limit (stock, per-user limit) or not set (a prize's points, an item's cost: not on offer). */
const count = z.int();
const itemId = z.string().check(z.maxLength(64));

export const opsPrizeSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PRIZE_KINDS),
  points: z.nullable(count),
  weight: count,
  stock: z.nullable(count),
  active: z.boolean(),
  /** The chance of a draw, percent with up to two decimals ('0' when not active). */
  oddsPercent: z.string(),
});
export type OpsPrize = z.output<typeof opsPrizeSchema>;

export const opsItemSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pointsCost: z.nullable(count),
  stock: z.nullable(count),
  perUserLimit: z.nullable(count),
  validDays: count,
  active: z.boolean(),
});
export type OpsItem = z.output<typeof opsItemSchema>;

/** Points or an item, never both: a redeem batch's reward, a line of the new-user gift. */
export const opsRewardSchema = z.union([z.strictObject({ points: count, itemId: z.null() }), z.strictObject({ points: z.null(), itemId: z.string() })]);
export type OpsGiftLine = z.output<typeof opsRewardSchema>;

const batchFields = {
  id: z.string(),
  name: z.string(),
  reward: opsRewardSchema,
  /** How many codes the batch has. */
  codes: count,
  /** The end of the China day it expires on. */
  expiresAt: opsTimeField,
  revokedAt: z.nullable(opsTimeField),
  createdBy: z.string(),
  createdAt: opsTimeField,
};
export const opsBatchSchema = z.strictObject(batchFields);
export type OpsBatch = z.output<typeof opsBatchSchema>;
/** A batch in the summary, with how many of its codes were used. */
export const opsBatchUsageSchema = z.strictObject({ ...batchFields, used: count });
export type OpsBatchUsage = z.output<typeof opsBatchUsageSchema>;

export const OPS_CHANGE_SUBJECTS = ['prize', 'item', 'gift', 'redeem-batch', 'grant'] as const;
/** A change as reward_changes keeps it: `change` is what was set, as recorded (its shape is the subject's). */
export const opsChangeSchema = z.strictObject({
  subject: z.enum(OPS_CHANGE_SUBJECTS),
  subjectId: z.string(),
  operator: z.string(),
  change: z.unknown(),
  at: opsTimeField,
});
export type OpsChange = z.output<typeof opsChangeSchema>;

/** GET: prizes with their odds, every item (on offer or not), batches newest first, the gift, the 50 newest changes. */
export const opsRewardsSummary = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.rewards,
  request: z.strictObject({}),
  response: z.strictObject({
    prizes: z.array(opsPrizeSchema),
    items: z.array(opsItemSchema),
    batches: z.array(opsBatchUsageSchema),
    gift: z.array(opsRewardSchema),
    changes: z.array(opsChangeSchema),
  }),
});
export type OpsRewardsSummary = z.output<typeof opsRewardsSummary.response>;

/** Sets the fields given; null stock is no limit. */
export const opsRewardsChangePrize = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsPrize,
  request: z.strictObject({
    by: operatorField,
    name: z.optional(z.string().check(z.maxLength(100))),
    points: z.optional(z.nullable(count)),
    weight: z.optional(count),
    stock: z.optional(z.nullable(count)),
    active: z.optional(z.boolean()),
  }),
  response: z.strictObject({ prize: opsPrizeSchema }),
});

/** Sets the fields given; a null pointsCost takes the item off offer, a null stock or perUserLimit is no limit. */
export const opsRewardsChangeItem = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsItem,
  request: z.strictObject({
    by: operatorField,
    name: z.optional(z.string().check(z.maxLength(100))),
    description: z.optional(z.string().check(z.maxLength(400))),
    pointsCost: z.optional(z.nullable(count)),
    stock: z.optional(z.nullable(count)),
    perUserLimit: z.optional(z.nullable(count)),
    validDays: z.optional(count),
    active: z.optional(z.boolean()),
  }),
  response: z.strictObject({ item: opsItemSchema }),
});

/** A batch of `count` codes giving `points` or the item `itemId` (one of the two), working through `expires` (YYYY-MM-DD, China time). */
export const opsRewardsCreateBatch = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsBatches,
  request: z.strictObject({
    by: operatorField,
    name: z.string().check(z.maxLength(100)),
    points: z.optional(count),
    itemId: z.optional(itemId),
    count,
    expires: z.string().check(z.maxLength(10)),
  }),
  /** The codes (XXXX-XXXX-XXXX-XXXX) are in this answer only: only their hashes are kept. */
  response: z.strictObject({ batch: opsBatchSchema, codes: z.array(z.string()) }),
});

/** Its unused codes stop working at once; a second revoke is refused (400). */
export const opsRewardsRevokeBatch = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsBatchRevoke,
  request: z.strictObject({ by: operatorField }),
  response: z.strictObject({ batch: opsBatchSchema }),
});

/** Replaces the new-user gift's lines; [] closes the gift. */
export const opsRewardsReplaceGift = defineOpsEndpoint({
  method: 'PUT',
  path: OPS_PATH.rewardsGift,
  request: z.strictObject({
    by: operatorField,
    lines: z.array(z.union([z.strictObject({ points: count }), z.strictObject({ itemId })])).check(z.maxLength(100)),
  }),
  response: z.strictObject({ gift: z.array(opsRewardSchema) }),
});

/** An idempotency key: the same key grants once, however often it is sent (a retry, a double click). */
export const OPS_GRANT_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Grants `points` to the active account of `phone`, under `key`; `granted` false when that key granted
 * before (nothing changed). More than OPS_APPROVAL_POINTS waits for a second rewards manager (202).
 */
export const opsRewardsGrant = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsGrants,
  request: z.strictObject({
    phone: z.string().check(z.maxLength(20)),
    points: count,
    key: z.string().check(z.regex(OPS_GRANT_KEY)),
    /** Why (a ticket, a campaign): kept in the audit and the request a checker reads. */
    reason: opsReasonField,
  }),
  response: z.strictObject({ phone: z.string(), points: z.int(), granted: z.boolean() }),
});

/**
 * POST: adds a voucher (coupon) to the catalogue, as `npm run admin -- rewards item-add` does: off offer, no
 * points cost and no stock, so it creates no value by itself; its cost, stock and offer are set as any item's.
 * `id`: 1 to 36 of a-z, 0-9 or -, starting with a letter or digit (the server checks it and the lengths).
 */
export const opsRewardsAddItem = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.rewardsItems,
  request: z.strictObject({
    id: itemId,
    name: z.string().check(z.maxLength(100)),
    description: z.string().check(z.maxLength(400)),
    validDays: count,
  }),
  response: z.strictObject({ item: opsItemSchema }),
});
