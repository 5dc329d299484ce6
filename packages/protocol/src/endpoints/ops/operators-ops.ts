// Operators' accounts, sign-in, maker-checker approvals and the audit log (docs/api.md "Operators").
// Plain JSON at OPS_PATH's addresses like every operators' call; the session is an httpOnly cookie scoped
// to /ops, and every state-changing call carries the session's CSRF token in X-Ops-CSRF.
import * as z from 'zod/mini';
import { OPS_PASSWORD_LIMITS } from '../../ops-passwords.js';
import { OPS_PATH } from '../../ops-paths.js';
import { OPS_ROLES } from '../../ops-roles.js';
import { defineOpsEndpoint } from '../define-endpoint.js';
import { opsReasonField, opsTimeField } from './ops-fields.js';

/** Lower-case letters, digits and `. _ @ -`, 2 to 64 characters, starting with a letter or digit. */
export const OPS_OPERATOR_NAME = /^[a-z0-9][a-z0-9._@-]{1,63}$/;

const operatorName = z.string().check(z.regex(OPS_OPERATOR_NAME));
const password = z.string().check(z.minLength(1), z.maxLength(OPS_PASSWORD_LIMITS.maxChars * 4));

export const opsOperatorSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  role: z.enum(OPS_ROLES),
  createdAt: opsTimeField,
  createdBy: z.string(),
  disabledAt: z.nullable(opsTimeField),
  /** When the operator finished their enrolment; null while their enrolment link is pending (they cannot sign in). */
  enrolledAt: z.nullable(opsTimeField),
});
export type OpsOperator = z.output<typeof opsOperatorSchema>;

const sessionSchema = z.strictObject({ operator: opsOperatorSchema, csrfToken: z.string(), idleExpiresAt: opsTimeField, expiresAt: opsTimeField });

/** POST: signs in with name, password and a TOTP code (RFC 6238), all at once; sets the session cookie. */
export const opsSignIn = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.session,
  request: z.strictObject({ name: z.string().check(z.maxLength(200)), password, code: z.string().check(z.regex(/^[0-9]{6}$/)) }),
  response: sessionSchema,
});

/** GET: the signed-in operator and the session's CSRF token (the page keeps it in memory only). */
export const opsSession = defineOpsEndpoint({ method: 'GET', path: OPS_PATH.session, request: z.strictObject({}), response: sessionSchema });

export const opsSignOut = defineOpsEndpoint({ method: 'POST', path: OPS_PATH.sessionSignOut, request: z.strictObject({}), response: z.strictObject({}) });

/**
 * What an administrator gets when adding or resetting an operator: the one-time link to hand over, and when it
 * stops working. Never a password or a TOTP secret: the operator chooses the one and scans the other there.
 */
const enrolmentLinkSchema = z.strictObject({ operator: opsOperatorSchema, enrolmentUrl: z.string(), enrolmentExpiresAt: opsTimeField });

export const opsOperatorsList = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.operators,
  request: z.strictObject({}),
  response: z.strictObject({ operators: z.array(opsOperatorSchema) }),
});

/** POST: adds an operator, who cannot sign in until they complete the enrolment link in this answer. */
export const opsOperatorsAdd = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.operators,
  request: z.strictObject({ name: operatorName, role: z.enum(OPS_ROLES) }),
  response: enrolmentLinkSchema,
});

/** Disables an operator: no more sign-ins, their live sessions refused at once. Not oneself. */
export const opsOperatorsDisable = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.operatorDisable,
  request: z.strictObject({}),
  response: z.strictObject({ operator: opsOperatorSchema }),
});

/**
 * The old password and TOTP secret stop at once, live sessions end, the lock is lifted, the operator is enabled
 * again, and a new enrolment link (replacing any earlier one) is in this answer.
 */
export const opsOperatorsReset = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.operatorReset,
  request: z.strictObject({}),
  response: enrolmentLinkSchema,
});

/** An enrolment link's token: 256 random bits, base64url. */
export const OPS_ENROLMENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const enrolmentToken = z.string().check(z.regex(OPS_ENROLMENT_TOKEN));
const enrollingOperator = z.strictObject({ name: z.string(), role: z.enum(OPS_ROLES) });

/**
 * POST (no session): opens an enrolment link. Answers who it enrols and the TOTP secret (RFC 6238) to scan, as
 * text and as an otpauth:// URI; the same secret each time the link is opened, until it is used.
 */
export const opsEnrolmentStart = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.enrolment,
  request: z.strictObject({ token: enrolmentToken }),
  response: z.strictObject({ operator: enrollingOperator, totpSecret: z.string(), otpauthUri: z.string(), expiresAt: opsTimeField }),
});

/**
 * POST (no session): completes an enrolment with the operator's own password and a current code of the secret
 * the link showed. The link is used up; the operator then signs in (with a later code: each is taken once).
 */
export const opsEnrolmentFinish = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.enrolmentFinish,
  request: z.strictObject({ token: enrolmentToken, password, code: z.string().check(z.regex(/^[0-9]{6}$/)) }),
  response: z.strictObject({ operator: enrollingOperator }),
});

/**
 * What waits for a second operator (docs/operations.md "Approvals"). `prize-odds` is kept for requests made
 * before prize changes were one kind.
 */
export const OPS_APPROVAL_KINDS = ['redeem-batch', 'prize-odds', 'prize-change', 'item-change', 'gift', 'points-grant', 'account-unfreeze'] as const;
/** `expired`: still pending past `expiresAt`; nobody can approve it any more. */
export const OPS_APPROVAL_STATUSES = ['pending', 'approved', 'withdrawn', 'failed', 'rejected', 'expired'] as const;
export type OpsApprovalStatus = (typeof OPS_APPROVAL_STATUSES)[number];

export const opsApprovalSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(OPS_APPROVAL_KINDS),
  role: z.enum(OPS_ROLES),
  targetId: z.nullable(z.string()),
  summary: z.string(),
  status: z.enum(OPS_APPROVAL_STATUSES),
  requestedBy: z.string(),
  requestedAt: opsTimeField,
  /** After it, a pending request can no longer be approved (status `expired`). */
  expiresAt: opsTimeField,
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(opsTimeField),
  /** Why the checker rejected it, or why running it failed. */
  decisionReason: z.nullable(z.string()),
  /** The points it was counted at (grants and batches), with what its maker made alone in the window. */
  valuePoints: z.nullable(z.int()),
  /** An approved batch's codes wait for its maker (opsApprovalsResult), once. */
  resultWaiting: z.boolean(),
});
export type OpsApproval = z.output<typeof opsApprovalSchema>;

/** A change that waits for a second operator answers HTTP 202 with this (code 200). */
export const opsApprovalPendingSchema = z.strictObject({ approval: opsApprovalSchema });

export const opsApprovalsList = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.approvals,
  request: z.strictObject({}),
  response: z.strictObject({ approvals: z.array(opsApprovalSchema) }),
});

/**
 * Approves and runs a pending request of one's own role, not one's own, in one transaction; `result` is what
 * the change itself answers, but a batch's codes, which go to its maker only (opsApprovalsResult).
 */
export const opsApprovalsApprove = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.approvalApprove,
  request: z.strictObject({}),
  response: z.strictObject({ approval: opsApprovalSchema, result: z.unknown() }),
});

/** A checker (same role, not the maker) refuses a pending request, saying why. */
export const opsApprovalsReject = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.approvalReject,
  request: z.strictObject({ reason: opsReasonField }),
  response: z.strictObject({ approval: opsApprovalSchema }),
});

/** The requester withdraws their own pending request. */
export const opsApprovalsWithdraw = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.approvalWithdraw,
  request: z.strictObject({}),
  response: z.strictObject({ approval: opsApprovalSchema }),
});

/** The maker takes what their approved request produced (a batch's codes): once; afterwards 404. */
export const opsApprovalsResult = defineOpsEndpoint({
  method: 'POST',
  path: OPS_PATH.approvalResult,
  request: z.strictObject({}),
  response: z.strictObject({ approval: opsApprovalSchema, result: z.unknown() }),
});

export const OPS_AUDIT_OUTCOMES = ['done', 'requested', 'refused'] as const;
export type OpsAuditOutcome = (typeof OPS_AUDIT_OUTCOMES)[number];

export const opsAuditEntrySchema = z.strictObject({
  id: z.string(),
  operator: z.string(),
  /** The call as the server routed it (`POST /ops/api/rewards/grants`); OPS_ACTION_TEXT names it. */
  action: z.string(),
  targetId: z.nullable(z.string()),
  address: z.string(),
  outcome: z.enum(OPS_AUDIT_OUTCOMES),
  /** The answer's HTTP status (null on entries written before it was kept). */
  status: z.nullable(z.int()),
  /** What happened, as a sentence (null on entries written before it was kept). */
  summary: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  at: opsTimeField,
});
export type OpsAuditEntry = z.output<typeof opsAuditEntrySchema>;

/**
 * GET: the audit log newest first, OPS_AUDIT_PAGE at a time (`next` is the `before` of the following page),
 * filtered by the operator's name, the action (`POST /ops/api/…`), the target and a time range (ms, `from`
 * inclusive, `to` exclusive). Read only: no call edits it.
 */
export const opsAuditList = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.audit,
  request: z.strictObject({
    operator: z.optional(z.string().check(z.maxLength(64))),
    action: z.optional(z.string().check(z.maxLength(80))),
    target: z.optional(z.string().check(z.maxLength(64))),
    from: z.optional(z.string().check(z.regex(/^[0-9]{1,15}$/))),
    to: z.optional(z.string().check(z.regex(/^[0-9]{1,15}$/))),
    before: z.optional(z.string().check(z.regex(/^[0-9]{1,15}:[A-Za-z0-9_-]{1,40}$/))),
  }),
  response: z.strictObject({ entries: z.array(opsAuditEntrySchema), next: z.nullable(z.string()) }),
});
