import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { pointsField, prizeSchema } from './reward-fields.js';

/**
 * lucky-draw-info (session; not in SPEC §7): what the lucky-draw page discloses (prize types, odds and what
 * is left, the cost, the daily limit, how long points stay valid) and the user's balance and draws left today.
 */
export const luckyDrawInfo = defineEndpoint({
  path: API_PATH.luckyDrawInfo,
  request: z.strictObject({}),
  response: z.strictObject({
    open: z.boolean(),
    balance: pointsField,
    cost: pointsField,
    dailyLimit: z.int(),
    drawsLeftToday: z.int(),
    pointsValidDays: z.int(),
    prizes: z.array(
      z.strictObject({
        ...prizeSchema.shape,
        /** The chance per draw as a percentage with up to two decimals, e.g. "2.5". */
        oddsPercent: z.string(),
        /** Prizes left, or null for no limit; a prize that runs out is won as 谢谢参与 instead. */
        stockLeft: z.nullable(z.int()),
      }),
    ),
  }),
});
