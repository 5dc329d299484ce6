// signOff (SPEC §7) -> POST /v1/user/cancel (docs/api.md): deregisters the logged-in account at once,
// confirmed by a fresh SMS code of purpose 'deregister'. Code 200 clears the session (SPEC §4). Other
// answers go back to the page, which shows a code problem at the code field and anything else as a
// toast (SPEC §8: submsg, else msg); a 401 takes the app's usual way to login.
import { API, CODE, type ApiResponse, type RefRequest } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** SPEC §7 signOff. */
export async function signOff(payload: RefRequest<typeof API.cancelAccount>): Promise<ApiResponse> {
  const response = await request(API.cancelAccount, payload, { loading: '注销中…', toastErrors: false });
  if (response.code === CODE.OK) clearSession();
  return response;
}
