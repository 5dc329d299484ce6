// The /ops users API (docs/api.md "Customer-service desk"): plain JSON behind an operator's session, every
// call the customer_service role's only (the roles matrix, test/api/ops-roles.test.ts). A person calls 客服;
// the agent types the full phone number and a reason, and every lookup and action is audited with that
// reason (operators-module.ts writes ops_audit; the note here names the account and the reason, the phone
// only masked). The phone travels in a body, never in an address; actions name the account by its id.
// Unfreezing is never done by one operator: it is kept as a request another customer_service operator
// approves (operators/services/approvals.ts), run then through the executor registered here.
import {
  CODE,
  DESK_LIMITS,
  DESK_PHONE_RULE,
  DESK_REASON_RULE,
  deskReason,
  isMainlandMobile,
  maskPhone,
  opsUsersEndSessions,
  opsUsersFreeze,
  opsUsersLookup,
  opsUsersUnfreeze,
  type OpsEndpoint,
  type OpsResponseData,
} from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endAllSessions, freezeAccount, unfreezeAccount, type User } from '../../account/account-module.js';
import { inTransaction } from '../../db/ambient-transaction.js';
import { ApiError } from '../../http/api-error.js';
import { OpsInputError, inputRefusal, opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator } from '../../http/ops-api.js';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) =>
  opsAnswer(request, reply, endpoint, run, inputRefusal);

const invalid = (reason: string) => new ApiError(CODE.BAD_REQUEST, undefined, { httpStatus: 400, data: { reason }, detail: reason });
const conflict = (reason: string) => new ApiError(CODE.CONFLICT, undefined, { httpStatus: 409, data: { reason }, detail: reason });

/** The reason every call states: trimmed, DESK_LIMITS' characters, else 400 with the rule. */
function statedReason(text: string): string {
  const { reason, chars } = deskReason(text);
  if (chars < DESK_LIMITS.reasonMinChars || chars > DESK_LIMITS.reasonMaxChars) throw invalid(DESK_REASON_RULE);
  return reason;
}

export default async function opsUsersRoutes(fastify: FastifyInstance): Promise<void> {
  const { cards, pendingUnfreeze } = fastify.supportDesk;
  const { approvals } = fastify.operators;
  const accounts = fastify.accounts;
  const now = () => fastify.clock();

  /** The account an action names by id (a lookup gave it), or 404. */
  async function namedAccount(request: FastifyRequest): Promise<User> {
    const id = (request.params as { id?: string }).id ?? '';
    const user = USER_ID.test(id) ? await accounts.repos.users.findById(id) : undefined;
    if (!user) throw new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, data: { reason: '没有这个账户（可能已注销），请重新查询' } });
    return user;
  }

  // What an approved unfreeze runs: the freeze lifted, named for the account by its masked phone only.
  approvals.register('account-unfreeze', async (_payload, targetId, _requester, at) => {
    const user = targetId === null ? undefined : await accounts.repos.users.findById(targetId);
    if (!user) throw new OpsInputError('not-found', '该账户已不存在');
    if (!(await unfreezeAccount(accounts, user.id, at))) throw new OpsInputError('invalid', `${maskPhone(user.phone)} 已不在冻结状态`);
    return { shown: { phone: maskPhone(user.phone), unfrozen: true } };
  });

  // A lookup changes nothing, yet it is a POST: the phone stays out of addresses and logs, and the audit
  // keeps every lookup with its reason, one whose number has no account included.
  opsRoute(fastify, opsUsersLookup, 'customer_service', async (request, reply) => {
    const input = parse(opsUsersLookup, request.body);
    const reason = statedReason(input.reason);
    // Exact numbers only: no partial or masked number, no list to browse.
    if (!isMainlandMobile(input.phone)) throw invalid(DESK_PHONE_RULE);
    const phone = maskPhone(input.phone);
    const user = await accounts.repos.users.findByPhone(input.phone);
    request.opsAudit = { targetId: user?.id ?? null, after: { reason, phone, found: user !== undefined } };
    return answer(request, reply, opsUsersLookup, async () => ({ phone, account: user ? await cards.card(user, now()) : null }));
  });

  opsRoute(fastify, opsUsersEndSessions, 'customer_service', async (request, reply) => {
    const reason = statedReason(parse(opsUsersEndSessions, request.body).reason);
    const user = await namedAccount(request);
    const ended = await endAllSessions(accounts, user.id, now());
    request.opsAudit = { targetId: user.id, after: { reason, phone: maskPhone(user.phone), ended } };
    return answer(request, reply, opsUsersEndSessions, async () => ({ ended, account: await cards.card(user, now()) }));
  });

  opsRoute(fastify, opsUsersFreeze, 'customer_service', async (request, reply) => {
    const reason = statedReason(parse(opsUsersFreeze, request.body).reason);
    const user = await namedAccount(request);
    const at = now();
    const ended = user.frozen ? undefined : await freezeAccount(accounts, user.id, { at, by: signedInOperator(request).name, reason });
    if (ended === undefined) throw conflict(`${maskPhone(user.phone)} 已被冻结，请刷新`);
    request.opsAudit = { targetId: user.id, before: { frozen: false }, after: { reason, phone: maskPhone(user.phone), frozen: true, ended } };
    const frozen = (await accounts.repos.users.findById(user.id)) ?? user;
    return answer(request, reply, opsUsersFreeze, async () => ({ ended, account: await cards.card(frozen, at) }));
  });

  // Never run at once: kept as a request (HTTP 202) until another customer_service operator approves it.
  opsRoute(fastify, opsUsersUnfreeze, 'customer_service', async (request, reply) => {
    const reason = statedReason(parse(opsUsersUnfreeze, request.body).reason);
    const user = await namedAccount(request);
    const phone = maskPhone(user.phone);
    if (!user.frozen) throw conflict(`${phone} 未被冻结`);
    if (await pendingUnfreeze(user.id)) throw conflict(`${phone} 已有待审批的解冻申请`);
    // The request and its audit entry commit together (docs/operations.md "The audit log").
    const row = await inTransaction(fastify.database.db, async () => {
      const asked = await approvals.request(
        { kind: 'account-unfreeze', role: 'customer_service', targetId: user.id, payload: { reason }, summary: `解冻账户 ${phone}：${reason}` },
        signedInOperator(request),
        now(),
      );
      request.opsAudit = { targetId: user.id, after: { reason, phone, approval: asked.id }, reason, summary: `申请解冻账户 ${phone}` };
      await fastify.operators.recordIn(request, 'requested');
      return asked;
    });
    return fastify.operators.answerRequested(request, reply, row);
  });
}
