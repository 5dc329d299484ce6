// The request pipeline for POST /tydApi/v1/** (issue 3; SPEC §5, §7, §8). In order, each failure a
// documented code (docs/api.md):
//   headers present and well-formed (4010) -> body {data: string} (4005) -> envelope opened (4005/4006/4007)
//   -> app id known (4004) -> x-sign verified in constant time (4003) -> timestamp within ±300 s (4001)
//   -> nonce unseen (4002) -> XSRF double submit (4008) -> session (401/4011) -> payload schema (4009)
//   -> handler -> answer sealed with the request's responseKey.
// The envelope is opened before the signature is checked, as issue 3 orders it: the web secret is
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
import type { Secrets } from '../config.js';
import { openRequestNode } from '../crypto/node-envelope.js';
import { verifySignatureNode } from '../crypto/node-signing.js';
import { ApiError } from '../http/api-error.js';
import { KNOWN_APP_IDS, readApiHeaders, type ApiHeaders } from '../http/api-headers.js';
import { sendApiResponse } from '../http/send-api-response.js';
import type { AuthenticatedSession } from './sessions.js';

export interface ApiCall<E extends Endpoint, S extends AuthenticatedSession | undefined> {
  payload: EndpointRequest<E>;
  session: S;
  headers: ApiHeaders;
  request: FastifyRequest;
  reply: FastifyReply;
  now: number;
}

export type ApiRouteOptions<E extends Endpoint> =
  | { endpoint: E; auth: 'required'; handler: (call: ApiCall<E, AuthenticatedSession>) => Promise<EndpointResponseData<E>> }
  | { endpoint: E; auth: 'optional'; handler: (call: ApiCall<E, AuthenticatedSession | undefined>) => Promise<EndpointResponseData<E>> };

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

function envelopeFailure(error: unknown): unknown {
  return error instanceof EnvelopeError ? new ApiError(CODE.BAD_REQUEST, error.subcode, { detail: error.message }) : error;
}

export default fp(
  async (fastify: FastifyInstance, opts: { appSecrets: Secrets['appSecrets'] }) => {
    // Request bodies are read as text by our own parser: every content type, so an odd Content-Type is a
    // coded 4005 rather than Fastify's 415, and JSON is parsed once, by us, with the shape checked.
    // (The server's only bodies are API calls, so this replaces the instance's default parsers.)
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

    const nonceKey = (appId: string, nonce: string) => `nonce:${appId}:${nonce}`;

    async function authenticateFor(auth: 'required' | 'optional', accessToken: string, now: number): Promise<AuthenticatedSession | undefined> {
      try {
        return await fastify.authenticate(accessToken, now);
      } catch (error) {
        if (auth === 'optional' && error instanceof ApiError && error.code === CODE.UNAUTHORIZED) return undefined;
        throw error;
      }
    }

    async function runPipeline(route: ApiRouteOptions<Endpoint>, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const now = Date.now();
      // 1. Headers, body shape, envelope. The route's own path (not the raw URL) is what the client bound.
      const headers = readApiHeaders(request.headers);
      const data = sealedData(request.body);
      const context: RequestContext = { method: 'POST', path: request.routeOptions.url ?? '', timestamp: headers.timestamp, appId: headers.appId, nonce: headers.nonce };
      let opened;
      try {
        opened = openRequestNode({ data, context, keyFor: fastify.serverKeys.privateKeyFor });
      } catch (error) {
        throw envelopeFailure(error);
      }
      // From here on every answer, errors included, is sealed for this client.
      request.openedCall = { context, responseKey: opened.responseKey };

      // 2. App id and signature (constant-time comparison).
      const platform = KNOWN_APP_IDS.get(headers.appId);
      if (!platform) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.UNKNOWN_APP);
      const signed = await verifySignatureNode(
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

      // 3. Timestamp window (SPEC §4: the answer carries x-server-time, set on every response).
      const sentAt = Number(headers.timestamp);
      if (Math.abs(now - sentAt) > TIMESTAMP_WINDOW_MS) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.CLOCK_SKEW);

      // 4. Replay: a nonce is remembered for as long as its timestamp could still be accepted.
      const ttl = Math.max(1_000, Math.ceil(sentAt + TIMESTAMP_WINDOW_MS - now) + 1_000);
      if (!(await fastify.kv.setIfAbsent(nonceKey(headers.appId, headers.nonce), '1', ttl))) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.REPLAY);

      // 5. Anti-forgery double submit. A missing or planted cookie is replaced on this answer, so the
      //    page can retry.
      if (!fastify.xsrf.verify(request)) {
        fastify.xsrf.ensureCookie(request, reply);
        throw new ApiError(CODE.FORBIDDEN, SUBCODE.XSRF);
      }

      // 6. Session: header token, else the cookie of the same name (SPEC §3).
      const accessToken = headers.accessToken || request.cookies[COOKIE.accessToken] || '';
      // On endpoints that work without a session (login, sms-send-v1, authorized-login...), a stale token
      // counts as none: a leftover cookie must not keep a user from logging in again (issue 5).
      const session = accessToken ? await authenticateFor(route.auth, accessToken, now) : undefined;
      if (route.auth === 'required' && !session) throw new ApiError(CODE.UNAUTHORIZED);

      // 7. Payload against the endpoint's schema.
      // Issues name fields and rules, never values (payloads carry phone, ID and card numbers).
      const payload = parseRequest(route.endpoint, opened.payload);
      if (!payload.ok) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: `payload: ${payload.issues.join(', ')}` });

      const call = { payload: payload.data, session, headers, request, reply, now };
      const result = route.auth === 'required' ? await route.handler({ ...call, session: session as AuthenticatedSession }) : await route.handler(call);
      // The answer must match the contract too; a mismatch is our bug, so it is a 500, not the client's 400.
      const checked = parseResponseData(route.endpoint, result);
      if (!checked.ok) throw new Error(`${route.endpoint.path} answered outside its schema: ${checked.issues.join(', ')}`);
      return checked.data;
    }

    fastify.decorate('apiRoute', function apiRoute<E extends Endpoint>(this: FastifyInstance, route: ApiRouteOptions<E>) {
      this.route({
        method: 'POST',
        url: route.endpoint.fullPath,
        bodyLimit: MAX_BODY_BYTES,
        handler: async (request, reply) => {
          const data = await runPipeline(route as unknown as ApiRouteOptions<Endpoint>, request, reply);
          return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], ...(data !== undefined && { data }) });
        },
      });
    });
  },
  { name: 'api-pipeline', fastify: '5.x', dependencies: ['@fastify/cookie', 'server-keys', 'kv', 'xsrf', 'sessions', 'error-handler'] },
);
