import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { cursorField } from './reward-fields.js';
import { voucherSchema } from './voucher-fields.js';

/** my-vouchers (session; not in SPEC §7): the user's vouchers, valid and expired, newest first, 20 a page. */
export const myVouchers = defineEndpoint({
  path: API_PATH.myVouchers,
  request: z.strictObject({ cursor: z.optional(cursorField) }),
  response: z.strictObject({ items: z.array(voucherSchema), nextCursor: z.nullable(z.string()) }),
});
