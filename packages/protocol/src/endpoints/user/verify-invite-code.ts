import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { inviteCodeField, inviteCodeInputField, maskedPhoneField } from './user-fields.js';

/**
 * verify-invite-code (session optional): is this a real invite code someone else may give you? Unknown
 * codes 400/4211, the caller's own code 400/4212. On success the normalised code (what to send to login),
 * whose code it is as the invite landing names them (`inviterPhone`, masked 3+4+4 as SPEC §3 shows a
 * phone: nothing more of the inviter is ever said) and what the inviter earns when the friend is verified
 * (`rewardPoints`, INVITE_REWARD_POINTS; docs/api.md "Invitations").
 */
export const verifyInviteCode = defineEndpoint({
  path: API_PATH.verifyInviteCode,
  request: z.strictObject({ inviteCode: inviteCodeInputField }),
  response: z.strictObject({ inviteCode: inviteCodeField, inviterPhone: maskedPhoneField, rewardPoints: z.int() }),
});
