import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { documentVersionField } from './user-fields.js';

/** privacy-policy-status (session): has the user accepted the current versions? */
export const privacyPolicyStatus = defineEndpoint({
  path: API_PATH.privacyPolicyStatus,
  request: z.strictObject({}),
  response: z.strictObject({
    version: documentVersionField,
    acceptedVersion: z.nullable(documentVersionField),
    renewalRequired: z.boolean(),
  }),
});
