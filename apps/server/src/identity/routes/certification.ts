// SPEC §7 identity certification endpoints behind the sealed pipeline (docs/api.md "Identity
// certification"): idcard-ocr, certification, certification-info, h5-face-url, h5-face-verify, and idcard-readings
// (not in SPEC §7: the kept readings for the check step after a reload).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function certificationRoutes(fastify: FastifyInstance): Promise<void> {
  const identity = () => fastify.identity;
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/idcard-ocr'],
    auth: 'required',
    handler: async ({ session, payload, now }) => identity().readSide(session.user.id, payload.uploadId, payload.side, now),
  });
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/idcard-readings'],
    auth: 'required',
    handler: async ({ session }) => identity().readings(session.user.id),
  });
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/certification'],
    auth: 'required',
    handler: async ({ session, payload, now }) => identity().certify(session.user.id, payload, now),
  });
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/certification-info'],
    auth: 'required',
    handler: async ({ session, now }) => identity().info(session.user.id, now),
  });
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/h5-face-url'],
    auth: 'required',
    handler: async ({ session, now }) => identity().startFace(session.user.id, now),
  });
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/h5-face-verify'],
    auth: 'required',
    // The result also reaches the user's messages (services/identity-messages.ts), written with it.
    handler: async ({ session, now }) => identity().verifyFace(session.user.id, now),
  });
}
