import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { legalDocumentField } from './legal-document.js';
import { documentVersionField } from './user-fields.js';

/**
 * privacy-policy (no session needed): the current documents, e.g. for the login page's links when its
 * `agreement` query parameter is missing or malformed. `version` is what login's agreementVersion sends.
 */
export const privacyPolicy = defineEndpoint({
  path: API_PATH.privacyPolicy,
  request: z.strictObject({}),
  response: z.strictObject({
    /** Combined version of both documents; the value to send as agreementVersion / in renew-info. */
    version: documentVersionField,
    privacyPolicy: legalDocumentField,
    serviceAgreement: legalDocumentField,
  }),
});
