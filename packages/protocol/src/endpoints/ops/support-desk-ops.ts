// The customer-service desk (docs/api.md "Customer-service desk"): a customer_service operator looks up one
// account by its full phone number, stating a reason, and sees what helping the caller needs, masked
// (SPEC §3: the phone 3+4+4; the name, ID number and cards as the identity and card pages show them); ends
// all of the account's sessions, freezes it, or asks a second operator to unfreeze it. Plain JSON at
// OPS_PATH's user addresses, like every operators' call. The phone is sent in a body only, never in an address.
import * as z from 'zod/mini';
import { IDENTITY_STATES } from '../../identity.js';
import { QUESTION_STATUSES } from '../../help.js';
import { OPS_PATH } from '../../ops-paths.js';
import { LOGIN_METHODS, LOGIN_RESULTS } from '../../sign-ins.js';
import { DESK_LIMITS, DESK_SESSION_STATES } from '../../support-desk.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { MESSAGE_KINDS } from '../message/message-fields.js';
import { POINTS_REASONS } from '../rewards/reward-fields.js';
import { placeFields } from '../security/security-fields.js';
import { opsApprovalSchema } from './operators-ops.js';
import { opsTimeField } from './ops-fields.js';

/** Accepted up to this size and then held to DESK_LIMITS by the server, which says the rule in words (DESK_REASON_RULE). */
const reasonField = z.string().check(z.maxLength(DESK_LIMITS.reasonMaxChars * 4));
const maskedPhone = z.string().check(z.regex(/^1[0-9]{2}\*{4}[0-9]{4}$/));

/** What the desk shows of one account: nothing in it unmasked. */
export const opsDeskAccountSchema = z.strictObject({
  /** The account's id: the actions' address names it, never the phone. */
  id: z.string(),
  phone: maskedPhone,
  registeredAt: opsTimeField,
  /** Frozen by customer service: no sign-in until a second operator approves the unfreeze. */
  frozen: z.nullable(z.strictObject({ at: opsTimeField, operator: z.string(), reason: z.string() })),
  /** A pending request to unfreeze it, for a second customer_service operator to approve. */
  unfreezeRequest: z.nullable(opsApprovalSchema),
  /**
   * SMS login locked after wrong codes (docs/api.md "SMS code rules"), until when: the phone's owner (their
   * remembered devices) and everyone else are counted apart.
   */
  smsLock: z.strictObject({ owner: z.nullable(opsTimeField), others: z.nullable(opsTimeField) }),
  identity: z.strictObject({
    state: z.enum(IDENTITY_STATES),
    /** Masked: 张*三 (the first and last characters). */
    name: z.nullable(z.string()),
    /** Masked: the first 3 and last 4 characters. */
    idNumber: z.nullable(z.string().check(z.regex(/^[0-9]{3}\*+[0-9]{3}[0-9X]$/))),
    verifiedAt: z.nullable(opsTimeField),
  }),
  bankCards: z.array(z.strictObject({ bankName: z.string(), last4: z.string().check(z.regex(/^[0-9]{4}$/)), isDefault: z.boolean(), boundAt: opsTimeField })),
  /** Live sessions first, then ended ones, newest first (at most DESK_LIMITS.recentRows). */
  sessions: z.array(
    z.strictObject({
      ...placeFields,
      state: z.enum(DESK_SESSION_STATES),
      signedInAt: opsTimeField,
      lastActiveAt: opsTimeField,
      endedAt: z.nullable(opsTimeField),
    }),
  ),
  /** The last LOGIN_RECORD_DAYS' sign-ins and refused attempts, newest first (at most DESK_LIMITS.loginRecords). */
  loginRecords: z.array(z.strictObject({ at: opsTimeField, result: z.enum(LOGIN_RESULTS), method: z.enum(LOGIN_METHODS), ...placeFields })),
  /** Titles only: a message's body may carry what the caller need not read out. */
  messages: z.array(z.strictObject({ kind: z.enum(MESSAGE_KINDS), title: z.string(), at: opsTimeField, read: z.boolean() })),
  points: z.strictObject({
    balance: z.int(),
    entries: z.array(z.strictObject({ amount: z.int(), reason: z.enum(POINTS_REASONS), at: opsTimeField })),
  }),
  /** The caller's questions (帮助与客服): the first characters of each, its state. */
  questions: z.array(z.strictObject({ text: z.string(), status: z.enum(QUESTION_STATUSES), askedAt: opsTimeField, answeredAt: z.nullable(opsTimeField) })),
});
export type OpsDeskAccount = z.output<typeof opsDeskAccountSchema>;

/**
 * POST: the account of a full phone number, with the reason; `account` null when the number has none
 * (the answer says so, and the lookup is audited all the same). A partial number is refused 400/4009.
 */
export const opsUsersLookup = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.usersLookup,
  request: z.strictObject({ phone: z.string().check(z.maxLength(32)), reason: reasonField }),
  response: z.strictObject({ phone: z.string(), account: z.nullable(opsDeskAccountSchema) }),
});

/** Ends every session of the account at once (its next call: 401); `ended` counts the live ones. */
export const opsUsersEndSessions = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.userEndSessions,
  request: z.strictObject({ reason: reasonField }),
  response: z.strictObject({ ended: z.int(), account: opsDeskAccountSchema }),
});

/** Freezes the account: no SMS or authorised sign-in (403/4218), every session ended with it. 409 when frozen already. */
export const opsUsersFreeze = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.userFreeze,
  request: z.strictObject({ reason: reasonField }),
  response: z.strictObject({ ended: z.int(), account: opsDeskAccountSchema }),
});

/**
 * Asks for the account to be unfrozen: always kept as a request (HTTP 202, the request in data.approval)
 * that another customer_service operator approves (POST /ops/api/approvals/<id>/approve). 409 when the
 * account is not frozen or a request is pending already.
 */
export const opsUsersUnfreeze = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.userUnfreeze,
  request: z.strictObject({ reason: reasonField }),
  response: z.strictObject({ approval: opsApprovalSchema }),
});
