import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { idempotencyKeyField, pointsField } from './reward-fields.js';
import { rewardItemIdField, voucherSchema } from './voucher-fields.js';

/**
 * exchange-points (session; not in SPEC §7): points for one voucher of an item, in one transaction. The
 * same idempotency key answers the same voucher again (`repeated: true`) and takes nothing more.
 */
export const exchangePoints = defineEndpoint({
  path: API_PATH.exchangePoints,
  request: z.strictObject({ itemId: rewardItemIdField, idempotencyKey: idempotencyKeyField }),
  response: z.strictObject({ voucher: voucherSchema, cost: pointsField, balance: pointsField, repeated: z.boolean() }),
});
