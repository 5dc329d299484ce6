// POST /v1/index/redeem-code (docs/api.md "Redeem codes"): a code for points or a voucher. The idempotency
// key makes a resent press answer the same result (`repeated: true`). Refusals (4807–4812) come back as
// answers the form explains under the field, so nothing is toasted here.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type RedeemResult = RefResponse<typeof API.redeemCode>;

export function redeemOnce(code: string, idempotencyKey: string): Promise<ApiResponse<RedeemResult>> {
  return request(API.redeemCode, { code, idempotencyKey }, { toastErrors: false });
}
