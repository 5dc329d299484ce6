import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { idempotencyKeyField, pointsField, prizeSchema } from './reward-fields.js';

/**
 * update-lucky-points (SPEC §7, session): one draw, which costs points. The server draws (CSPRNG); the same
 * idempotency key answers the same draw again (`repeated: true`) and never draws twice.
 */
export const updateLuckyPoints = defineEndpoint({
  path: API_PATH.updateLuckyPoints,
  request: z.strictObject({ idempotencyKey: idempotencyKeyField }),
  response: z.strictObject({
    drawId: z.string(),
    prize: prizeSchema,
    cost: pointsField,
    balance: pointsField,
    drawsLeftToday: z.int(),
    repeated: z.boolean(),
  }),
});
