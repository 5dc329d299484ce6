// Field schemas of the identity certification endpoints (docs/api.md "Identity certification").
import * as z from 'zod/mini';
import { IDCARD_SIDES, IDCARD_WARNINGS, IDENTITY_FAILURES, IDENTITY_NEXT_STEPS, IDENTITY_STATES } from '../../identity.js';

export const idCardSideField = z.enum(IDCARD_SIDES);
export const identityStateField = z.enum(IDENTITY_STATES);
export const idCardWarningsField = z.array(z.enum(IDCARD_WARNINGS)).check(z.maxLength(IDCARD_WARNINGS.length));

/** YYYY-MM-DD. */
export const isoDateField = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A card's end of validity: a date, or 'long-term' (长期, cards of people aged 46 and over). */
export const validToField = z.union([isoDateField, z.literal('long-term')]);

/** An 18-character resident ID number as read (GB 11643-1999; the server has checked its check character). */
export const idNumberField = z.string().check(z.regex(/^\d{17}[\dX]$/));
/** Shown ID number: first 3 and last 4 (maskIdNumber). */
export const maskedIdNumberField = z.string().check(z.regex(/^\d{3}\*{11}\d{3}[\dX]$/));
/** Shown name: first and last character, the rest '*' (maskName). */
export const maskedNameField = z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[^*]?\*+[^*]?$/u));

/**
 * A name as the user may correct it: 2 to 30 Han characters, with the middle dot of minority names
 * (·, or • as some keyboards type it) only between characters.
 */
export const personNameField = z.string().check(z.regex(/^\p{Script=Han}(?:[\p{Script=Han}]|[·•](?=\p{Script=Han})){1,29}$/u));
/** An address as the user may correct it: 5 to 120 characters, no control characters. */
export const addressField = z.string().check(z.minLength(5), z.maxLength(120), z.regex(/^[^\p{Cc}]+$/u));

/** What certification-info, certification and h5-face-verify answer: the state and masked fields only. */
export const certificationInfoSchema = z.strictObject({
  state: identityStateField,
  /** Which sides have been read (and are kept until certification). */
  documents: z.strictObject({ portrait: z.boolean(), emblem: z.boolean() }),
  name: z.nullable(maskedNameField),
  idNumber: z.nullable(maskedIdNumberField),
  validTo: z.nullable(validToField),
  /** When the face check passed (ms since the epoch). */
  verifiedAt: z.nullable(z.int().check(z.positive())),
  /** Set in state 'failed': why, and what the user can do next. */
  failure: z.nullable(z.strictObject({ reason: z.enum(IDENTITY_FAILURES), next: z.enum(IDENTITY_NEXT_STEPS) })),
  /** Face checks left today (FACE_TRIES_PER_DAY minus those started). */
  faceTriesLeft: z.int().check(z.gte(0)),
});
