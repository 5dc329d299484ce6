// POST /tydApi/v1/upload/finish: the whole photo's SHA-256; the server checks, cleans and stores it
// (docs/protocol.md §14).
import { finishUpload } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function uploadFinishRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: finishUpload,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.uploads.finish(session.user.id, payload, fastify.clock()),
  });
}
