// POST /tydApi/v1/user/logout (SPEC §7, no payload): revokes the session of the calling token. The answer
// is sent only after the revocation is committed, so an acknowledged logout survives a crash.
import { COOKIE, defineEndpoint } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';

// Defined here until @tyd/protocol's registry carries /v1/user/logout (asked of its owner); same
// defineEndpoint, so the web can move to the shared definition without a change on the wire.
export const logout = defineEndpoint({
  path: '/v1/user/logout',
  request: z.strictObject({}),
  response: z.undefined(),
});

export default async function logoutRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: logout,
    auth: 'required',
    handler: async ({ session, reply, now }) => {
      await fastify.repos.sessions.revoke(session.session.id, now);
      reply.clearCookie(COOKIE.accessToken, { path: '/' });
      return undefined;
    },
  });
}
