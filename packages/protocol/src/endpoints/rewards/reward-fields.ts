// Fields of the points and lucky-draw endpoints (docs/api.md "Points and the lucky draw").
import * as z from 'zod/mini';

/** A client-chosen key per user action (a UUID or 16+ random base64url characters): a retried request with the same key never acts twice. */
export const idempotencyKeyField = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/));

/** An opaque paging cursor from a previous answer: any string passes, the server answers a foreign one 400/4701 (content-fields.ts listCursorField). */
export { listCursorField as cursorField } from '../content/content-fields.js';

/** Whole points; bounded so nothing on the wire can overflow a 32-bit column. */
export const pointsField = z.int().check(z.minimum(-1_000_000_000), z.maximum(1_000_000_000));

export const PRIZE_KINDS = ['points', 'thanks'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export const prizeSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PRIZE_KINDS),
  /** Points credited when won (kind 'points'), else null. */
  points: z.nullable(pointsField),
});

/** Why a ledger entry was written. */
export const POINTS_REASONS = ['draw-cost', 'draw-prize', 'expiry', 'operator-grant', 'invite-reward', 'new-user-gift', 'exchange', 'redeem-code'] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];
