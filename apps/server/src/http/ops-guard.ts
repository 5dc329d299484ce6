// The guard of every /ops/api route (docs/api.md "Operators"; docs/architecture.md "Modules"): part of the
// platform, as the consumer API's envelope is, so the capabilities' operations routes and the operators'
// own depend on it and it depends on none of them. The operators module supplies what only it knows, the
// session a cookie names (createOpsGuard's `session`); the rest is here: who may call (each route declares
// its access, and one that does not fails the start), and CSRF (OWASP CSRF Prevention cheat sheet): a
// request whose Origin or Sec-Fetch-Site names another site is refused before anything else, and every
// state-changing call carries the session's token in the X-Ops-CSRF header (a custom header a cross-site
// form cannot send), compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CODE, OPS_CSRF_HEADER, SUBCODE, type OpsRole } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from './api-error.js';

/**
 * What a route needs: a role (`viewer`: any signed-in operator, since every role views; another role: that
 * role only), or `public` (signing in, and an enrolment link's calls, whose token is the proof).
 */
export type OpsAccess = OpsRole | 'public';

/** Who is calling, as the guard lets them through: never their credentials. */
export interface SignedInOperator {
  id: string;
  name: string;
  role: OpsRole;
}

/** What the audit keeps of a state-changing call besides who, when and from where (set by the route). */
export interface OpsAuditNote {
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  /** What happened, as a sentence; the action's name (OPS_ACTION_TEXT) when the route gives none. */
  summary?: string;
  /** The reason the operator gave. */
  reason?: string;
}

/**
 * Runs a state-changing call's change and writes its audit entry in one transaction (no entry, no change):
 * `done` for a change made, `requested` for one kept for a checker. Supplied by the operators module.
 */
export type OpsCommit = <T>(request: FastifyRequest, run: () => Promise<T>, outcome?: 'done' | 'requested') => Promise<T>;

/** The session a request's cookie names, as the operators module reads it. */
export type OpsSessionState = { state: 'live'; operator: SignedInOperator; csrfToken: string } | { state: 'none' | 'expired' | 'disabled' };

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook of an /ops/api route needing `access` (decorated by the operators module). */
    opsGuard(access: OpsAccess): onRequestHookHandler;
    opsCommit: OpsCommit;
  }
  interface FastifyRequest {
    /** The signed-in operator, once the guard let the request through. */
    operator?: SignedInOperator;
    opsAudit?: OpsAuditNote;
    /** Set once the call's audit entry is written in its change's transaction (opsCommit). */
    opsAudited?: boolean;
    /** A refusal not to record again (a flood from one address past its budget: its first refusal is). */
    opsUnrecorded?: boolean;
    /** Counted against its address's budget of calls without a session (given back when it succeeds). */
    opsAddressCounted?: boolean;
  }
  interface FastifyContextConfig {
    opsAccess?: OpsAccess;
  }
}

export const STATE_CHANGING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Constant-time equality of two tokens (STYLE.md "Errors"): their SHA-256 digests compared, so lengths leak nothing. */
export function sameToken(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && presented.length > 0;
}

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

/**
 * Every /ops/api route registered from now on must say who may call it (its `config.opsAccess`, which
 * opsRoute sets); returns the list of those registered, with their access (the role matrix test walks it).
 */
export function requireDeclaredAccess(fastify: FastifyInstance): { method: string; url: string; access: OpsAccess }[] {
  const routes: { method: string; url: string; access: OpsAccess }[] = [];
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ops/api') || route.method === 'HEAD') return;
    const access = (route.config as { opsAccess?: OpsAccess } | undefined)?.opsAccess;
    if (access === undefined) throw new Error(`${String(route.method)} ${route.url}: an /ops/api route declares its access (opsRoute)`);
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, access });
  });
  return routes;
}

/** The guard for routes needing `access`, given how to read the session a request names and clear its cookie. */
export function createOpsGuard(deps: {
  session(request: FastifyRequest): Promise<OpsSessionState & { named: boolean }>;
  clearSessionCookie(reply: FastifyReply): void;
  /**
   * Counts a state-changing call made without a live session (signing in, or a stale page) against its
   * address's budget: undefined within it, else how long until the window ends, and whether this is the
   * first refusal of the window (the one the audit records).
   */
  countWithoutSession(request: FastifyRequest): Promise<{ retryAfterSeconds: number; first: boolean } | undefined>;
}): (access: OpsAccess) => onRequestHookHandler {
  const overBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const over = await deps.countWithoutSession(request);
    if (!over) return;
    if (!over.first) request.opsUnrecorded = true;
    reply.header('retry-after', String(over.retryAfterSeconds));
    throw new ApiError(CODE.TOO_MANY_REQUESTS, undefined, {
      httpStatus: 429,
      data: { reason: '该地址的登录尝试过多，请稍后再试', retryAfterSeconds: over.retryAfterSeconds },
      detail: 'ops calls without a session over the address budget',
    });
  };
  return (access) => async (request, reply) => {
    if (STATE_CHANGING.has(request.method) && !sameSiteRequest(request)) throw forbidden('cross-site request refused', SUBCODE.XSRF);
    if (access === 'public') return overBudget(request, reply);
    const session = await deps.session(request);
    if (session.state !== 'live') {
      await overBudget(request, reply);
      if (session.named) deps.clearSessionCookie(reply);
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
    // Known before the role check, so a refusal for the wrong role is recorded under who asked.
    request.operator = { id: session.operator.id, name: session.operator.name, role: session.operator.role };
    if (access !== 'viewer' && session.operator.role !== access) throw forbidden(`needs the ${access} role`);
  };
}
