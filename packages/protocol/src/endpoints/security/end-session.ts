import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { deviceIdField } from './security-fields.js';

/**
 * end-session (session; not in SPEC §7): 下线 one other device of the account. Its next call is refused
 * 401/4012. Not a live session of this account (ended, another account's, never existed): 404/4231; this
 * session: 400/4232 (logout ends it).
 */
export const endSession = defineEndpoint({
  path: API_PATH.endSession,
  request: z.strictObject({ deviceId: deviceIdField }),
  response: z.undefined(),
});
