import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { inviteCodeField, maskedPhoneField } from '../user/user-fields.js';
import { cursorField, pointsField } from './reward-fields.js';

/** Where an invited account stands: registered, verified (the reward waits for the inviter's own verification), rewarded. */
export const INVITEE_STATES = ['registered', 'verified', 'rewarded'] as const;
export type InviteeState = (typeof INVITEE_STATES)[number];

/**
 * my-invitees (session; not in SPEC §7): the caller's invite code, what an invitation earns, the totals,
 * and the accounts registered with the code (phones masked, SPEC §3), newest first, 20 a page.
 */
export const myInvitees = defineEndpoint({
  path: API_PATH.myInvitees,
  request: z.strictObject({ cursor: z.optional(cursorField) }),
  response: z.strictObject({
    inviteCode: inviteCodeField,
    rewardPoints: pointsField,
    rewarded: z.int(),
    pointsEarned: pointsField,
    verified: z.boolean(),
    items: z.array(z.strictObject({ phone: maskedPhoneField, registeredAt: z.int(), state: z.enum(INVITEE_STATES) })),
    nextCursor: z.nullable(z.string()),
  }),
});
