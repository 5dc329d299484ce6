import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { accessTokenField, maskedPhoneField } from './user-fields.js';

/** An authorisation code: 32 random bytes, base64url (43 characters). */
export const authCodeField = z.string().check(z.maxLength(128));

/**
 * authorized-login (no session needed): trades a short-lived one-time authorisation code, handed over by
 * the native app or a partner page (/others/tydPreJump?code=...), for a session. Expired 403/4214, used
 * 403/4215 (and the session it gave is revoked), unknown or forged 403/4213.
 */
export const authorizedLogin = defineEndpoint({
  path: API_PATH.authorizedLogin,
  request: z.strictObject({ authCode: authCodeField }),
  response: z.strictObject({ accessToken: accessTokenField, phone: maskedPhoneField }),
});
