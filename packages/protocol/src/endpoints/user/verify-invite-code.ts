import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { inviteCodeField, inviteCodeInputField } from './user-fields.js';

/**
 * verify-invite-code (session optional): is this a real invite code someone else may give you? Unknown
 * codes 400/4211, the caller's own code 400/4212. On success the normalised code (what to send to login).
 */
export const verifyInviteCode = defineEndpoint({
  path: API_PATH.verifyInviteCode,
  request: z.strictObject({ inviteCode: inviteCodeInputField }),
  response: z.strictObject({ inviteCode: inviteCodeField }),
});
