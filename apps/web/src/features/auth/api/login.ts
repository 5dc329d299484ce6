// POST /v1/user/user-login-v1 (docs/api.md): log in, or register, with a phone and an SMS code of purpose
// 'login' in one step; a new user sends the agreement version the page showed (else 409/4210).
// SPEC §4: success stores the session (token in state, storage, client configuration and cookie; the
// phone masked); failure clears it. Failures are returned to the page, which shows them next to the
// field they concern or as a toast (SPEC §8 text: submsg, else msg). An `inviteCode` comes from a link
// (untrusted): it is sent normalised when it is a well-formed invite code, else left out, so a mangled
// link never blocks a login (an unknown but well-formed code still gets the server's 400/4211).
import { API, CODE, readInviteCode, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession, rememberLoginPhone, startSession } from '../../../lib/session';

export type LoginPayload = RefRequest<typeof API.userLoginV1>;
export type LoginData = RefResponse<typeof API.userLoginV1>;

export async function loginWithSmsCode({ inviteCode, ...rest }: LoginPayload): Promise<ApiResponse<LoginData>> {
  const invite = readInviteCode(inviteCode);
  const payload: LoginPayload = invite ? { ...rest, inviteCode: invite } : rest;
  const response = await request(API.userLoginV1, payload, { loading: '登录中…', toastErrors: false });
  if (response.code === CODE.OK && response.data) {
    startSession({ accessToken: response.data.accessToken, phone: response.data.phone });
    rememberLoginPhone(payload.phone);
  } else {
    clearSession();
  }
  return response;
}
