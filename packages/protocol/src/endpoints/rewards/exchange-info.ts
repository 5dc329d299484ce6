import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { pointsField } from './reward-fields.js';

/**
 * exchange-info (session; not in SPEC §7): what /activity-exchange offers. The balance and the items on
 * offer for points, with what is left (null: plenty; 0: 已兑完), the per-user limit and how many the
 * caller has exchanged.
 */
export const exchangeInfo = defineEndpoint({
  path: API_PATH.exchangeInfo,
  request: z.strictObject({}),
  response: z.strictObject({
    balance: pointsField,
    items: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        pointsCost: pointsField,
        stockLeft: z.nullable(z.int()),
        /** Null: no limit per user. */
        perUserLimit: z.nullable(z.int()),
        usedByMe: z.int(),
        /** How long a voucher stays valid from the exchange. */
        validDays: z.int(),
      }),
    ),
  }),
});
