// POST /collect?project=production and its GET fallback (issue 6 "Collector"; docs/api.md). Beacons
// cannot seal or sign, so this is outside /tydApi and its pipeline: every field is hostile, the body is
// read as text whatever its content type (text/plain keeps sendBeacon a CORS-safe simple request).
import { CODE, CODE_TEXT, COLLECT_GET_PARAM, COLLECT_PATH, MAX_BATCH_BYTES, MAX_BODY_BYTES, MAX_COLLECT_URL_CHARS, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { sendApiResponse } from '../http/send-api-response.js';
import { clientAddressKey } from '../services/client-address.js';
import { collectBatch } from '../services/telemetry/collect-batch.js';

const MINUTE_MS = 60_000;
const tooLarge = (detail: string) => new ApiError(CODE.PAYLOAD_TOO_LARGE, undefined, { httpStatus: 413, detail });

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export default async function collectRoute(fastify: FastifyInstance): Promise<void> {
  /** Fixed one-minute windows per client address (an IPv6 /64 counts as one, as issue 5's limits do), in the shared short-lived store. */
  async function checkRate(request: FastifyRequest, reply: FastifyReply, now: number): Promise<void> {
    const window = Math.floor(now / MINUTE_MS);
    const count = await fastify.kv.increment(`collect:${window}:${clientAddressKey(request.ip)}`, MINUTE_MS);
    if (count > fastify.telemetry.config.rateLimitPerMinute) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000))));
      throw new ApiError(CODE.TOO_MANY_REQUESTS, undefined, { httpStatus: 429, detail: 'collector rate limit' });
    }
  }

  async function collect(request: FastifyRequest, reply: FastifyReply, text: string | undefined): Promise<FastifyReply> {
    const receivedAt = Date.now();
    await checkRate(request, reply, receivedAt);
    if (text === undefined || text.length === 0) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, detail: 'no batch' });
    if (Buffer.byteLength(text, 'utf8') > MAX_BATCH_BYTES) throw tooLarge('batch over MAX_BATCH_BYTES');
    const data = await collectBatch(fastify.telemetry.records, { text, project: queryParam(request, 'project'), receivedAt });
    return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data });
  }

  fastify.post(COLLECT_PATH, { bodyLimit: MAX_BODY_BYTES }, async (request, reply) =>
    collect(request, reply, typeof request.body === 'string' ? request.body : undefined),
  );
  // No automatic HEAD route: a HEAD must not store anything.
  fastify.get(COLLECT_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    if (request.url.length > MAX_COLLECT_URL_CHARS) throw tooLarge('GET batch over MAX_COLLECT_URL_CHARS');
    return collect(request, reply, queryParam(request, COLLECT_GET_PARAM));
  });
}
