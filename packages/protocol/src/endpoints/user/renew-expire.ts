import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';

/**
 * renew-expire (session): the user declines the changed terms. The refusal is recorded and the calling
 * session ends (the service cannot go on under terms the user did not accept); '200' without data, and the
 * page clears the session as after logout. Logging in again asks for the new terms.
 */
export const renewExpire = defineEndpoint({
  path: API_PATH.renewExpire,
  request: z.strictObject({}),
  response: z.undefined(),
});
