import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { REDEEM_CODE_MAX_INPUT } from '../../redeem-codes.js';
import { defineEndpoint } from '../define-endpoint.js';
import { idempotencyKeyField, pointsField } from './reward-fields.js';
import { voucherSchema } from './voucher-fields.js';

/**
 * redeem-code (session; not in SPEC §7): a single-use code for points or one voucher. `code` as typed
 * (case, spaces and hyphens do not matter); the same idempotency key with the same code answers the
 * same result again (`repeated: true`). Refused codes count against an hourly budget (4811).
 */
export const redeemCode = defineEndpoint({
  path: API_PATH.redeemCode,
  request: z.strictObject({ code: z.string().check(z.maxLength(REDEEM_CODE_MAX_INPUT)), idempotencyKey: idempotencyKeyField }),
  response: z.strictObject({
    kind: z.enum(['points', 'voucher']),
    /** Points credited (kind 'points'), else null. */
    points: z.nullable(pointsField),
    /** The voucher given (kind 'voucher'), else null. */
    voucher: z.nullable(voucherSchema),
    balance: pointsField,
    repeated: z.boolean(),
  }),
});
