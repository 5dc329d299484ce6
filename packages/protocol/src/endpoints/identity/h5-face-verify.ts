import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { certificationInfoSchema } from './identity-fields.js';

/**
 * h5-face-verify (SPEC §7): the return page asks for the result of the account's face session. The server
 * asks the provider server to server; nothing in the request (or in the return address's query string)
 * is evidence. Passed: the certification state, now 'verified'. Otherwise a coded refusal (docs/api.md).
 */
export const h5FaceVerify = defineEndpoint({
  path: API_PATH.h5FaceVerify,
  request: z.strictObject({}),
  response: certificationInfoSchema,
});
