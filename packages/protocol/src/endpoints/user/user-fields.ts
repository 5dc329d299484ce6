// Field schemas shared by the user endpoints (docs/api.md). Values are checked in the schema where a 400/4009
// is the right answer; the phone is only bounded here because a wrong number deserves its own clear
// subcode (4201, mainland mobile numbers only), which the server gives after isMainlandMobile.
import * as z from 'zod/mini';
import { INVITE_CODE_PATTERN } from '../../invite-codes.js';
import { MASKED_PHONE_PATTERN } from './check-login.js';

/** A phone number as typed (digits only; the page strips its 3-4-4 spacing). Mainland only, checked by the server (4201). */
export const phoneField = z.string().check(z.minLength(1), z.maxLength(20));

/** SMS verification code: 6 digits (isSmsCode). */
export const smsCodeField = z.string().check(z.regex(/^\d{6}$/));

/** Shown phone: first 3, ****, last 4 (SPEC §3, §5). */
export const maskedPhoneField = z.string().check(z.regex(MASKED_PHONE_PATTERN));

/** Access token issued by the server: 32 random bytes, base64url (docs/api.md "Sessions"). */
export const accessTokenField = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/**
 * Invite code as typed: Crockford base32 (no I, L, O, U), 8 characters. Input is forgiving: lower case,
 * spaces and hyphens are accepted and O/I/L read as 0/1/1 (invite-codes.ts).
 */
export const inviteCodeInputField = z.string().check(z.minLength(1), z.maxLength(32));
export const inviteCodeField = z.string().check(z.regex(INVITE_CODE_PATTERN));

/**
 * Version label of a legal document, e.g. "2026-11-01", or of both together as accepted with one tick:
 * "<privacy version>~<agreement version>" (privacy-policy's `version`).
 */
export const documentVersionField = z.string().check(z.regex(/^[0-9A-Za-z._~-]{1,65}$/));

/**
 * What an SMS code is for: a code only verifies for the purpose it was sent for (docs/api.md "SMS code rules").
 * 'export-data': a copy of one's personal information (PIPL art. 45; docs/api.md "Personal information").
 */
export const SMS_PURPOSES = ['login', 'deregister', 'bind-card', 'unbind-card', 'verify-phone', 'change-phone', 'export-data'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export const smsPurposeField = z.enum(SMS_PURPOSES);

const hex = (max: number) => z.string().check(z.regex(/^[0-9a-f]+$/), z.maxLength(max));

/**
 * A self-hosted ALTCHA v2 proof-of-work challenge (altcha-lib createChallenge), as the server sends it in
 * a 406 answer. The page solves it with altcha-lib's solveChallenge and the WebCrypto PBKDF2 deriveKey
 * (docs/api.md "Proof of work") and sends it back unchanged with the solution.
 */
export const powChallengeField = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.literal('PBKDF2/SHA-256'),
    nonce: hex(64),
    salt: hex(64),
    cost: z.int().check(z.positive(), z.lte(1_000_000)),
    keyLength: z.int().check(z.positive(), z.lte(64)),
    keyPrefix: hex(128),
    keySignature: z.optional(hex(128)),
    expiresAt: z.optional(z.int().check(z.positive())),
    data: z.optional(z.record(z.string().check(z.maxLength(32)), z.union([z.string().check(z.maxLength(128)), z.number(), z.boolean(), z.null()]))),
  }),
  signature: hex(128),
});

/** The page's answer to a challenge: the challenge as received plus altcha-lib's Solution. */
export const powSolutionField = z.strictObject({
  challenge: powChallengeField,
  solution: z.strictObject({
    counter: z.int().check(z.gte(0), z.lte(4_294_967_295)),
    derivedKey: hex(128),
    time: z.optional(z.number()),
  }),
});
