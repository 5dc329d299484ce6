import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { smsCodeField } from './user-fields.js';

/**
 * validateSmsCode (SPEC §7) -> verify-phone: a logged-in user proves they still hold the account's phone
 * with a code of purpose 'verify-phone' (sent to that phone). The answer is a one-time ticket, valid a few
 * minutes, that save-phone needs to move the account to another number.
 */
export const verifyPhone = defineEndpoint({
  path: API_PATH.verifyPhone,
  request: z.strictObject({ smsCode: smsCodeField }),
  response: z.strictObject({
    verifyTicket: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
    expiresInSeconds: z.int().check(z.positive()),
  }),
});
