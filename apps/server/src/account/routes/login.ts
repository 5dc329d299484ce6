// POST /tydApi/v1/user/login and /v1/user/user-login-v1: log in or register by SMS code in one step
// (docs/api.md). Same contract on both paths; the token is returned, the page stores it (SPEC §4).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { loginWithSmsCode } from '../services/login.js';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function loginRoutes(fastify: FastifyInstance): Promise<void> {
  for (const endpoint of [endpoints['/v1/user/login'], endpoints['/v1/user/user-login-v1']]) {
    fastify.apiRoute({
      endpoint,
      auth: 'optional',
      handler: async ({ payload, request }) =>
        loginWithSmsCode(fastify.accounts, {
          phone: payload.phone,
          smsCode: payload.smsCode,
          agreementVersion: payload.agreementVersion,
          inviteCode: payload.inviteCode,
          clientAddress: clientAddressKey(request.ip),
          now: fastify.clock(),
        }),
    });
  }
}
