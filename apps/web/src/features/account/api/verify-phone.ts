// SPEC §7 validateSmsCode -> POST /v1/user/verify-phone (docs/api.md): a logged-in user proves they still
// hold the account's phone with a code of purpose 'verify-phone'; the answer is a one-time ticket that
// save-phone needs. SPEC §7: any code other than '200' shows a toast with submsg, else msg (the API
// client's default); the answer comes back either way.
import { API_PATH, type ApiResponse } from '@tyd/protocol/wire';
import type { EndpointRequest, EndpointResponseData, verifyPhone } from '@tyd/protocol/schemas';
import { request } from '../../../lib/api-client';

export function validateSmsCode(payload: EndpointRequest<typeof verifyPhone>): Promise<ApiResponse<EndpointResponseData<typeof verifyPhone>>> {
  return request(API_PATH.verifyPhone, payload, { loading: true });
}
