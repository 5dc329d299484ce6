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
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorsConfig } from '../config/index.js';
import { STATE_CHANGING, createOpsGuard, requireDeclaredAccess, type OpsAccess } from '../http/ops-guard.js';
import { createEnrolmentsRepository } from './repositories/enrolments-repository.js';
import { createOperatorsRepository, type OperatorsRepository } from './repositories/operators-repository.js';
import { createApprovals, type ApprovalKind, type Approvals } from './services/approvals.js';
import { createOperators, operatorTotpCipher, type Operators } from './services/operators.js';

export type { ApprovalKind };

/** The cookie naming an operator's session; sent by the browser to /ops and below only. */
export const OPS_SESSION_COOKIE = 'tyd_ops';
export const OPS_COOKIE_PATH = '/ops';

declare module 'fastify' {
  interface FastifyInstance {
    operators: {
      accounts: Operators;
      approvals: Approvals;
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
 * Fields never written to the audit (a password typed, an enrolment link's token or address, a TOTP code or
 * secret; `by` says nothing: the signed-in operator does).
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
    Object.entries(value).filter(([key]) => !['password', 'code', 'by', 'codes', 'totpSecret', 'otpauthUri', 'token', 'enrolmentUrl'].includes(key)),
  );
}

export default fp(
  async (fastify: FastifyInstance, opts: { operators: OperatorsConfig; cookieSecure: boolean; dataKey: string }) => {
    const repo = createOperatorsRepository(fastify.database.db);
    const accounts = createOperators({
      repo,
      enrolmentsRepo: createEnrolmentsRepository(fastify.database.db),
      config: opts.operators,
      totpCipher: operatorTotpCipher(opts.dataKey),
    });
    const approvals = createApprovals(repo);

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

    // The audit log: every state-changing /ops call that went through, with the signed-in operator, the
    // time, the address and the values before (when the route noted them) and after (what was set).
    // Written before the answer leaves (onSend), so whoever reads the answer can read its entry.
    fastify.addHook('onSend', async (request, reply, payload) => {
      const operator = request.operator;
      if (!operator || !STATE_CHANGING.has(request.method) || reply.statusCode >= 400) return payload;
      const note = request.opsAudit ?? {};
      try {
        await repo.insertAudit({
          id: `au_${randomUUID()}`,
          operator_id: operator.id,
          operator_name: operator.name,
          action: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 80),
          target_id: note.targetId ?? (request.params as { id?: string } | undefined)?.id ?? null,
          address: request.ip.slice(0, 64),
          before: note.before === undefined ? null : JSON.stringify(withoutSecrets(note.before)),
          after: JSON.stringify(withoutSecrets(note.after === undefined ? request.body : note.after)),
          at: fastify.clock(),
        });
      } catch (error) {
        request.log.error({ err: error }, 'ops audit entry not written');
      }
      return payload;
    });

    fastify.decorate('operators', { accounts, approvals, repo, config: opts.operators, routes, setSessionCookie, clearSessionCookie });
  },
  { name: 'operators', fastify: '5.x', dependencies: ['database', 'clock'] },
);
