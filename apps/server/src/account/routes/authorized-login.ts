// POST /tydApi/v1/user/authorized-login (SPEC §2 /others/tydPreJump): a one-time authorisation code for
// a session; and POST /tydApi/v1/user/authorized-code, where a logged-in client mints one (a budget per
// session and hour).
import { authorizedLogin, authorizedCode } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { placeOf } from '../services/account-security.js';
import { checkMintBudget, mintAuthorizationCode, redeemAuthorizationCode } from '../services/authorization-codes.js';

export default async function authorizedLoginRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: authorizedLogin,
    auth: 'optional',
    handler: async ({ payload, request, headers }) =>
      redeemAuthorizationCode(
        fastify.accounts,
        payload.authCode,
        fastify.clock(),
        placeOf(fastify.accounts.ipRegions, { ip: request.ip, userAgent: request.headers['user-agent'], clientInfo: headers.clientInfo, appId: headers.appId }),
      ),
  });
  fastify.apiRoute({
    endpoint: authorizedCode,
    auth: 'required',
    handler: async ({ session }) => {
      const now = fastify.clock();
      await checkMintBudget(fastify.accounts, session.session.id, now);
      return mintAuthorizationCode(fastify.accounts, { userId: session.user.id, sessionId: session.session.id }, now);
    },
  });
}
