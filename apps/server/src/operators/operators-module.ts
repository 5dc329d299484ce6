// Operators of /ops (docs/operations.md "Operators", docs/api.md "Operators"): their accounts and sessions,
// the guard every /ops/api route runs with the role it declares, maker-checker approvals and the audit log.
// Decorates the instance as fastify.operators; registered before every capability's /ops routes, whose
// registration it refuses when they declare no role (onRoute below), so no /ops/api route is ever open by
// omission.
//
// The session is a random id in an httpOnly, SameSite=Strict cookie scoped to /ops (only its SHA-256 is
// stored). CSRF (OWASP CSRF Prevention cheat sheet): every state-changing call carries the session's token
// in the X-Ops-CSRF header (a custom header a cross-site form cannot send, compared in constant time with
// the session's, the page holding it in memory only), and a request whose Origin or Sec-Fetch-Site names
// another site is refused before anything else; SameSite=Strict keeps the cookie off cross-site requests
// in the first place.
import { randomUUID } from 'node:crypto';
import { CODE, OPS_CSRF_HEADER, SUBCODE, type OpsRole } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorsConfig } from '../config/index.js';
import { ApiError } from '../http/api-error.js';
import { createOperatorsRepository, type OperatorRow, type OperatorsRepository } from './repositories/operators-repository.js';
import { createApprovals, type Approvals } from './services/approvals.js';
import { createOperators, operatorTotpCipher, sameToken, type Operators } from './services/operators.js';

/** The cookie naming an operator's session; sent by the browser to /ops and below only. */
export const OPS_SESSION_COOKIE = 'tyd_ops';
export const OPS_COOKIE_PATH = '/ops';

/**
 * What a route needs: a role (`viewer`: any signed-in operator, since every role views; another role: that
 * role only), or `public` (signing in, the only one).
 */
export type OpsAccess = OpsRole | 'public';

/** What the audit keeps of a state-changing call besides who, when and from where (set by the route). */
export interface OpsAuditNote {
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    operators: {
      accounts: Operators;
      approvals: Approvals;
      repo: OperatorsRepository;
      config: OperatorsConfig;
      /** Every /ops/api route registered, with the access it declared (the role matrix test walks them). */
      routes: { method: string; url: string; access: OpsAccess }[];
      /** The onRequest hook of a route needing `access`. */
      guard(access: OpsAccess): onRequestHookHandler;
      setSessionCookie(reply: FastifyReply, sessionId: string): void;
      clearSessionCookie(reply: FastifyReply): void;
    };
  }
  interface FastifyRequest {
    /** The signed-in operator, once the guard let the request through. */
    operator?: OperatorRow;
    opsAudit?: OpsAuditNote;
  }
  interface FastifyContextConfig {
    opsAccess?: OpsAccess;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request's own origin as the browser writes it in Origin (scheme://host[:port]). */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Refuses a request another site made (OWASP CSRF cheat sheet, "Verifying origin with standard headers" and
 * "Fetch Metadata headers"): an Origin that is not this server's, or Sec-Fetch-Site other than same-origin
 * (or none: typed into the address bar). Absent headers are let through to the token check.
 */
function sameSiteRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request)) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

const forbidden = (detail: string, subcode?: typeof SUBCODE.XSRF) =>
  new ApiError(CODE.FORBIDDEN, subcode, { httpStatus: 403, data: { reason: detail }, detail });

/** Fields never written to the audit (a password typed or handed over; `by` says nothing: the signed-in operator does). */
function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      return withoutSecrets(JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !['password', 'code', 'by', 'codes', 'totpSecret', 'otpauthUri'].includes(key)));
}

export default fp(
  async (fastify: FastifyInstance, opts: { operators: OperatorsConfig; cookieSecure: boolean; dataKey: string }) => {
    const repo = createOperatorsRepository(fastify.database.db);
    const accounts = createOperators({ repo, config: opts.operators, totpCipher: operatorTotpCipher(opts.dataKey) });
    const approvals = createApprovals(repo);

    const routes: { method: string; url: string; access: OpsAccess }[] = [];
    // Every /ops/api route says who may call it; one that does not fails the start, not a request.
    fastify.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/ops/api') || route.method === 'HEAD') return;
      const access = (route.config as { opsAccess?: OpsAccess } | undefined)?.opsAccess;
      if (access === undefined) throw new Error(`${String(route.method)} ${route.url}: an /ops/api route declares its access (opsRoute)`);
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, access });
    });

    function guard(access: OpsAccess): onRequestHookHandler {
      return async (request, reply) => {
        if (STATE_CHANGING.has(request.method) && !sameSiteRequest(request)) throw forbidden('cross-site request refused', SUBCODE.XSRF);
        if (access === 'public') return;
        const sessionId = request.cookies[OPS_SESSION_COOKIE];
        const session = sessionId ? await accounts.session(sessionId, fastify.clock()) : { state: 'none' as const };
        if (session.state !== 'live') {
          if (sessionId) clearSessionCookie(reply);
          throw new ApiError(CODE.UNAUTHORIZED, session.state === 'expired' ? SUBCODE.SESSION_EXPIRED : undefined, {
            httpStatus: 401,
            data: { reason: session.state === 'expired' ? 'the session ended; sign in again' : 'sign in first' },
            detail: `ops session ${session.state}`,
          });
        }
        if (STATE_CHANGING.has(request.method)) {
          const presented = request.headers[OPS_CSRF_HEADER];
          if (typeof presented !== 'string' || !sameToken(presented, session.csrfToken)) throw forbidden('CSRF token missing or wrong', SUBCODE.XSRF);
        }
        if (access !== 'viewer' && session.operator.role !== access) throw forbidden(`needs the ${access} role`);
        request.operator = session.operator;
      };
    }

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

    fastify.decorate('operators', { accounts, approvals, repo, config: opts.operators, routes, guard, setSessionCookie, clearSessionCookie });
  },
  { name: 'operators', fastify: '5.x', dependencies: ['database', 'clock'] },
);
