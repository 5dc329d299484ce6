// GET /ops/api/summary?days=14 (docs/api.md): aggregates only, for every signed-in operator (viewer).
// Its address, query and answer are opsTelemetrySummary's in packages/protocol (telemetry/ops-summary.ts).
import { CODE, OPS_DEFAULT_DAYS, OPS_MAX_DAYS, SUBCODE, opsTelemetrySummary } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, opsRoute } from '../../http/ops-api.js';
import * as z from 'zod/mini';
import { buildOpsSummary } from '../services/ops-summary.js';

export default async function opsSummaryRoute(fastify: FastifyInstance): Promise<void> {
  opsRoute(fastify, opsTelemetrySummary, 'viewer', async (request, reply) => {
    // The named parameter only (others are left alone); a repeated one arrives as an array and fails the schema.
    const query = z.safeParse(opsTelemetrySummary.request, { days: (request.query as Record<string, unknown>).days });
    const days = !query.success ? NaN : query.data.days === undefined ? OPS_DEFAULT_DAYS : Number(query.data.days);
    if (!(days >= 1 && days <= OPS_MAX_DAYS))
      throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, detail: `days: 1..${OPS_MAX_DAYS}` });
    const sources = { records: fastify.telemetry.records, answerCounts: fastify.telemetry.answerCounts, outbox: fastify.outbox };
    return opsAnswer(
      request,
      reply,
      opsTelemetrySummary,
      () => buildOpsSummary(sources, days, fastify.clock()),
      () => undefined,
    );
  });
}
