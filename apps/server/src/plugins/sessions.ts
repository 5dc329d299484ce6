// Sessions (docs/api.md pipeline step 12): the access token comes from the x-access-token header, else the
// cookie of the same name (SPEC §3); only its SHA-256 is looked up. Unknown, revoked, expired or
// malformed -> code 401 (expired carries subcode 4011), which sends the user to login (SPEC §4).
import { CODE, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../db/users-repository.js';
import type { Session } from '../db/sessions-repository.js';
import { ApiError } from '../http/api-error.js';
import { hashAccessToken, isAccessTokenShape } from '../services/access-tokens.js';

export interface AuthenticatedSession {
  session: Session;
  user: User;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(accessToken: string, now: number): Promise<AuthenticatedSession>;
  }
}

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('authenticate', async (accessToken: string, now: number): Promise<AuthenticatedSession> => {
      if (!isAccessTokenShape(accessToken)) throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'malformed access token' });
      const session = await fastify.repos.sessions.findByTokenHash(hashAccessToken(accessToken));
      if (!session || session.revokedAt !== null) throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'unknown or revoked session' });
      if (session.expiresAt <= now) throw new ApiError(CODE.UNAUTHORIZED, SUBCODE.SESSION_EXPIRED, { detail: 'session expired' });
      const user = await fastify.repos.users.findById(session.userId);
      if (!user || user.status !== 'active') throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: 'user not active' });
      return { session, user };
    });
  },
  { name: 'sessions', fastify: '5.x', dependencies: ['database'] },
);
