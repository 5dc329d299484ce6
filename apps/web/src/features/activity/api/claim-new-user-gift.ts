// POST /v1/index/claim-new-user-gift (docs/api.md "New-user gift"): claims the gift, once per verified
// person. Refusals (4611, 4813–4816) come back as answers for the page to explain in place, so nothing is
// toasted here; a press whose answer was lost is resent under the same key (lib/keyed-presses.ts).
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { claimNewUserGift as claimNewUserGiftEndpoint, EndpointResponseData } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export type GiftClaim = EndpointResponseData<typeof claimNewUserGiftEndpoint>;

export function claimNewUserGift(idempotencyKey: string): Promise<ApiResponse<GiftClaim>> {
  return request<GiftClaim>(API_PATH.claimNewUserGift, { idempotencyKey }, { toastErrors: false });
}
