import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { cursorField, pointsField, PRIZE_KINDS } from './reward-fields.js';

/** lucky-draw-history (session; not in SPEC §7): the user's draws, newest first, 20 a page. */
export const luckyDrawHistory = defineEndpoint({
  path: API_PATH.luckyDrawHistory,
  request: z.strictObject({ cursor: z.optional(cursorField) }),
  response: z.strictObject({
    items: z.array(
      z.strictObject({ drawId: z.string(), prizeName: z.string(), kind: z.enum(PRIZE_KINDS), points: z.nullable(pointsField), cost: pointsField, at: z.int() }),
    ),
    nextCursor: z.nullable(z.string()),
  }),
});
