// POST /tydApi/v1/user/cancel (SPEC §7 signOff): deregisters the account at once (docs/api.md); answered
// only after the transaction committed. The page clears its session on '200' (SPEC §4).
import { COOKIE, cancelAccount } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { deregister } from '../services/deregistration.js';

export default async function cancelRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: cancelAccount,
    auth: 'required',
    handler: async ({ payload, session, reply, request }) => {
      // A verified identity goes into the retained record too (docs/api.md "Identity certification").
      const erased = await deregister(fastify.accounts, session.user, payload.smsCode, fastify.clock());
      // Committed either way; the next checkpoint (automatic, or the next deregistration) finishes it.
      if (!erased) request.log.warn('deregistered account not yet erased from the database files: WAL checkpoint busy');
      reply.clearCookie(COOKIE.accessToken, { path: '/' });
      return undefined;
    },
  });
}
