// SPEC §7 identity certification endpoints behind the sealed pipeline (docs/api.md "Identity
// certification"): idcard-ocr, certification, certification-info, h5-face-url, h5-face-verify, and idcard-readings
// (not in SPEC §7: the kept readings for the check step after a reload).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import type { MessageInput } from '../../content/content-module.js';
import { ApiError } from '../../http/api-error.js';
import { certificationPassedMessage, certificationRefusedMessage } from '../services/identity-messages.js';

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
    handler: async ({ session, now, request }) => {
      // The result also reaches the user's messages (services/identity-messages.ts); a message that cannot
      // be posted is logged and does not change the answer.
      const post = (message: MessageInput | undefined) =>
        message ? fastify.content.messages.post(session.user.id, message).catch((error: unknown) => request.log.error({ err: error }, 'certification message not posted')) : undefined;
      try {
        const result = await identity().verifyFace(session.user.id, now);
        if (result.state === 'verified' && result.verifiedAt !== null) await post(certificationPassedMessage(result.verifiedAt));
        return result;
      } catch (error) {
        if (error instanceof ApiError) await post(certificationRefusedMessage(error.subcode, now));
        throw error;
      }
    },
  });
}
