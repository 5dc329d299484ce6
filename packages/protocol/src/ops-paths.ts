// The operators' API addresses (docs/api.md "Content operations", "Rewards operations", "Help and customer
// service", "Operations summary data"): plain JSON behind an operator's session (docs/api.md "Operators"), not
// sealed product calls. One table, like API_PATH: the ops endpoint objects (endpoints/ops/, the schemas entry) take their paths from here, and
// the ops pages build their addresses from it without any schema code (zod-free). `:id` is filled by opsUrl.
import { OPS_CONTENT_PATH } from './content-ops.js';
import { ProtocolTypeError } from './protocol-type-error.js';
import { OPS_REWARDS_PATH } from './rewards-ops.js';

/** Users' questions to customer service (docs/api.md "Help and customer service"). */
export const OPS_HELP_PATH = '/ops/api/help';

/** The customer-service desk (docs/api.md "Customer-service desk"): one account at a time, by its full phone number. */
export const OPS_USERS_PATH = '/ops/api/users';

export const OPS_SUMMARY_PATH = '/ops/api/summary';
export const OPS_DEFAULT_DAYS = 14;
export const OPS_MAX_DAYS = 90;
/** Days are calendar days in China time (UTC+8), as the SMS daily caps are (docs/api.md). */
export const OPS_TIMEZONE = 'Asia/Shanghai';

export const OPS_PATH = {
  summary: OPS_SUMMARY_PATH,
  content: OPS_CONTENT_PATH,
  contentPreview: `${OPS_CONTENT_PATH}/preview`,
  contentItem: `${OPS_CONTENT_PATH}/:id`,
  contentPublish: `${OPS_CONTENT_PATH}/:id/publish`,
  contentUnpublish: `${OPS_CONTENT_PATH}/:id/unpublish`,
  rewards: OPS_REWARDS_PATH,
  rewardsPrize: `${OPS_REWARDS_PATH}/prizes/:id`,
  rewardsItems: `${OPS_REWARDS_PATH}/items`,
  rewardsItem: `${OPS_REWARDS_PATH}/items/:id`,
  rewardsBatches: `${OPS_REWARDS_PATH}/batches`,
  rewardsBatchRevoke: `${OPS_REWARDS_PATH}/batches/:id/revoke`,
  rewardsGift: `${OPS_REWARDS_PATH}/gift`,
  rewardsGrants: `${OPS_REWARDS_PATH}/grants`,
  helpQuestions: `${OPS_HELP_PATH}/questions`,
  helpQuestionAnswer: `${OPS_HELP_PATH}/questions/:id/answer`,
  usersLookup: `${OPS_USERS_PATH}/lookup`,
  userEndSessions: `${OPS_USERS_PATH}/:id/end-sessions`,
  userFreeze: `${OPS_USERS_PATH}/:id/freeze`,
  userUnfreeze: `${OPS_USERS_PATH}/:id/unfreeze`,
  session: '/ops/api/session',
  sessionSignOut: '/ops/api/session/sign-out',
  operators: '/ops/api/operators',
  operatorDisable: '/ops/api/operators/:id/disable',
  operatorReset: '/ops/api/operators/:id/reset',
  enrolment: '/ops/api/enrolment',
  enrolmentFinish: '/ops/api/enrolment/finish',
  approvals: '/ops/api/approvals',
  approvalApprove: '/ops/api/approvals/:id/approve',
  approvalWithdraw: '/ops/api/approvals/:id/withdraw',
  approvalReject: '/ops/api/approvals/:id/reject',
  approvalResult: '/ops/api/approvals/:id/result',
  audit: '/ops/api/audit',
  outboxDead: '/ops/api/outbox/dead',
  outboxRetry: '/ops/api/outbox/dead/:id/retry',
  outboxDiscard: '/ops/api/outbox/dead/:id/discard',
} as const;

/**
 * The console's page an enrolment link opens (docs/operations.md "Operators"): `/ops/enrol#<token>`. The token
 * rides in the fragment, which the browser never sends, so it stays out of access logs, proxies and Referer.
 */
export const OPS_ENROLMENT_PAGE = '/ops/enrol';

/** The header carrying the session's CSRF token on every state-changing call (OWASP CSRF cheat sheet: custom request header). */
export const OPS_CSRF_HEADER = 'x-ops-csrf';

export type OpsPath = (typeof OPS_PATH)[keyof typeof OPS_PATH];

/** The address of `path` with its `:id` filled in, percent-encoded (an id is one path segment). */
export function opsUrl(path: OpsPath, params: { id?: string } = {}): string {
  if (!path.includes(':id')) return path;
  if (params.id === undefined) throw new ProtocolTypeError('id', `${path} needs one`);
  return path.replace(':id', encodeURIComponent(params.id));
}
