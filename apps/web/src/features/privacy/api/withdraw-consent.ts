// POST /v1/user/withdraw-consent (docs/api.md "Personal information"; PIPL art. 15): the server records the
// withdrawal and ends every session of the account, so this device's session is cleared on '200' (SPEC §4)
// and on a 401 (it ended already). Any other answer leaves things as they were: the page says it.
import { API, CODE, type ApiResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export async function withdrawConsent(): Promise<ApiResponse> {
  const answer = await request(API.withdrawConsent, {}, { loading: '提交中…', toastErrors: false, unauthorized: 'ignore' });
  if (answer.code === CODE.OK || answer.code === CODE.UNAUTHORIZED) clearSession();
  return answer;
}
