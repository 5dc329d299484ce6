import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { certificationInfoSchema } from './identity-fields.js';

/** certification-info (SPEC §7): the account's certification state with masked fields, for home, 我的 and other capabilities. */
export const certificationInfo = defineEndpoint({
  path: API_PATH.certificationInfo,
  request: z.strictObject({}),
  response: certificationInfoSchema,
});
