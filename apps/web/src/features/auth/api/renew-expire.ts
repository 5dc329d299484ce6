// POST /v1/user/renew-expire (docs/api.md, session): the user declines the changed documents. The server
// records the refusal and ends the calling session; the account stays. The session is cleared on this
// device whatever the answer (SPEC §4, as after logout): someone who refused the terms must not go on
// using the service because the network failed.
import { API } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export async function declineRenewedTerms(): Promise<void> {
  try {
    await request(API.renewExpire, {}, { loading: true, unauthorized: 'ignore', toastErrors: false });
  } catch (error) {
    console.warn('renew-expire failed; session cleared locally', error instanceof Error ? error.name : error);
  } finally {
    clearSession();
  }
}
