import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { maskedPhoneField, phoneField, powSolutionField, smsCodeField } from '../user/user-fields.js';
import { bankCardSchema, bindTicketField, cardNumberInputField, maskedCardField } from './bank-card-fields.js';

/**
 * bind-bankcard (SPEC §7, session), step 1 of binding: the card number and the phone reserved at the bank;
 * the holder's name and ID number are the account's verified identity, never sent. The provider checks
 * the four elements, an SMS code goes to the reserved phone, and a short-lived ticket comes back. The SMS
 * limits are sms-send-v1's: a 406/4207 challenge is solved and sent back as `proofOfWork`.
 */
export const bindBankcard = defineEndpoint({
  path: API_PATH.bindBankcard,
  request: z.strictObject({ cardNumber: cardNumberInputField, phone: phoneField, proofOfWork: z.optional(powSolutionField) }),
  response: z.strictObject({
    ticket: bindTicketField,
    expiresInSeconds: z.int(),
    bankCode: z.string(),
    bankName: z.string(),
    cardType: z.literal('debit'),
    maskedNumber: maskedCardField,
    maskedPhone: maskedPhoneField,
    cooldownSeconds: z.int(),
  }),
});

/** user-bind-bankcard (SPEC §7, session), step 2: the ticket and the SMS code; the card is bound. */
export const userBindBankcard = defineEndpoint({
  path: API_PATH.userBindBankcard,
  request: z.strictObject({ ticket: bindTicketField, smsCode: smsCodeField }),
  response: bankCardSchema,
});
