// POST /v1/index/update-lucky-points (SPEC §7; docs/api.md "Points and the lucky draw"): one draw. The
// server draws; the idempotency key makes a resent press answer the same draw (`repeated: true`) instead
// of drawing again. Failure answers (4801–4803 and the rest) come back as answers for the page to show in
// place, so nothing is toasted here.
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type DrawResult = RefResponse<typeof API.updateLuckyPoints>;

export function drawOnce(idempotencyKey: string): Promise<ApiResponse<DrawResult>> {
  return request(API.updateLuckyPoints, { idempotencyKey }, { toastErrors: false });
}
