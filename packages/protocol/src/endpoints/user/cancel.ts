import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { smsCodeField } from './user-fields.js';

/**
 * signOff (SPEC §7) -> cancel: deregisters the logged-in account at once, confirmed by a fresh code of
 * purpose 'deregister' (sent to the account's phone). All sessions end, personal data is erased, records
 * the law requires to keep are moved out of reach (docs/api.md). '200' without data; the page clears the
 * session (SPEC §4).
 */
export const cancelAccount = defineEndpoint({
  path: API_PATH.cancel,
  request: z.strictObject({ smsCode: smsCodeField }),
  response: z.undefined(),
});
