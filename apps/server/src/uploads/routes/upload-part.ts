// POST /tydApi/v1/upload/part: the next sealed part of a photo (docs/protocol.md §14). The one endpoint
// with a larger body limit: a 256 KB part is about 466 KB once base64 inside the sealed JSON.
import { UPLOAD_PART_BODY_MAX_BYTES, uploadPart } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function uploadPartRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: uploadPart,
    auth: 'required',
    bodyLimit: UPLOAD_PART_BODY_MAX_BYTES,
    handler: async ({ payload, session }) => fastify.uploads.part(session.user.id, payload, fastify.clock()),
  });
}
