import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { inviteCodeField } from './user-fields.js';

/** invite-code (session): the user's own invite code (8 characters, Crockford base32, no I L O U). */
export const inviteCode = defineEndpoint({
  path: '/v1/user/invite-code',
  request: z.strictObject({}),
  response: z.strictObject({ inviteCode: inviteCodeField }),
});
