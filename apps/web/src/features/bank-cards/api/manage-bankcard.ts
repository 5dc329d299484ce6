// set-default-bankcard and unbind-bankcard (not in SPEC §7, docs/api.md "Bank cards"): the card payments
// use first, and unbinding confirmed by an SMS code of purpose 'unbind-card' to the account's phone.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointRequest, EndpointResponseData, setDefaultBankcard, unbindBankcard } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export function makeDefault(payload: EndpointRequest<typeof setDefaultBankcard>): Promise<ApiResponse<EndpointResponseData<typeof setDefaultBankcard>>> {
  return request(API_PATH.setDefaultBankcard, payload, { loading: '设置中…' });
}

export function unbind(payload: EndpointRequest<typeof unbindBankcard>): Promise<ApiResponse<EndpointResponseData<typeof unbindBankcard>>> {
  return request(API_PATH.unbindBankcard, payload, { loading: '解绑中…', toastErrors: false });
}
