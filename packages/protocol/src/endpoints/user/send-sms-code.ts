import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { phoneField, powChallengeField, powSolutionField, smsPurposeField } from './user-fields.js';

/**
 * getcode (SPEC §7) -> sms-send-v1: sends a 6-digit code for one purpose (docs/api.md "SMS code rules").
 * `phone` is required for 'login'; for 'deregister', 'unbind-card' and 'verify-phone' the code goes to the
 * logged-in account's own phone (the page only holds it masked, SPEC §3) and `phone` must be left out;
 * 'change-phone' sends to the new number given, for a logged-in user. 'bind-card' codes are sent by
 * bind-bankcard to the phone the bank has (docs/api.md "Bank cards"), never here (400/4009).
 * '200' -> data {cooldownSeconds, expiresInSeconds}. '406' also carries data (SPEC §7): see smsSendRetryLater.
 */
export const sendSmsCode = defineEndpoint({
  path: API_PATH.smsSendV1,
  request: z.strictObject({
    phone: z.optional(phoneField),
    purpose: smsPurposeField,
    /** The solved proof-of-work challenge, when a previous answer asked for one (406/4207 or 4208). */
    proofOfWork: z.optional(powSolutionField),
  }),
  response: z.strictObject({
    /** Seconds until the next code may be requested (the page's countdown). */
    cooldownSeconds: z.int().check(z.positive()),
    /** Seconds the code stays valid. */
    expiresInSeconds: z.int().check(z.positive()),
  }),
});

/**
 * data of a '406' answer to sms-send-v1 (SPEC §7: returned to the caller with the code):
 * - cooldown (no subcode): a code was sent less than the cooldown ago; keep counting down from retryAfterSeconds.
 * - human-check (subcode 4207, or 4208 after a failed solution): solve `challenge` and send again with proofOfWork.
 */
export const smsSendRetryLater = z.union([
  z.strictObject({ reason: z.literal('cooldown'), retryAfterSeconds: z.int().check(z.positive()) }),
  z.strictObject({ reason: z.literal('human-check'), challenge: powChallengeField }),
]);
export type SmsSendRetryLater = z.infer<typeof smsSendRetryLater>;
