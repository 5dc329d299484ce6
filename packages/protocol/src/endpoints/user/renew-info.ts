import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { documentVersionField } from './user-fields.js';

/**
 * renew-info (session): the user accepts the current versions. `version` must be the current one
 * (else 409/4210: the page showed an outdated text and fetches get-user-unprivacy-info again).
 */
export const renewInfo = defineEndpoint({
  path: API_PATH.renewInfo,
  request: z.strictObject({ version: documentVersionField }),
  response: z.strictObject({ version: documentVersionField, renewalRequired: z.literal(false) }),
});
