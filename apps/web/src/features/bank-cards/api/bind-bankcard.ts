// bind-bankcard and user-bind-bankcard (SPEC §7, docs/api.md "Bank cards"): step 1 checks the card with
// the phone the bank has and sends a code there (a ticket comes back); step 2 confirms with the code.
// Answers go back to the page, which shows a problem at its field and anything else as a toast (SPEC §8).
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointRequest, EndpointResponseData, bindBankcard, userBindBankcard } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export type BindStarted = EndpointResponseData<typeof bindBankcard>;
export type BoundCard = EndpointResponseData<typeof userBindBankcard>;

export function startBinding(payload: EndpointRequest<typeof bindBankcard>): Promise<ApiResponse<BindStarted>> {
  return request<BindStarted>(API_PATH.bindBankcard, payload, { loading: '验证中…', toastErrors: false });
}

export function confirmBinding(payload: EndpointRequest<typeof userBindBankcard>): Promise<ApiResponse<BoundCard>> {
  return request<BoundCard>(API_PATH.userBindBankcard, payload, { loading: '绑定中…', toastErrors: false });
}
