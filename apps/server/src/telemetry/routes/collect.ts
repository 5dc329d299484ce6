// POST /collect?project=production and its GET fallback (docs/api.md). Beacons
// cannot seal or sign, so this is outside /tydApi and its pipeline: every field is hostile, the body is
// read as text whatever its content type (text/plain keeps sendBeacon a CORS-safe simple request).
import { CODE, CODE_TEXT, COLLECT_GET_PARAM, COLLECT_PATH, MAX_BATCH_BYTES, MAX_BODY_BYTES, MAX_COLLECT_URL_CHARS, SUBCODE, type Subcode } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { sendApiResponse } from '../../http/send-api-response.js';
import { clientAddressKey } from '../../lib/client-address.js';
import { readBatch, storeBatch, storedBytes } from '../services/collect-batch.js';
import { chargeAddress, dailyQuotaWait, reserveDailyBytes, type CollectLimits } from '../services/collect-limits.js';

const tooLarge = (detail: string) => new ApiError(CODE.PAYLOAD_TOO_LARGE, undefined, { httpStatus: 413, detail });

function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * HTTP 429 with Retry-After: the web's send queue keeps the batch and tries again with backoff
 * (docs/telemetry.md "Sending"); nothing of the batch is stored.
 */
function refuse(reply: FastifyReply, retryAfterSeconds: number, subcode: Subcode | undefined, detail: string): ApiError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new ApiError(CODE.TOO_MANY_REQUESTS, subcode, { httpStatus: 429, detail });
}

export default async function collectRoute(fastify: FastifyInstance): Promise<void> {
  const { rateLimitPerMinute, bytesPerAddressPerMinute, storedBytesPerDay } = fastify.telemetry.config;
  const limits: CollectLimits = { batchesPerMinute: rateLimitPerMinute, bytesPerMinute: bytesPerAddressPerMinute, storedBytesPerDay };
  // Budget counters are written by every request, so they live in the request store, apart from the
  // security state (plugins/request-kv.ts): a flood of addresses cannot crowd out an SMS lock.
  const kv = fastify.requestKv;

  async function collect(request: FastifyRequest, reply: FastifyReply, text: string | undefined): Promise<FastifyReply> {
    const receivedAt = fastify.clock();
    const bytes = text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
    const addressWait = await chargeAddress(kv, limits, clientAddressKey(request.ip), bytes, receivedAt);
    if (addressWait !== undefined) throw refuse(reply, addressWait, undefined, 'collector budget of the client address');
    if (text === undefined || text.length === 0) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, detail: 'no batch' });
    if (bytes > MAX_BATCH_BYTES) throw tooLarge('batch over MAX_BATCH_BYTES');
    // A used-up day is refused before the batch is parsed: the retries it causes stay cheap.
    const quotaWait = await dailyQuotaWait(kv, limits, receivedAt);
    if (quotaWait !== undefined) throw refuse(reply, quotaWait, SUBCODE.COLLECT_DAILY_QUOTA, 'collector daily quota used up');
    const read = readBatch({ text, project: queryParam(request, 'project'), receivedAt });
    if (read.rows.length > 0) {
      const reserveWait = await reserveDailyBytes(kv, limits, storedBytes(read.rows), receivedAt);
      if (reserveWait !== undefined) throw refuse(reply, reserveWait, SUBCODE.COLLECT_DAILY_QUOTA, 'collector daily quota reached');
    }
    const data = await storeBatch(fastify.telemetry.records, read);
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
