import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';

/**
 * withdraw-consent (session; not in SPEC §7): the person withdraws consent to the privacy policy and the
 * service agreement (PIPL art. 15). Recorded as a consent decision 'withdrawn'; the service cannot go on
 * without it, so every session of the account ends. '200' without data; the page clears the session, and
 * the next login asks for consent again.
 */
export const withdrawConsent = defineEndpoint({
  path: API_PATH.withdrawConsent,
  request: z.strictObject({}),
  response: z.undefined(),
});
