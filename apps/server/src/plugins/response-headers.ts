// Headers on every response: x-request-id and x-server-time (contract HEADER; the client derives its clock
// offset from x-server-time on subcode 4001, SPEC §4), and security headers. Pages get their own CSP
// from web-app.ts; everything else is data and may not be framed, sniffed or used as a document.
import { HEADER } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every answer carries but the request id. Also set by hand on the answers Fastify gives before
 * any hook of ours runs (a URL the router cannot decode: app.ts `frameworkErrors`).
 */
export function setResponseHeaders(reply: FastifyReply, now: number, hsts: boolean): void {
  reply.header(HEADER.serverTime, String(now));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'same-origin');
  reply.header('x-frame-options', 'DENY');
  reply.header('cross-origin-opener-policy', 'same-origin');
  reply.header('cross-origin-resource-policy', 'same-origin');
  // Static documents of the build set theirs on the raw response (web-app.ts setHeaders).
  if (!reply.hasHeader('content-security-policy') && !reply.raw.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', DATA_CSP);
  }
  // Only meaningful behind TLS; browsers ignore it over plain http.
  if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

export default fp(
  async (fastify: FastifyInstance, opts: { hsts: boolean }) => {
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header(HEADER.requestId, request.id);
    });
    fastify.addHook('onSend', async (_request, reply, payload) => {
      setResponseHeaders(reply, fastify.clock(), opts.hsts);
      return payload;
    });
  },
  { name: 'response-headers', fastify: '5.x', dependencies: ['clock'] },
);
