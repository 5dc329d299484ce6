import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { accessTokenField, documentVersionField, inviteCodeInputField, maskedPhoneField, phoneField, smsCodeField } from './user-fields.js';

/**
 * Log in or register in one step with an SMS code of purpose 'login' (docs/api.md). A new user must send the
 * agreement version the page showed (privacy-policy's `version`), else 409/4210; an existing user's
 * acceptance is recorded when sent. `inviteCode` is only used when the account is created.
 * SPEC §3 "Login payload: accessToken and phone" (phone masked).
 */
const loginRequest = z.strictObject({
  phone: phoneField,
  smsCode: smsCodeField,
  agreementVersion: z.optional(documentVersionField),
  inviteCode: z.optional(inviteCodeInputField),
});
const loginResponse = z.strictObject({
  accessToken: accessTokenField,
  phone: maskedPhoneField,
  isNewUser: z.boolean(),
});

/** /v1/user/login: the original path; same contract as user-login-v1. */
export const login = defineEndpoint({ path: API_PATH.login, request: loginRequest, response: loginResponse });

/** /v1/user/user-login-v1: what the web calls. */
export const userLoginV1 = defineEndpoint({ path: API_PATH.userLoginV1, request: loginRequest, response: loginResponse });
