// GET /tydApi/deep-link/params?key=&system_type=&project= (SPEC §7 deep-link parameter lookup; docs/api.md).
// A plain GET outside the sealed /tydApi/v1 pipeline: the parameters are what the admin published for a
// link, nothing personal. Coded answers are HTTP 200 (SPEC §7: the client reads code from 2xx answers).
import { CODE, CODE_TEXT, DEEP_LINK_PATH, SUBCODE, deepLinkQuerySchema } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ApiError } from '../../http/api-error.js';
import { sendApiResponse } from '../../http/send-api-response.js';

export default async function deepLinkParamsRoute(fastify: FastifyInstance): Promise<void> {
  fastify.get(DEEP_LINK_PATH, async (request, reply) => {
    // A repeated parameter arrives as an array and fails the schema (each once, SPEC §7's three names only).
    const query = z.safeParse(deepLinkQuerySchema, request.query);
    if (!query.success) {
      throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, {
        detail: `deep-link query: ${query.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`).join(', ')}`,
      });
    }
    const { key, system_type: systemType, project } = query.data;
    const entry = await fastify.telemetry.deepLinks.get({ key, systemType, project });
    if (!entry) throw new ApiError(CODE.NOT_FOUND, undefined, { detail: 'unknown deep-link key' });
    return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data: entry.params });
  });
}
