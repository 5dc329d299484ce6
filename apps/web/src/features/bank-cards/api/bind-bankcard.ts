// bind-bankcard and user-bind-bankcard (SPEC §7, docs/api.md "Bank cards"): step 1 checks the card with
// the phone the bank has and sends a code there (a ticket comes back); step 2 confirms with the code.
// Answers go back to the page, which shows a problem at its field and anything else as a toast (SPEC §8).
import { API, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export type BindStarted = RefResponse<typeof API.bindBankcard>;
export type BoundCard = RefResponse<typeof API.userBindBankcard>;

export function startBinding(payload: RefRequest<typeof API.bindBankcard>): Promise<ApiResponse<BindStarted>> {
  return request(API.bindBankcard, payload, { loading: '验证中…', toastErrors: false });
}

export function confirmBinding(payload: RefRequest<typeof API.userBindBankcard>): Promise<ApiResponse<BoundCard>> {
  return request(API.userBindBankcard, payload, { loading: '绑定中…', toastErrors: false });
}
