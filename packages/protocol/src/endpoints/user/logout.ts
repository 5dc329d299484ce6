import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';

/** logout (SPEC §7, no payload): revokes the calling session. '200' without data. */
export const logout = defineEndpoint({
  path: API_PATH.logout,
  request: z.strictObject({}),
  response: z.undefined(),
});
