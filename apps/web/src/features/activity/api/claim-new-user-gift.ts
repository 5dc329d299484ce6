// POST /v1/index/claim-new-user-gift (docs/api.md "New-user gift"): claims the gift, once per verified
// person. Refusals (4611, 4813–4816) come back as answers for the page to explain in place, so nothing is
// toasted here; a press whose answer was lost is resent under the same key (lib/keyed-presses.ts).
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type GiftClaim = RefResponse<typeof API.claimNewUserGift>;

export function claimNewUserGift(idempotencyKey: string): Promise<ApiResponse<GiftClaim>> {
  return request(API.claimNewUserGift, { idempotencyKey }, { toastErrors: false });
}
