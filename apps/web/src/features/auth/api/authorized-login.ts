// POST /v1/user/authorized-login (docs/api.md, no session): trades a one-time authorisation code handed over
// by the native app or a partner page for a session. Expired 4214, used 4215, unknown or forged 4213.
// SPEC §4: success stores the session, failure clears it (the page must not go on as someone other
// than the person the code was issued for).
import { API, CODE, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession, startSession } from '../../../lib/session';

export type AuthorizedLoginData = RefResponse<typeof API.authorizedLogin>;

// One exchange per code and page life: a code is single use, and the server revokes the session of a
// code presented twice, so a re-mounted page must share the first call rather than send it again.
const exchanges = new Map<string, Promise<ApiResponse<AuthorizedLoginData>>>();

async function exchange(authCode: string): Promise<ApiResponse<AuthorizedLoginData>> {
  const response = await request(API.authorizedLogin, { authCode }, { toastErrors: false, unauthorized: 'ignore' });
  if (response.code === CODE.OK && response.data) startSession(response.data);
  else clearSession();
  return response;
}

export function loginWithAuthCode(authCode: string): Promise<ApiResponse<AuthorizedLoginData>> {
  let pending = exchanges.get(authCode);
  if (!pending) {
    pending = exchange(authCode);
    exchanges.set(authCode, pending);
    // No answer (network): the user may try again.
    pending.catch(() => exchanges.delete(authCode));
  }
  return pending;
}
