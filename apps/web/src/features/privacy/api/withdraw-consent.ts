// POST /v1/user/withdraw-consent (docs/api.md "Personal information"; PIPL art. 15): the server records the
// withdrawal and ends every session of the account. `withdrawn` says whether this device's session must be
// cleared now ('200', SPEC §4, or a 401: it ended already); the card clears it once its page stopped reading
// (withdraw-consent-card.tsx). Any other answer leaves things as they were: the page says it.
import { API, CODE, type ApiResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';

export async function withdrawConsent(): Promise<{ answer: ApiResponse; withdrawn: boolean }> {
  const answer = await request(API.withdrawConsent, {}, { loading: '提交中…', toastErrors: false, unauthorized: 'ignore' });
  return { answer, withdrawn: answer.code === CODE.OK || answer.code === CODE.UNAUTHORIZED };
}
