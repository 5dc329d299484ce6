// set-default-bankcard and unbind-bankcard (not in SPEC §7, docs/api.md "Bank cards"): the card payments
// use first, and unbinding confirmed by an SMS code of purpose 'unbind-card' to the account's phone.
import { API, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export function makeDefault(payload: RefRequest<typeof API.setDefaultBankcard>): Promise<ApiResponse<RefResponse<typeof API.setDefaultBankcard>>> {
  return request(API.setDefaultBankcard, payload, { loading: '设置中…' });
}

export function unbind(payload: RefRequest<typeof API.unbindBankcard>): Promise<ApiResponse<RefResponse<typeof API.unbindBankcard>>> {
  return request(API.unbindBankcard, payload, { loading: '解绑中…', toastErrors: false });
}
