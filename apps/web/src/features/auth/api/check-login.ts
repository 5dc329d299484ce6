// POST /v1/user/check-login (contract "First endpoint"): data {loggedIn, phone (masked)}; without a
// valid session the answer is code 401. SPEC §7: any code other than 200 clears the session;
// this check is not a user action, so it neither toasts nor jumps to login (it is how a page
// finds out, quietly, whether the stored token still works).
import { API, CODE, SUBCODE, type RefResponse } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';
import { clearSession, savePhone } from '../../../lib/session';

export async function checkLogin(signal?: AbortSignal): Promise<RefResponse<typeof API.checkLogin> | null> {
  const response = await request(API.checkLogin, {}, { toastErrors: false, unauthorized: 'ignore', signal });
  if (response.code !== CODE.OK || !response.data) {
    // A 401 means the stored session has ended (logged out elsewhere, revoked, expired): /login says so.
    clearSession({ ended: response.code === CODE.UNAUTHORIZED, signedOutElsewhere: response.subcode === SUBCODE.SIGNED_OUT_ELSEWHERE });
    return null;
  }
  savePhone(response.data.phone);
  return response.data;
}

/** Checks the stored token once per page view; `enabled` false (no token): nothing to check. */
export function useCheckLogin(enabled: boolean) {
  return useQuery(enabled ? 'check-login' : null, checkLogin);
}
