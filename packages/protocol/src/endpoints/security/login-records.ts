import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { listRequestFields } from '../content/content-fields.js';
import { defineEndpoint } from '../define-endpoint.js';
import { loginRecordPageSchema } from './security-fields.js';

/** login-records (session; not in SPEC §7): the account's sign-ins and refused codes of the last 30 days, newest first, by cursor. */
export const loginRecords = defineEndpoint({
  path: API_PATH.loginRecords,
  request: z.strictObject(listRequestFields),
  response: loginRecordPageSchema,
});
