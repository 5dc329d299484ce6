// POST /tydApi/v1/user/login and /v1/user/user-login-v1: log in or register by SMS code in one step
// (docs/api.md). Same contract on both paths; the token is returned, the page stores it (SPEC §4).
import { login, userLoginV1 } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { loginWithSmsCode } from '../services/login.js';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function loginRoutes(fastify: FastifyInstance): Promise<void> {
  for (const endpoint of [login, userLoginV1]) {
    fastify.apiRoute({
      endpoint,
      auth: 'optional',
      handler: async ({ payload, request, reply, headers }) => {
        const clientAddress = clientAddressKey(request.ip);
        const now = fastify.clock();
        // The device this login proves possession from (docs/api.md "SMS code rules"): a browser without a
        // genuine device cookie gets a new id, remembered as the owner's and set as its cookie on success.
        const { deviceCookie } = fastify.accounts;
        const device = { cookieId: deviceCookie.read(request) ?? deviceCookie.newId(), nativeId: headers.deviceId };
        const result = await loginWithSmsCode(fastify.accounts, {
          phone: payload.phone,
          smsCode: payload.smsCode,
          agreementVersion: payload.agreementVersion,
          inviteCode: payload.inviteCode,
          device,
          from: { clientAddress, userAgent: request.headers['user-agent'] },
          now,
        });
        deviceCookie.set(reply, device.cookieId);
        return result;
      },
    });
  }
}
