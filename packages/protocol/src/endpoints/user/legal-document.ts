// Consent to the privacy policy and the service agreement (renewal when either version changes;
// PIPL art. 14: consent is given again when the purpose or manner of processing changes).
import * as z from 'zod/mini';
import { documentVersionField } from './user-fields.js';

export const LEGAL_DOCUMENTS = ['privacy', 'agreement'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];

/** One legal document in its current version; `summary` says what changed in it (may be empty). */
export const legalDocumentField = z.strictObject({
  kind: z.enum(LEGAL_DOCUMENTS),
  version: documentVersionField,
  title: z.string().check(z.maxLength(100)),
  url: z.string().check(z.maxLength(2048)),
  summary: z.string().check(z.maxLength(2000)),
});
