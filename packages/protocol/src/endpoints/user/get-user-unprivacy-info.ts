import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { legalDocumentField } from './legal-document.js';
import { documentVersionField } from './user-fields.js';

/** get-user-unprivacy-info (session): the documents the user has not accepted in their current version, with what changed. */
export const getUserUnprivacyInfo = defineEndpoint({
  path: API_PATH.getUserUnprivacyInfo,
  request: z.strictObject({}),
  response: z.strictObject({
    version: documentVersionField,
    pending: z.array(legalDocumentField),
  }),
});
