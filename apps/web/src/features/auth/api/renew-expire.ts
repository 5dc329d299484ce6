// POST /v1/user/renew-expire (issue 5, session): the user declines the changed documents. The server
// records the refusal and ends the calling session; the account stays. The session is cleared on this
// device whatever the answer (SPEC §4, as after logout): someone who refused the terms must not go on
// using the service because the network failed.
import { request } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export const RENEW_EXPIRE_PATH = '/v1/user/renew-expire';

export async function declineRenewedTerms(): Promise<void> {
  try {
    await request(RENEW_EXPIRE_PATH, {}, { loading: true, unauthorized: 'ignore', toastErrors: false });
  } catch (error) {
    console.warn('renew-expire failed; session cleared locally', error instanceof Error ? error.name : error);
  } finally {
    clearSession();
  }
}
