import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';

/** logout (SPEC §7, no payload): revokes the calling session. '200' without data. */
export const logout = defineEndpoint({
  path: '/v1/user/logout',
  request: z.strictObject({}),
  response: z.undefined(),
});
