import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { getLuckyDrawUrl } from './get-lucky-draw-url.js';

/**
 * get-cloud-steward-url (SPEC §7, session): the new-user gift page's address on this site with a one-time,
 * short-lived ticket (as get-lucky-draw-url), so the native app opens it already logged in.
 */
export const getCloudStewardUrl = defineEndpoint({
  path: API_PATH.getCloudStewardUrl,
  request: z.strictObject({}),
  response: getLuckyDrawUrl.response,
});
