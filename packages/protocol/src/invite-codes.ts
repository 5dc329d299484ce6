// Invite codes as people see and type them (docs/api.md "Invitations"): 8 characters of Crockford's
// base32 (no I, L, O, U). Input is forgiving: lower case, spaces and hyphens are accepted and O/I/L read
// as 0/1/1. Zod-free, so the web's first screens can read a code from a link without the schemas.

import { readCrockford } from './crockford.js';

export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** Crockford base32 reading of a typed invite code: upper case, O->0, I/L->1, separators dropped (crockford.ts). */
export const normaliseInviteCode = readCrockford;

/** The code a link or a person gave, normalised, when it is a well-formed invite code; else undefined. */
export function readInviteCode(raw: string | null | undefined): string | undefined {
  const code = raw ? normaliseInviteCode(raw) : '';
  return INVITE_CODE_PATTERN.test(code) ? code : undefined;
}
