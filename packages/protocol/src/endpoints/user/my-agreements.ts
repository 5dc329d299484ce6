import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { LEGAL_DOCUMENTS } from './legal-document.js';
import { documentVersionField } from './user-fields.js';

/**
 * my-agreements (session; not in SPEC §7): each legal document the person accepts at login (the privacy
 * policy, the service agreement) in its current version, and the version the person agreed to with when
 * they first agreed to it, from the consent records (PIPL art. 14, 17; docs/api.md "Consent"). `agreedVersion`
 * null: never agreed; a version other than `currentVersion`: the current one is not agreed to yet.
 */
export const myAgreements = defineEndpoint({
  path: API_PATH.myAgreements,
  request: z.strictObject({}),
  response: z.strictObject({
    items: z.array(
      z.strictObject({
        kind: z.enum(LEGAL_DOCUMENTS),
        title: z.string().check(z.maxLength(100)),
        url: z.string().check(z.maxLength(2048)),
        currentVersion: documentVersionField,
        agreedVersion: z.nullable(documentVersionField),
        /** Milliseconds since the epoch. */
        agreedAt: z.nullable(z.int()),
      }),
    ),
  }),
});
