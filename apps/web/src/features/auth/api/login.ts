// POST /v1/user/user-login-v1 (issue 5): log in, or register, with a phone and an SMS code of purpose
// 'login' in one step; a new user sends the agreement version the page showed (else 409/4210).
// SPEC §4: success stores the session (token in state, storage, client configuration and cookie; the
// phone masked); failure clears it. Failures are returned to the page, which shows them next to the
// field they concern or as a toast (SPEC §8 text: submsg, else msg).
import { CODE, type ApiResponse, type EndpointRequest, type EndpointResponseData, type userLoginV1 } from '@tyd/protocol';
import { request } from '../../../lib/api-client';
import { clearSession, rememberLoginPhone, startSession } from '../../../lib/session';

export const USER_LOGIN_PATH = '/v1/user/user-login-v1';

export type LoginPayload = EndpointRequest<typeof userLoginV1>;
export type LoginData = EndpointResponseData<typeof userLoginV1>;

export async function loginWithSmsCode(payload: LoginPayload): Promise<ApiResponse<LoginData>> {
  const response = await request<LoginData>(USER_LOGIN_PATH, payload, { loading: '登录中…', toastErrors: false });
  if (response.code === CODE.OK && response.data) {
    startSession({ accessToken: response.data.accessToken, phone: response.data.phone });
    rememberLoginPhone(payload.phone);
  } else {
    clearSession();
  }
  return response;
}
