// POST /tydApi/v1/user/login and /v1/user/user-login-v1: log in or register by SMS code in one step
// (docs/api.md). Same contract on both paths; the token is returned, the page stores it (SPEC §4).
import { login, userLoginV1 } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { placeOf, recordRefusedCode, refusalResult } from '../services/account-security.js';
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
        const place = placeOf(fastify.accounts.ipRegions, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          clientInfo: headers.clientInfo,
          appId: headers.appId,
        });
        let result;
        try {
          result = await loginWithSmsCode(fastify.accounts, {
            phone: payload.phone,
            smsCode: payload.smsCode,
            agreementVersion: payload.agreementVersion,
            inviteCode: payload.inviteCode,
            device,
            from: { clientAddress, userAgent: request.headers['user-agent'] },
            place,
            now,
          });
        } catch (error) {
          // A refused code goes into the account's 登录记录 (docs/api.md "Account security"), after the answer
          // is on its way: waiting for it would make a number with an account answer more slowly than one without.
          const refused = refusalResult(error);
          if (refused) {
            void recordRefusedCode(fastify.accounts, { phone: payload.phone, result: refused, place, now }).catch((failure: unknown) =>
              request.log.error({ err: failure }, 'recording a refused login code failed'),
            );
          }
          throw error;
        }
        deviceCookie.set(reply, device.cookieId);
        return result;
      },
    });
  }
}
