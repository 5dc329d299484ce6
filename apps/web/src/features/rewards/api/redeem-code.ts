// POST /v1/index/redeem-code (docs/api.md "Redeem codes"): a code for points or a voucher. The idempotency
// key makes a resent press answer the same result (`repeated: true`). Refusals (4807–4812) come back as
// answers the form explains under the field, so nothing is toasted here.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointResponseData, redeemCode as redeemCodeEndpoint } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export type RedeemResult = EndpointResponseData<typeof redeemCodeEndpoint>;

export function redeemOnce(code: string, idempotencyKey: string): Promise<ApiResponse<RedeemResult>> {
  return request<RedeemResult>(API_PATH.redeemCode, { code, idempotencyKey }, { toastErrors: false });
}
