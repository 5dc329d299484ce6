// The operators' own /ops API (docs/api.md "Operators"): signing in and out, the session, operators'
// accounts (administrators; adding and resetting hand out an enrolment link, whose own calls are
// ops-enrolment.ts), maker-checker requests (each role its own) and the audit log (administrators, read only). Each call's address, body and answer are its endpoint object's in packages/protocol
// (endpoints/ops/operators-ops.ts).
import {
  CODE,
  OPS_ENROLMENT_PAGE,
  SUBCODE,
  OPS_AUDIT_PAGE,
  opsApprovalsApprove,
  opsApprovalsList,
  opsApprovalsReject,
  opsApprovalsResult,
  opsApprovalsWithdraw,
  opsAuditList,
  opsOperatorsAdd,
  opsOperatorsDisable,
  opsOperatorsList,
  opsOperatorsReset,
  opsSession,
  opsSignIn,
  opsSignOut,
  type OpsEndpoint,
  type OpsResponseData,
} from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { inputRefusal, opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator, type OpsRefusal } from '../../http/ops-api.js';
import { OPS_SESSION_COOKIE } from '../operators-module.js';
import type { ApprovalRow } from '../repositories/operators-repository.js';
import { ApprovalError } from '../services/approvals.js';
import { OperatorsError, operatorView, type EnrolmentLink } from '../services/operators.js';
import opsEnrolmentRoutes from './ops-enrolment.js';

const ID = /^(op|ap)_[0-9a-f-]{36}$/;

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, data: { reason: '编号不存在' } });
  return id;
}

const refusalOf = (error: unknown): OpsRefusal | undefined => {
  if (error instanceof OperatorsError || error instanceof ApprovalError) {
    if (error.kind === 'not-found') return { code: CODE.NOT_FOUND, httpStatus: 404, reason: error.message };
    if (error.kind === 'conflict') return { code: CODE.CONFLICT, httpStatus: 409, reason: error.message };
    if (error.kind === 'forbidden') return { code: CODE.FORBIDDEN, httpStatus: 403, reason: error.message };
    return { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message };
  }
  // A change refused when an approval runs it (a prize gone meanwhile, a day now past) is the change's own refusal.
  return inputRefusal(error);
};
const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>, commit = true) =>
  opsAnswer(request, reply, endpoint, run, refusalOf, commit);

/**
 * The link to hand over, at the address the administrator's own browser used (request.protocol and host, as
 * the CSRF check reads them: TRUST_PROXY behind a proxy). The token is in the fragment (OPS_ENROLMENT_PAGE).
 */
const enrolmentView = (request: FastifyRequest, link: EnrolmentLink) => ({
  operator: operatorView(link.operator),
  enrolmentUrl: `${request.protocol}://${request.host}${OPS_ENROLMENT_PAGE}#${link.token}`,
  enrolmentExpiresAt: link.expiresAt,
});

export default async function opsOperatorsRoutes(fastify: FastifyInstance): Promise<void> {
  const { accounts, approvals, repo } = fastify.operators;
  const now = () => fastify.clock();

  opsRoute(fastify, opsSignIn, 'public', async (request, reply) => {
    const input = parse(opsSignIn, request.body);
    const result = await accounts.signIn(input, request.ip.slice(0, 64), now());
    if (!result.ok) {
      // The refusal is recorded with the name typed only when it is an operator's: a password typed into
      // the name field by mistake never reaches the audit.
      const known = await repo.findByName(input.name.trim().toLowerCase());
      request.opsAudit = { targetId: known?.id ?? null, after: { name: known ? known.name : '（不存在的账号名）' } };
      // The same answers whether the name exists or not: a wrong name, password or code, a code used
      // before and a disabled operator are one refusal; a locked name says when to come back.
      if (result.lockedUntil !== undefined) {
        const seconds = Math.max(1, Math.ceil((result.lockedUntil - now()) / 1000));
        reply.header('retry-after', String(seconds));
        throw new ApiError(CODE.TOO_MANY_REQUESTS, undefined, {
          httpStatus: 429,
          data: { reason: '登录失败次数过多，请稍后再试', retryAfterSeconds: seconds },
        });
      }
      throw new ApiError(CODE.UNAUTHORIZED, undefined, { httpStatus: 401, data: { reason: '账号名、密码或动态码错误' }, detail: 'ops sign-in refused' });
    }
    request.operator = result.operator;
    request.opsAudit = { targetId: result.operator.id, after: { signedIn: true } };
    try {
      // The session exists once its audit entry does (docs/operations.md "The audit log").
      await fastify.opsCommit(request, async () => undefined);
    } catch (error) {
      await accounts.signOut(result.sessionId);
      throw error;
    }
    fastify.operators.setSessionCookie(reply, result.sessionId);
    return answer(
      request,
      reply,
      opsSignIn,
      async () => ({
        operator: operatorView(result.operator),
        csrfToken: result.csrfToken,
        idleExpiresAt: result.idleExpiresAt,
        expiresAt: result.expiresAt,
      }),
      false,
    );
  });

  opsRoute(fastify, opsSession, 'viewer', async (request, reply) => {
    const session = await accounts.session(request.cookies[OPS_SESSION_COOKIE] ?? '', now());
    if (session.state !== 'live') throw new ApiError(CODE.UNAUTHORIZED, undefined, { httpStatus: 401 });
    return answer(request, reply, opsSession, async () => ({
      operator: operatorView(session.operator),
      csrfToken: session.csrfToken,
      idleExpiresAt: session.idleExpiresAt,
      expiresAt: session.expiresAt,
    }));
  });

  opsRoute(fastify, opsSignOut, 'viewer', async (request, reply) => {
    await accounts.signOut(request.cookies[OPS_SESSION_COOKIE] ?? '');
    fastify.operators.clearSessionCookie(reply);
    request.opsAudit = { after: { signedOut: true } };
    return answer(request, reply, opsSignOut, async () => ({}));
  });

  opsRoute(fastify, opsOperatorsList, 'administrator', async (request, reply) =>
    answer(request, reply, opsOperatorsList, async () => ({ operators: (await accounts.list()).map(operatorView) })),
  );
  opsRoute(fastify, opsOperatorsAdd, 'administrator', async (request, reply) => {
    const input = parse(opsOperatorsAdd, request.body);
    return answer(request, reply, opsOperatorsAdd, async () => {
      const link = await accounts.add(input.name, input.role, by(request), now());
      request.opsAudit = { targetId: link.operator.id, after: { ...operatorView(link.operator), enrolmentExpiresAt: link.expiresAt } };
      return enrolmentView(request, link);
    });
  });
  opsRoute(fastify, opsOperatorsDisable, 'administrator', async (request, reply) => {
    const id = idParam(request);
    parse(opsOperatorsDisable, request.body);
    return answer(request, reply, opsOperatorsDisable, async () => {
      const { before, after } = await accounts.disable(id, signedInOperator(request), now());
      request.opsAudit = { targetId: id, before: operatorView(before), after: operatorView(after) };
      return { operator: operatorView(after) };
    });
  });
  opsRoute(fastify, opsOperatorsReset, 'administrator', async (request, reply) => {
    const id = idParam(request);
    parse(opsOperatorsReset, request.body);
    return answer(request, reply, opsOperatorsReset, async () => {
      const { before, link } = await accounts.reset(id, by(request), now());
      request.opsAudit = { targetId: id, before: operatorView(before), after: { ...operatorView(link.operator), enrolmentExpiresAt: link.expiresAt } };
      return enrolmentView(request, link);
    });
  });

  opsRoute(fastify, opsApprovalsList, 'viewer', async (request, reply) =>
    answer(request, reply, opsApprovalsList, async () => ({ approvals: await approvals.list(now()) })),
  );
  // Approving runs the change in the decision's transaction with its audit entry (services/approvals.ts),
  // so this call opens its own transaction rather than opsCommit's.
  opsRoute(fastify, opsApprovalsApprove, 'viewer', async (request, reply) => {
    const id = idParam(request);
    parse(opsApprovalsApprove, request.body);
    // The entry is written in the approval's transaction, of the request as the service read it; a refused
    // approval is recorded as refused, with nothing claimed approved.
    const record = (row: ApprovalRow) => {
      request.opsAudit = {
        targetId: id,
        before: { status: 'pending' },
        after: { status: 'approved', kind: row.kind, targetId: row.target_id, requestedBy: row.requested_by },
        summary: `批准申请：${row.summary}`,
      };
      return fastify.operators.recordIn(request, 'done');
    };
    return answer(
      request,
      reply,
      opsApprovalsApprove,
      async () => {
        const { approval, result } = await approvals.approve(id, signedInOperator(request), now(), record);
        return { approval: await approvals.view(approval, now()), result };
      },
      false,
    );
  });
  opsRoute(fastify, opsApprovalsReject, 'viewer', async (request, reply) => {
    const id = idParam(request);
    const { reason } = parse(opsApprovalsReject, request.body);
    return answer(request, reply, opsApprovalsReject, async () => {
      const row = await approvals.reject(id, reason, signedInOperator(request), now());
      request.opsAudit = { targetId: id, before: { status: 'pending' }, after: { status: 'rejected' }, summary: `驳回申请：${row.summary}`, reason };
      return { approval: await approvals.view(row, now()) };
    });
  });
  opsRoute(fastify, opsApprovalsWithdraw, 'viewer', async (request, reply) => {
    const id = idParam(request);
    parse(opsApprovalsWithdraw, request.body);
    return answer(request, reply, opsApprovalsWithdraw, async () => {
      const row = await approvals.withdraw(id, signedInOperator(request), now());
      request.opsAudit = { targetId: id, before: { status: 'pending' }, after: { status: 'withdrawn' }, summary: `撤回申请：${row.summary}` };
      return { approval: await approvals.view(row, now()) };
    });
  });
  opsRoute(fastify, opsApprovalsResult, 'viewer', async (request, reply) => {
    const id = idParam(request);
    parse(opsApprovalsResult, request.body);
    return answer(request, reply, opsApprovalsResult, async () => {
      const { approval, result } = await approvals.takeResult(id, signedInOperator(request));
      // The codes themselves never reach the audit (withoutSecrets drops `codes`).
      request.opsAudit = { targetId: id, after: { taken: true }, summary: `领取批准结果：${approval.summary}` };
      return { approval: await approvals.view(approval, now()), result };
    });
  });

  await fastify.register(opsEnrolmentRoutes);

  opsRoute(fastify, opsAuditList, 'administrator', async (request, reply) => {
    const query = parse(opsAuditList, request.query);
    const [beforeAt, beforeId] = query.before?.split(':') ?? [];
    return answer(request, reply, opsAuditList, async () => {
      const rows = await repo.listAudit(
        {
          ...(query.operator !== undefined && { operator: query.operator }),
          ...(query.action !== undefined && { action: query.action }),
          ...(query.target !== undefined && { target: query.target }),
          ...(query.from !== undefined && { from: Number(query.from) }),
          ...(query.to !== undefined && { to: Number(query.to) }),
          ...(beforeAt !== undefined && beforeId !== undefined && { before: { at: Number(beforeAt), id: beforeId } }),
        },
        OPS_AUDIT_PAGE + 1,
      );
      const page = rows.slice(0, OPS_AUDIT_PAGE);
      const last = page.at(-1);
      return {
        entries: page.map((row) => ({
          id: row.id,
          operator: row.operator_name,
          action: row.action,
          targetId: row.target_id,
          address: row.address,
          outcome: row.outcome,
          status: row.status,
          summary: row.summary,
          reason: row.reason,
          before: row.before === null ? null : (JSON.parse(row.before) as unknown),
          after: row.after === null ? null : (JSON.parse(row.after) as unknown),
          at: row.at,
        })),
        next: rows.length > OPS_AUDIT_PAGE && last ? `${last.at}:${last.id}` : null,
      };
    });
  });
}

const by = (request: FastifyRequest) => signedInOperator(request).name;
