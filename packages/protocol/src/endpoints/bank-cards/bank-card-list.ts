import * as z from 'zod/mini';
import { API_PATH } from '../../paths.js';
import { defineEndpoint } from '../define-endpoint.js';
import { smsCodeField } from '../user/user-fields.js';
import { bankCardSchema, cardIdField, quickPaymentAgreementSchema } from './bank-card-fields.js';

/**
 * bank-card-list (SPEC §7, session): the account's cards, the default first, then newest first; whether the
 * account may bind (a verified identity), so the page can send an unverified user to certification first;
 * and the 快捷支付服务协议 binding a card agrees to now (the bind page links it).
 */
export const bankCardList = defineEndpoint({
  path: API_PATH.bankCardList,
  request: z.strictObject({}),
  response: z.strictObject({ items: z.array(bankCardSchema), maxCards: z.int(), identityVerified: z.boolean(), agreement: quickPaymentAgreementSchema }),
});

/** bankcard-info (SPEC §7, session): one card of the account. */
export const bankcardInfo = defineEndpoint({
  path: API_PATH.bankcardInfo,
  request: z.strictObject({ cardId: cardIdField }),
  response: bankCardSchema,
});

/** unbind-bankcard (not in SPEC §7, session): confirmed by an SMS code of purpose 'unbind-card' to the account's phone. */
export const unbindBankcard = defineEndpoint({
  path: API_PATH.unbindBankcard,
  request: z.strictObject({ cardId: cardIdField, smsCode: smsCodeField }),
  response: z.strictObject({ cardId: cardIdField, defaultCardId: z.nullable(cardIdField) }),
});

/** set-default-bankcard (not in SPEC §7, session): the card payments use first. */
export const setDefaultBankcard = defineEndpoint({
  path: API_PATH.setDefaultBankcard,
  request: z.strictObject({ cardId: cardIdField }),
  response: bankCardSchema,
});
