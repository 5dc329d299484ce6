import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { cursorField, pointsField, POINTS_REASONS } from './reward-fields.js';

/** points-ledger (session; not in SPEC §7): the balance, the points expiring next, and the entries, newest first, 20 a page. */
export const pointsLedger = defineEndpoint({
  path: API_PATH.pointsLedger,
  request: z.strictObject({ cursor: z.optional(cursorField) }),
  response: z.strictObject({
    balance: pointsField,
    /** The points that expire first and when (ms), or null when none will. */
    expiring: z.nullable(z.strictObject({ points: pointsField, at: z.int() })),
    items: z.array(z.strictObject({ id: z.string(), amount: pointsField, reason: z.enum(POINTS_REASONS), at: z.int(), expiresAt: z.nullable(z.int()) })),
    nextCursor: z.nullable(z.string()),
  }),
});
