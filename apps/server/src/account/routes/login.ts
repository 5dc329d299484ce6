// POST /tydApi/v1/user/login and /v1/user/user-login-v1: log in or register by SMS code in one step
// (docs/api.md). Same contract on both paths; the token is returned, the page stores it (SPEC §4).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { loginWithSmsCode } from '../services/login.js';
import { signInMessage } from '../services/sign-in-notices.js';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function loginRoutes(fastify: FastifyInstance): Promise<void> {
  for (const endpoint of [endpoints['/v1/user/login'], endpoints['/v1/user/user-login-v1']]) {
    fastify.apiRoute({
      endpoint,
      auth: 'optional',
      handler: async ({ payload, request }) => {
        const clientAddress = clientAddressKey(request.ip);
        const now = fastify.clock();
        const result = await loginWithSmsCode(fastify.accounts, { phone: payload.phone, smsCode: payload.smsCode, agreementVersion: payload.agreementVersion, inviteCode: payload.inviteCode, clientAddress, now });
        // A welcome on registration, a reminder on a sign-in from a new device (services/sign-in-notices.ts);
        // the sign-in stands even if the message cannot be posted.
        try {
          const { user } = await fastify.authenticate(result.accessToken, now);
          await fastify.content.messages.post(user.id, signInMessage({ isNewUser: result.isNewUser, clientAddress, userAgent: request.headers['user-agent'], now }));
        } catch (error) {
          request.log.error({ err: error }, 'sign-in message not posted');
        }
        return result;
      },
    });
  }
}
