// GET /ops/api/summary?days=14 (docs/api.md): aggregates only, behind the
// admin token (Authorization: Bearer, compared in constant time). Without a configured token (allowed
// outside production only) the operations API does not exist.
import { CODE, CODE_TEXT, OPS_DEFAULT_DAYS, OPS_MAX_DAYS, OPS_SUMMARY_PATH, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { requireAdminToken } from '../../http/ops-api.js';
import { sendApiResponse } from '../../http/send-api-response.js';
import { buildOpsSummary } from '../services/ops-summary.js';

export default async function opsSummaryRoute(fastify: FastifyInstance): Promise<void> {
  const { adminToken } = fastify.telemetry;
  if (!adminToken) fastify.log.warn('TYD_ADMIN_TOKEN unset: the operations API (/ops/api) is off');

  fastify.get(OPS_SUMMARY_PATH, async (request, reply) => {
    requireAdminToken(request, reply, adminToken);
    const raw = (request.query as Record<string, unknown>).days;
    const days = raw === undefined ? OPS_DEFAULT_DAYS : typeof raw === 'string' && /^[0-9]{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!(days >= 1 && days <= OPS_MAX_DAYS)) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, detail: 'days: 1..90' });
    const summary = await buildOpsSummary({ records: fastify.telemetry.records, answerCounts: fastify.telemetry.answerCounts, outbox: fastify.outbox }, days, fastify.clock());
    return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data: summary });
  });
}
