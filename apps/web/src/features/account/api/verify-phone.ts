// SPEC §7 validateSmsCode -> POST /v1/user/verify-phone (docs/api.md): a logged-in user proves they still
// hold the account's phone with a code of purpose 'verify-phone'; the answer is a one-time ticket that
// save-phone needs. SPEC §7: any code other than '200' shows a toast with submsg, else msg (the API
// client's default); the answer comes back either way.
import { API, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export function validateSmsCode(payload: RefRequest<typeof API.verifyPhone>): Promise<ApiResponse<RefResponse<typeof API.verifyPhone>>> {
  return request(API.verifyPhone, payload, { loading: true });
}
