import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { API_PATH } from '../../paths.js';
import { maskedPhoneField, phoneField, smsCodeField } from './user-fields.js';

/**
 * savePhone (SPEC §7) -> save-phone: moves the logged-in account to a new number. Needs the ticket from
 * verify-phone (old phone) and a code of purpose 'change-phone' sent to the new phone.
 * SPEC §3 "The phone-save response carries phone" (masked).
 */
export const savePhone = defineEndpoint({
  path: API_PATH.savePhone,
  request: z.strictObject({
    phone: phoneField,
    smsCode: smsCodeField,
    verifyTicket: z.string().check(z.maxLength(64)),
  }),
  response: z.strictObject({ phone: maskedPhoneField }),
});
