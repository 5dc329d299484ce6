// Fields of the bank-card endpoints (docs/api.md "Bank cards"). Card numbers are only bounded here: a wrong
// one deserves its own clear subcode (4901), which the server gives; they never come back in an answer,
// only masked (SPEC §3) and as the last four digits.
import * as z from 'zod/mini';
import { maskedPhoneField } from '../user/user-fields.js';

/** A card number as typed (the page strips its spacing). Checked by the server: 16 to 19 digits (4901). */
export const cardNumberInputField = z.string().check(z.minLength(1), z.maxLength(32));

/**
 * A card of this account, as the server named it: `bc_` and 22 base64url characters (16 random bytes,
 * services/bank-cards-service.ts). Anything else is malformed (400/4009); a well-formed id naming no card of
 * this account is 404/4908 (docs/api.md "Bank cards").
 */
export const cardIdField = z.string().check(z.regex(/^bc_[A-Za-z0-9_-]{22}$/));

/** The short-lived ticket bind-bankcard hands out for user-bind-bankcard. */
export const bindTicketField = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/** First 4, two masked groups, last 4 (maskBankCard). */
export const maskedCardField = z.string().check(z.regex(/^\d{4} \*{4} \*{4} \d{4}$/));

const yuan = z.int().check(z.minimum(0));

export const bankMarkSchema = z.strictObject({ text: z.string(), color: z.string().check(z.regex(/^#[0-9a-f]{6}$/)) });

export const bankSchema = z.strictObject({
  code: z.string(),
  name: z.string(),
  mark: bankMarkSchema,
  cardTypes: z.array(z.enum(['debit', 'credit'])),
  /** Limits of agreement payments (协议支付) with this bank's cards, in yuan. */
  singleLimit: yuan,
  dailyLimit: yuan,
});

/**
 * The 快捷支付服务协议 (agreement payments) a card was bound under: the version current when its holder
 * pressed 下一步 (bind-bankcard) and that time (ms); null for a card bound before this was recorded.
 */
export const cardAgreementSchema = z.nullable(z.strictObject({ version: z.string().check(z.minLength(1), z.maxLength(32)), agreedAt: z.int() }));

/** The current 快捷支付服务协议: what binding a card now agrees to, and where to read it. */
export const quickPaymentAgreementSchema = z.strictObject({ title: z.string(), version: z.string().check(z.minLength(1), z.maxLength(32)), url: z.string() });

export const bankCardSchema = z.strictObject({
  cardId: cardIdField,
  bankCode: z.string(),
  bankName: z.string(),
  mark: bankMarkSchema,
  cardType: z.literal('debit'),
  maskedNumber: maskedCardField,
  last4: z.string().check(z.regex(/^\d{4}$/)),
  maskedPhone: maskedPhoneField,
  isDefault: z.boolean(),
  boundAt: z.int(),
  singleLimit: yuan,
  dailyLimit: yuan,
  agreement: cardAgreementSchema,
});
export type BankCardView = z.infer<typeof bankCardSchema>;
export type BankView = z.infer<typeof bankSchema>;
