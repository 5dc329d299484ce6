import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { documentVersionField, inviteCodeField, maskedPhoneField } from './user-fields.js';

const userDetailFields = {
  phone: maskedPhoneField,
  inviteCode: inviteCodeField,
  /** Registration time, ms since the epoch. */
  registeredAt: z.int().check(z.positive()),
};

/** user-detail: the logged-in user's account (masked phone, invite code, registration time). */
export const userDetail = defineEndpoint({
  path: API_PATH.userDetail,
  request: z.strictObject({}),
  response: z.strictObject(userDetailFields),
});

/** user-detail-v1: user-detail plus consent state and whether the account was invited. */
export const userDetailV1 = defineEndpoint({
  path: API_PATH.userDetailV1,
  request: z.strictObject({}),
  response: z.strictObject({
    ...userDetailFields,
    invited: z.boolean(),
    privacyVersion: z.nullable(documentVersionField),
    agreementVersion: z.nullable(documentVersionField),
    /** True when the current privacy policy or service agreement has not been accepted yet (renew-info). */
    renewalRequired: z.boolean(),
  }),
});
