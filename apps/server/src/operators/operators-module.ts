// Operators of /ops (docs/operations.md "Operators", docs/api.md "Operators"): their accounts and sessions,
// maker-checker approvals and the audit log. Decorates the instance as fastify.operators, and supplies the
// platform's guard (http/ops-guard.ts) with the session an operator's cookie names: registered before
// every capability's /ops routes, whose registration the guard refuses when they declare no role, so no
// /ops/api route is ever open by omission.
//
// The session is a random id in an httpOnly, SameSite=Strict cookie scoped to /ops (only its SHA-256 is
// stored); its CSRF token is checked by the guard. SameSite=Strict keeps the cookie off cross-site
// requests in the first place.
import { randomUUID } from 'node:crypto';
import { CODE, CODE_TEXT, OPS_ACTION_TEXT, isMainlandMobile, maskPhone, type OpsAuditOutcome } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorsConfig } from '../config/index.js';
import { inTransaction } from '../db/ambient-transaction.js';
import { STATE_CHANGING, createOpsGuard, requireDeclaredAccess, type OpsAccess, type OpsCommit } from '../http/ops-guard.js';
import { sendApiResponse } from '../http/send-api-response.js';
import { createEnrolmentsRepository } from './repositories/enrolments-repository.js';
import type { ApprovalRow } from './repositories/operators-repository.js';
import { createOperatorsRepository, type OperatorsRepository } from './repositories/operators-repository.js';
import { createApprovals, type Approvals } from './services/approvals.js';
import { approvalResultCipher, createOperators, operatorTotpCipher, type Operators } from './services/operators.js';
import { createValueWindow, type ValueWindow } from './services/value-window.js';

export type { ApprovalExecutor, ApprovalKind, ChangeAuthors, ChangeOutcome } from './services/approvals.js';
export { authorsLabel } from './services/approvals.js';

/** The cookie naming an operator's session; sent by the browser to /ops and below only. */
export const OPS_SESSION_COOKIE = 'tyd_ops';
export const OPS_COOKIE_PATH = '/ops';

declare module 'fastify' {
  interface FastifyInstance {
    operators: {
      accounts: Operators;
      approvals: Approvals;
      valueWindow: ValueWindow;
      /** Writes a call's audit entry in the transaction at hand (for a route that opens its own, as approving does). */
      recordIn(request: FastifyRequest, outcome: 'done' | 'requested'): Promise<void>;
      /** The answer of a change kept for a checker: HTTP 202, code 200, the request in data.approval. */
      answerRequested(request: FastifyRequest, reply: FastifyReply, row: ApprovalRow): Promise<FastifyReply>;
      repo: OperatorsRepository;
      config: OperatorsConfig;
      /** Every /ops/api route registered, with the access it declared (the role matrix test walks them). */
      routes: { method: string; url: string; access: OpsAccess }[];
      setSessionCookie(reply: FastifyReply, sessionId: string): void;
      clearSessionCookie(reply: FastifyReply): void;
    };
  }
}

/**
 * A value as the audit keeps it: passwords, TOTP codes and secrets, redeem codes, an enrolment link's token
 * or address dropped, a phone number masked, and `by` left out (the signed-in operator says who).
 */
function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      return withoutSecrets(JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['password', 'code', 'by', 'codes', 'totpSecret', 'otpauthUri', 'token', 'enrolmentUrl'].includes(key))
      .map(([key, field]) => [key, key === 'phone' && typeof field === 'string' ? maskedPhone(field) : field]),
  );
}
function maskedPhone(phone: string): string {
  if (isMainlandMobile(phone)) return maskPhone(phone);
  // Already masked by the route (138****5678), or not a phone number at all: never kept as typed.
  return /^[0-9]{3}\*{4}[0-9]{4}$/.test(String(phone)) ? String(phone) : '（不是手机号）';
}

/** The short-lived store's counter of an address's calls without a session (OPS_SIGN_IN_PER_ADDRESS). */
const addressBudgetKey = (request: FastifyRequest) => `ops:no-session:${request.ip}`;

/** data.reason of a refusal's answer, for the audit: at most 200 characters. */
function refusalReason(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const reason = (JSON.parse(payload) as { data?: { reason?: unknown } }).data?.reason;
    return typeof reason === 'string' ? reason.slice(0, 200) : null;
  } catch {
    return null;
  }
}

export default fp(
  async (fastify: FastifyInstance, opts: { operators: OperatorsConfig; cookieSecure: boolean; dataKey: string }) => {
    const db = fastify.database.db;
    const repo = createOperatorsRepository(db);
    const accounts = createOperators({
      repo,
      enrolmentsRepo: createEnrolmentsRepository(db),
      config: opts.operators,
      totpCipher: operatorTotpCipher(opts.dataKey),
    });
    const approvals = createApprovals({ db, repo, config: opts.operators, resultCipher: approvalResultCipher(opts.dataKey) });
    const valueWindow = createValueWindow({ repo, config: opts.operators });

    const routes = requireDeclaredAccess(fastify);
    fastify.decorate(
      'opsGuard',
      createOpsGuard({
        async session(request) {
          const sessionId = request.cookies[OPS_SESSION_COOKIE];
          if (!sessionId) return { state: 'none', named: false };
          return { ...(await accounts.session(sessionId, fastify.clock())), named: true };
        },
        clearSessionCookie: (reply) => clearSessionCookie(reply),
        async countWithoutSession(request) {
          const { signInPerAddress, signInAddressWindowMs } = opts.operators;
          const key = addressBudgetKey(request);
          const attempts = await fastify.kv.increment(key, signInAddressWindowMs);
          // Counted before anything is checked; given back once the call succeeded (onSend below), so the
          // budget is one of failures: a team signing in from behind one address does not run out of it.
          request.opsAddressCounted = true;
          if (attempts <= signInPerAddress) return undefined;
          return { retryAfterSeconds: Math.ceil(signInAddressWindowMs / 1000), first: attempts === signInPerAddress + 1 };
        },
      }),
    );

    // Ended sessions and stale failure counts leave the database at start and daily (services/operators.ts prune).
    const prune = async () => {
      try {
        const pruned = await accounts.prune(fastify.clock());
        fastify.log.info(pruned, 'ended operator sessions and stale sign-in failure counts pruned');
      } catch (error) {
        fastify.log.error({ err: error }, 'pruning operator sessions failed');
      }
    };
    const pruneTimer = setInterval(() => void prune(), 24 * 60 * 60 * 1000);
    pruneTimer.unref();
    fastify.addHook('onReady', prune);
    fastify.addHook('onClose', async () => clearInterval(pruneTimer));

    function setSessionCookie(reply: FastifyReply, sessionId: string) {
      reply.setCookie(OPS_SESSION_COOKIE, sessionId, { path: OPS_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: opts.cookieSecure });
    }
    function clearSessionCookie(reply: FastifyReply) {
      reply.clearCookie(OPS_SESSION_COOKIE, { path: OPS_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: opts.cookieSecure });
    }

    // The audit log (docs/operations.md "The audit log"): every state-changing /ops call, with the operator,
    // the time, the address, what it did to what, and the values before and after. A change writes its entry
    // in its own transaction (opsCommit: no entry, no change); a refusal, where nothing changed, is written as
    // its answer leaves.
    const entryOf = (request: FastifyRequest, outcome: OpsAuditOutcome, status: number, refusal: string | null) => {
      const note = request.opsAudit ?? {};
      const action = `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 80);
      const named = OPS_ACTION_TEXT[action] ?? action;
      const summary = refusal !== null ? `${named}被拒绝：${refusal}` : (note.summary ?? named);
      return {
        id: `au_${randomUUID()}`,
        operator_id: request.operator?.id ?? null,
        operator_name: request.operator?.name ?? '（未登录）',
        action,
        target_id: (note.targetId ?? (request.params as { id?: string } | undefined)?.id ?? null)?.slice(0, 64) ?? null,
        address: request.ip.slice(0, 64),
        before: note.before === undefined ? null : JSON.stringify(withoutSecrets(note.before)),
        after: JSON.stringify(withoutSecrets(note.after === undefined ? request.body : note.after)),
        at: fastify.clock(),
        outcome,
        status,
        summary: summary.slice(0, 400),
        reason: (refusal ?? note.reason ?? null)?.slice(0, 200) ?? null,
      };
    };
    const commit: OpsCommit = (request, run, outcome = 'done') =>
      inTransaction(db, async () => {
        const result = await run();
        await recordIn(request, outcome);
        return result;
      });
    /** Writes the call's entry in the transaction at hand (approvals run their own: services/approvals.ts). */
    async function recordIn(request: FastifyRequest, outcome: 'done' | 'requested') {
      await repo.insertAudit(entryOf(request, outcome, outcome === 'requested' ? 202 : 200, null));
      request.opsAudited = true;
    }
    fastify.decorate('opsCommit', commit);

    fastify.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/ops/api') || !STATE_CHANGING.has(request.method)) return payload;
      if (request.opsAddressCounted && reply.statusCode < 400) await fastify.kv.decrement(addressBudgetKey(request));
      if (reply.statusCode < 400) {
        if (request.opsAudited) return payload;
        // Every change goes through opsCommit (http/ops-api.ts opsAnswer); one that did not is a wiring fault,
        // recorded late rather than not at all.
        request.log.error({ action: request.routeOptions.url }, 'ops change answered without its audit entry in its transaction');
      } else if (request.opsUnrecorded) {
        return payload;
      }
      try {
        const refused = reply.statusCode >= 400;
        await repo.insertAudit(
          entryOf(request, refused ? 'refused' : 'done', reply.statusCode, refused ? (refusalReason(payload) ?? `HTTP ${reply.statusCode}`) : null),
        );
      } catch (error) {
        request.log.error({ err: error }, 'ops audit entry not written');
      }
      return payload;
    });

    const answerRequested = async (request: FastifyRequest, reply: FastifyReply, row: ApprovalRow) =>
      sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data: { approval: await approvals.view(row, fastify.clock()) } }, 202);

    fastify.decorate('operators', {
      accounts,
      approvals,
      valueWindow,
      recordIn,
      answerRequested,
      repo,
      config: opts.operators,
      routes,
      setSessionCookie,
      clearSessionCookie,
    });
  },
  { name: 'operators', fastify: '5.x', dependencies: ['database', 'clock', 'kv'] },
);
