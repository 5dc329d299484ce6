// POST /tydApi/v1/user/logout (SPEC §7, no payload): revokes the session of the calling token. The answer
// is sent only after the revocation is committed, so an acknowledged logout survives a crash.
import { COOKIE, logout } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function logoutRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: logout,
    auth: 'required',
    handler: async ({ session, reply, now }) => {
      await fastify.accounts.repos.sessions.revoke(session.session.id, now);
      reply.clearCookie(COOKIE.accessToken, { path: '/' });
      return undefined;
    },
  });
}
