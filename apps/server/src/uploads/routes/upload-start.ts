// POST /tydApi/v1/upload/start: a logged-in user announces a photo (docs/protocol.md §14).
import { startUpload } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function uploadStartRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: startUpload,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.uploads.start(session.user.id, payload, fastify.clock()),
  });
}
