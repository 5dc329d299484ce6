import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { inviteCodeField } from './user-fields.js';

/** invite-code (session): the user's own invite code (8 characters, Crockford base32, no I L O U). */
export const inviteCode = defineEndpoint({
  path: API_PATH.inviteCode,
  request: z.strictObject({}),
  response: z.strictObject({ inviteCode: inviteCodeField }),
});
