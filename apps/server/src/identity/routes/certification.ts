// SPEC §7 identity certification endpoints behind the sealed pipeline (docs/api.md "Identity
// certification"): idcard-ocr, certification, certification-info, h5-face-url, h5-face-verify, and idcard-readings
// (not in SPEC §7: the kept readings for the check step after a reload).
import { idcardOcr, idcardReadings, certification, certificationInfo, h5FaceUrl, h5FaceVerify } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function certificationRoutes(fastify: FastifyInstance): Promise<void> {
  const identity = () => fastify.identity;
  fastify.apiRoute({
    endpoint: idcardOcr,
    auth: 'required',
    handler: async ({ session, payload, now }) => identity().readSide(session.user.id, payload.uploadId, payload.side, now),
  });
  fastify.apiRoute({
    endpoint: idcardReadings,
    auth: 'required',
    handler: async ({ session }) => identity().readings(session.user.id),
  });
  fastify.apiRoute({
    endpoint: certification,
    auth: 'required',
    handler: async ({ session, payload, now }) => identity().certify(session.user.id, payload, now),
  });
  fastify.apiRoute({
    endpoint: certificationInfo,
    auth: 'required',
    handler: async ({ session, now }) => identity().info(session.user.id, now),
  });
  fastify.apiRoute({
    endpoint: h5FaceUrl,
    auth: 'required',
    handler: async ({ session, now }) => identity().startFace(session.user.id, now),
  });
  fastify.apiRoute({
    endpoint: h5FaceVerify,
    auth: 'required',
    // The result also reaches the user's messages (services/identity-messages.ts), written with it.
    handler: async ({ session, now }) => identity().verifyFace(session.user.id, now),
  });
}
