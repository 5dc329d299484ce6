import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';

/**
 * authorized-code (session): mints an authorisation code for the caller's own account, so a logged-in
 * native app can open an H5 page logged in without putting its token in a URL. Not in SPEC §7; added
 * as the real way codes come to exist (docs/api.md).
 */
export const authorizedCode = defineEndpoint({
  path: API_PATH.authorizedCode,
  request: z.strictObject({}),
  response: z.strictObject({
    authCode: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
    expiresInSeconds: z.int().check(z.positive()),
  }),
});
