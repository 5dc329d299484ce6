// The request pipeline for POST /tydApi/v1/** (SPEC §5, §7, §8). In order, each failure a
// documented code (docs/api.md):
//   request budget of the client address (429, before the body is read)
//   -> headers present and well-formed (4010) -> body {data: string} (4005) -> envelope opened (4005/4006/4007)
//   -> app id known (4004) -> x-sign verified in constant time (4003) -> timestamp within -300 s..+60 s, not
//   before the in-process nonce store started and not older than what it still remembers (4001) -> nonce
//   unseen (4002) -> request budget of the session (429) -> XSRF double submit (4008) -> session (401/4011)
//   -> payload schema (4009) -> handler -> answer sealed with the request's responseKey.
// The envelope is opened before the signature is checked (docs/api.md "Why this order"): the web secret is
// public, so the HMAC would not keep attackers from reaching decryption anyway.
import {
  CODE,
  COOKIE,
  CODE_TEXT,
  EnvelopeError,
  MAX_BODY_BYTES,
  SUBCODE,
  TIMESTAMP_WINDOW_MS,
  parseRequest,
  parseResponseData,
  readSealedBody,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponseData,
  type RequestContext,
} from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { HttpConfig, Secrets } from '../config/index.js';
import { openRequestNode } from '../crypto/node-envelope.js';
import { verifySignatureNode } from '../crypto/node-signing.js';
import { ApiError } from '../http/api-error.js';
import { KNOWN_APP_IDS, readApiHeaders, type ApiHeaders } from '../http/api-headers.js';
import { sendApiResponse } from '../http/send-api-response.js';
import { KvCapacityError } from '../kv/kv-store.js';
import { hashAccessToken, isAccessTokenShape } from '../lib/access-tokens.js';
import { clientAddressKey } from '../lib/client-address.js';
import type { AuthenticatedSession } from '../account/account-module.js';

export interface ApiCall<E extends Endpoint, S extends AuthenticatedSession | undefined> {
  payload: EndpointRequest<E>;
  session: S;
  headers: ApiHeaders;
  request: FastifyRequest;
  reply: FastifyReply;
  now: number;
}

export type ApiRouteOptions<E extends Endpoint> = (
  | { endpoint: E; auth: 'required'; handler: (call: ApiCall<E, AuthenticatedSession>) => Promise<EndpointResponseData<E>> }
  | { endpoint: E; auth: 'optional'; handler: (call: ApiCall<E, AuthenticatedSession | undefined>) => Promise<EndpointResponseData<E>> }
) & {
  /** Largest body this endpoint reads, when it is not MAX_BODY_BYTES (upload parts, docs/protocol.md §14). */
  bodyLimit?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers POST <endpoint.fullPath> behind the whole pipeline. */
    apiRoute<E extends Endpoint>(opts: ApiRouteOptions<E>): void;
  }
}

const sealedData = (body: unknown): string => {
  if (typeof body !== 'string' || body.length === 0) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_ENVELOPE, { detail: 'no body' });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_ENVELOPE, { detail: 'body is not JSON' });
  }
  try {
    return readSealedBody(json);
  } catch (error) {
    throw envelopeFailure(error);
  }
};

/**
 * How far x-t may run ahead of the server clock. A nonce must be remembered for as long as its timestamp
 * could still be accepted, so this bound (not the client) decides the longest nonce lifetime:
 * TIMESTAMP_WINDOW_MS + MAX_CLOCK_AHEAD_MS + 1 s = 361 s. A client further ahead gets 4001 and corrects
 * its offset (SPEC §4), as one further behind always did.
 */
const MAX_CLOCK_AHEAD_MS = 60_000;
/**
 * How far ahead of the server clock a call may be stamped and still have its nonce among those an
 * in-process request store may forget. A nonce is kept until x-t + 301 s, so one stamped further ahead
 * outlives every call stamped with the server's time, and forgetting it would make the store refuse those
 * (step 3): such nonces are written with `keep`, in a share of the store of their own, and refused with 4001
 * when that share is full (docs/operations.md "Short-lived state"). A client that adopted the server's time
 * from x-server-time (SPEC §4) stamps its calls a little behind it, by the answer's travel time.
 */
const FORGETTABLE_AHEAD_MS = 2_000;
/** Where BENCH_UNSEALED_ROUTES puts the unsealed twin of each API route. */
export const BENCH_UNSEALED_PREFIX = '/bench-unsealed';
const MINUTE_MS = 60_000;

function envelopeFailure(error: unknown): unknown {
  return error instanceof EnvelopeError ? new ApiError(CODE.BAD_REQUEST, error.subcode, { detail: error.message }) : error;
}

export default fp(
  async (fastify: FastifyInstance, opts: { appSecrets: Secrets['appSecrets']; requestBudget: HttpConfig['requestBudget']; benchUnsealedRoutes: boolean }) => {
    // Request bodies are read as text by our own parser: every content type, so an odd Content-Type is a
    // coded 4005 rather than Fastify's 415, and JSON is parsed once, by us, with the shape checked.
    // (The server's only bodies are API calls, so this replaces the instance's default parsers.)
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

    const nonceKey = (appId: string, nonce: string) => `nonce:${appId}:${nonce}`;
    const { requestKv } = fastify;

    /** A 429 for the current fixed minute, with Retry-After until it ends. */
    function budgetRefusal(reply: FastifyReply, now: number, detail: string): ApiError {
      const window = Math.floor(now / MINUTE_MS);
      const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      return new ApiError(CODE.TOO_MANY_REQUESTS, undefined, { data: { retryAfterSeconds }, detail });
    }

    /**
     * Step 0, before the body is read and long before the envelope is opened: opening costs the server an
     * ECDH agreement and storing the nonce costs it memory, while a replayed or junk request costs the
     * client nothing. Fixed one-minute windows per client address (an IPv6 /64 counts as one).
     */
    async function checkAddressBudget(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const now = fastify.clock();
      const address = clientAddressKey(request.ip);
      if ((await requestKv.increment(`budget:ip:${address}:${Math.floor(now / MINUTE_MS)}`, MINUTE_MS)) > opts.requestBudget.perAddressPerMinute) {
        throw budgetRefusal(reply, now, 'request budget of the client address');
      }
    }

    /**
     * The session's budget, counted by the token's hash (unverified: the address budget bounds how many
     * such counters one client can create) and only once the call is known to be fresh (signed, in its
     * window, nonce unseen): a captured request's replayed copies are refused by the nonce check without
     * spending the session's minute (docs/api.md "Request budgets"). The address budget still comes first,
     * so a flood pays for no envelope beyond its address's share.
     */
    async function checkSessionBudget(reply: FastifyReply, accessToken: string, now: number): Promise<void> {
      if (!isAccessTokenShape(accessToken)) return;
      const key = `budget:session:${hashAccessToken(accessToken)}:${Math.floor(now / MINUTE_MS)}`;
      if ((await requestKv.increment(key, MINUTE_MS)) > opts.requestBudget.perSessionPerMinute) {
        throw budgetRefusal(reply, now, 'request budget of the session');
      }
    }

    async function authenticateFor(auth: 'required' | 'optional', accessToken: string, now: number): Promise<AuthenticatedSession | undefined> {
      try {
        return await fastify.authenticate(accessToken, now);
      } catch (error) {
        if (auth === 'optional' && error instanceof ApiError && error.code === CODE.UNAUTHORIZED) return undefined;
        throw error;
      }
    }

    /** The body's `data` and the payload it carries: opened from the envelope, or plain JSON (bench only). */
    function readPayload(request: FastifyRequest, context: RequestContext, sealed: boolean): { data: string; payload: unknown } {
      if (!sealed) {
        const data = typeof request.body === 'string' ? request.body : '';
        try {
          return { data, payload: JSON.parse(data) };
        } catch {
          throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_ENVELOPE, { detail: 'body is not JSON' });
        }
      }
      const data = sealedData(request.body);
      let opened;
      try {
        opened = openRequestNode({ data, context, keyFor: fastify.serverKeys.privateKeyFor });
      } catch (error) {
        throw envelopeFailure(error);
      }
      // From here on every answer, errors included, is sealed for this client.
      request.openedCall = { context, responseKey: opened.responseKey };
      return { data, payload: opened.payload };
    }

    async function runPipeline(route: ApiRouteOptions<Endpoint>, request: FastifyRequest, reply: FastifyReply, sealed: boolean): Promise<unknown> {
      const now = fastify.clock();
      // 1. Headers, body shape, envelope. The route's own path (not the raw URL) is what the client bound.
      const headers = readApiHeaders(request.headers);
      const context: RequestContext = {
        method: 'POST',
        path: request.routeOptions.url ?? '',
        timestamp: headers.timestamp,
        appId: headers.appId,
        nonce: headers.nonce,
      };
      const { data, payload: received } = readPayload(request, context, sealed);

      // 2. App id and signature (constant-time comparison).
      const platform = KNOWN_APP_IDS.get(headers.appId);
      if (!platform) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.UNKNOWN_APP);
      const signed = verifySignatureNode(
        opts.appSecrets[platform],
        {
          path: context.path,
          protocolVersion: headers.protocolVersion,
          appId: headers.appId,
          timestamp: headers.timestamp,
          nonce: headers.nonce,
          accessToken: headers.accessToken,
          clientInfo: headers.clientInfo,
          clientVersion: headers.clientVersion,
          data,
        },
        headers.sign,
      );
      if (!signed) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_SIGNATURE);

      // 3. Timestamp window (SPEC §4: the answer carries x-server-time, set on every response): at most
      //    300 s behind and MAX_CLOCK_AHEAD_MS ahead. An in-process nonce store knows nothing from before
      //    it started, so a timestamp older than that could be a request captured before a restart: it is
      //    refused the same way, and the client's retry with a fresh x-t passes (docs/protocol.md §8).
      const sentAt = Number(headers.timestamp);
      if (now - sentAt > TIMESTAMP_WINDOW_MS || sentAt - now > MAX_CLOCK_AHEAD_MS) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW);
      if (requestKv.startedAt !== undefined && sentAt < requestKv.startedAt) {
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW, { detail: 'timestamp before the nonce store started (restart)' });
      }
      // A nonce is remembered for as long as its timestamp could still be accepted (at most
      // TIMESTAMP_WINDOW_MS + MAX_CLOCK_AHEAD_MS, decided by the check above), so its entry expires at
      // sentAt + TIMESTAMP_WINDOW_MS + 1 s. An in-process request store at its bound forgets its oldest
      // entries (plugins/request-kv.ts): a nonce whose entry would expire no later than the latest one it
      // forgot may have been seen and forgotten, so that timestamp is refused as stale, like one from before
      // a restart. The store only forgets nonces stamped at most FORGETTABLE_AHEAD_MS ahead (step 4), so a
      // call stamped with the server's time passes as long as the store holds more than that much traffic,
      // whatever timestamps others send (docs/operations.md "Short-lived state" sizes it).
      const ttl = Math.max(1_000, Math.ceil(sentAt + TIMESTAMP_WINDOW_MS - now) + 1_000);
      if (now + ttl <= (requestKv.forgottenThrough?.() ?? -Infinity)) {
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW, { detail: 'timestamp older than the nonce store still remembers (store at its bound)' });
      }

      // 4. Replay. Nothing is awaited between the check above and this write, so no other call can make
      //    the store forget in between (the in-process store answers synchronously). A nonce stamped further
      //    ahead than FORGETTABLE_AHEAD_MS is kept, never forgotten; when the store's share for those is full
      //    (a flood stamped ahead) the caller is told the server's time and its retry, stamped with it, passes.
      const keep = sentAt - now > FORGETTABLE_AHEAD_MS;
      let fresh: boolean;
      try {
        fresh = await requestKv.setIfAbsent(nonceKey(headers.appId, headers.nonce), '1', ttl, { keep });
      } catch (error) {
        if (keep && error instanceof KvCapacityError) {
          throw new ApiError(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW, { detail: 'no room for more nonces stamped ahead of the server clock' });
        }
        throw error;
      }
      if (!fresh) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.REPLAY);

      // 4b. The session's request budget, now that the call is known to be fresh.
      const accessToken = headers.accessToken || request.cookies[COOKIE.accessToken] || '';
      await checkSessionBudget(reply, accessToken, now);

      // 5. Anti-forgery double submit. A missing or planted cookie is replaced on this answer, so the
      //    page can retry.
      if (!fastify.xsrf.verify(request)) {
        fastify.xsrf.ensureCookie(request, reply);
        throw new ApiError(CODE.FORBIDDEN, SUBCODE.XSRF);
      }

      // 6. Session: header token, else the cookie of the same name (SPEC §3), read at step 4b.
      // On endpoints that work without a session (login, sms-send-v1, authorized-login...), a stale token
      // counts as none: a leftover cookie must not keep a user from logging in again (docs/api.md pipeline step 12).
      const session = accessToken ? await authenticateFor(route.auth, accessToken, now) : undefined;
      if (route.auth === 'required' && !session) throw new ApiError(CODE.UNAUTHORIZED);
      // 登录设备管理 shows when and from where each session was last used (docs/api.md "Account security").
      if (session) await fastify.accounts.noteActivity(session.session, request.ip, now);

      // 7. Payload against the endpoint's schema.
      // Issues name fields and rules, never values (payloads carry phone, ID and card numbers).
      const payload = parseRequest(route.endpoint, received);
      if (!payload.ok) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: `payload: ${payload.issues.join(', ')}` });

      const call = { payload: payload.data, session, headers, request, reply, now };
      const result = route.auth === 'required' ? await route.handler({ ...call, session: session as AuthenticatedSession }) : await route.handler(call);
      // The answer must match the contract too; a mismatch is our bug, so it is a 500, not the client's 400.
      const checked = parseResponseData(route.endpoint, result);
      if (!checked.ok) throw new Error(`${route.endpoint.path} answered outside its schema: ${checked.issues.join(', ')}`);
      return checked.data;
    }

    fastify.decorate('apiRoute', function apiRoute<E extends Endpoint>(this: FastifyInstance, route: ApiRouteOptions<E>) {
      const register = (url: string, sealed: boolean) =>
        this.route({
          method: 'POST',
          url,
          bodyLimit: route.bodyLimit ?? MAX_BODY_BYTES,
          onRequest: checkAddressBudget,
          handler: async (request, reply) => {
            const data = await runPipeline(route as unknown as ApiRouteOptions<Endpoint>, request, reply, sealed);
            return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], ...(data !== undefined && { data }) });
          },
        });
      register(route.endpoint.fullPath, true);
      // bench:server only (config/http.ts refuses it in production): the same route with every step but the
      // envelope (signature over the plain body, window, nonce, XSRF, session, schema, handler), so the
      // envelope's cost is measured against the same work (bench/README.md).
      if (opts.benchUnsealedRoutes) register(`${BENCH_UNSEALED_PREFIX}${route.endpoint.fullPath}`, false);
    });
  },
  { name: 'api-pipeline', fastify: '5.x', dependencies: ['@fastify/cookie', 'clock', 'server-keys', 'request-kv', 'xsrf', 'accounts', 'error-handler'] },
);
