import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/**
 * get-lucky-draw-url (SPEC §7, session): the lucky-draw page's address on this site with a one-time,
 * short-lived ticket (an authorisation code for /others/tydPreJump), so the native app or another
 * browser can open it already logged in.
 */
export const getLuckyDrawUrl = defineEndpoint({
  path: API_PATH.getLuckyDrawUrl,
  request: z.strictObject({}),
  response: z.strictObject({ url: z.string(), expiresInSeconds: z.int() }),
});
