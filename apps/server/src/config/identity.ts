// Identity certification (docs/api.md "Identity certification"): the age limits of the product, the face
// checks an account may start per China day, how long an unverified claim on an ID number blocks other
// accounts, and where the face provider sends the user back (a page of this site, never a client's choice).
import { z } from 'zod';
import { defineSection, whole, type SectionValue } from './section.js';

export const identitySection = defineSection({
  vars: {
    /** A consumer-loan product: adults, and no older than the lender's underwriting allows. */
    IDENTITY_MIN_AGE: whole(16, 100).default(18),
    IDENTITY_MAX_AGE: whole(16, 120).default(60),
    /** Each h5-face-url is one try (the vendor bills each session). */
    FACE_TRIES_PER_DAY: whole(1, 100).default(5),
    IDENTITY_CLAIM_HOLD_HOURS: whole(1, 24 * 90).default(24),
    /** A path of this site (the sandbox, development) or an absolute https address of it (a real vendor needs one). */
    FACE_RETURN_URL: z
      .string()
      .max(512)
      .regex(
        /^(\/(?![/\\])[^\s?#]*|https:\/\/[^\s/?#]+(\/[^\s?#]*)?)$/,
        'a path such as /mine/identity/face-return, or an https:// address of this site without query',
      )
      .default('/mine/identity/face-return'),
  },
  // With FACE_PROVIDER=http the address must be absolute https (the vendor redirects there): checked by the
  // identity module at start, where both sections are known.
  check: (e) => [e.IDENTITY_MIN_AGE > e.IDENTITY_MAX_AGE && 'IDENTITY_MIN_AGE: must not be above IDENTITY_MAX_AGE'],
  build: (e) => ({
    minAge: e.IDENTITY_MIN_AGE,
    maxAge: e.IDENTITY_MAX_AGE,
    faceTriesPerDay: e.FACE_TRIES_PER_DAY,
    claimHoldMs: e.IDENTITY_CLAIM_HOLD_HOURS * 3_600_000,
    faceReturnUrl: e.FACE_RETURN_URL,
  }),
});
export type IdentityConfig = SectionValue<typeof identitySection>;
