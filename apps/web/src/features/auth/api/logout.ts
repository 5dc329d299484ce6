// POST /v1/user/logout (SPEC §7, no payload): the server revokes the session. The session is cleared
// on this device whatever the answer (SPEC §4 states): a user who asked to log out must not stay
// logged in because the network failed; a token the server still knows expires with its 7 days.
import { API } from '@tyd/protocol/wire';
import { request } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export async function logout(): Promise<void> {
  try {
    // 401 means the session had already ended: nothing to tell the user, nowhere to send them.
    await request(API.logout, {}, { loading: '退出中…', unauthorized: 'ignore', toastErrors: false });
  } catch (error) {
    console.warn('logout call failed; session cleared locally', error instanceof Error ? error.name : error);
  } finally {
    clearSession();
  }
}
