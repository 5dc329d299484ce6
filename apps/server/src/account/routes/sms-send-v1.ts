// POST /tydApi/v1/user/sms-send-v1 (SPEC §7 getcode): sends an SMS code for one purpose (docs/api.md "SMS code rules").
// 'login' codes go to the number given; 'change-phone' codes to the new number of a logged-in user;
// 'bind-card' codes only by bind-bankcard (to the phone the bank has); every other purpose to the logged-in
// account's own phone (the page only holds it masked, SPEC §3).
import { CODE, SUBCODE, sendSmsCode } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { requireMainlandMobile } from '../services/login.js';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function smsSendRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: sendSmsCode,
    auth: 'optional',
    handler: async ({ payload, session, request, headers }) => {
      const { purpose } = payload;
      let phone: string;
      if (purpose === 'login') {
        phone = requireMainlandMobile(payload.phone ?? '');
      } else if (!session) {
        throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: `sms purpose ${purpose} needs a session` });
      } else if (purpose === 'bind-card') {
        // Card-binding codes go to the phone the bank has, sent by bind-bankcard after its check (docs/api.md "Bank cards").
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: 'bind-card codes are sent by bind-bankcard' });
      } else if (purpose === 'change-phone') {
        phone = requireMainlandMobile(payload.phone ?? '');
      } else {
        if (payload.phone !== undefined && payload.phone !== session.user.phone) {
          throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: `payload: phone must be left out for purpose ${purpose}` });
        }
        phone = session.user.phone;
      }
      const accounts = fastify.accounts;
      const phoneKey = accounts.phones.lookupHash(phone);
      const clientAddress = clientAddressKey(request.ip);
      const sessionPhoneKey = session ? accounts.phones.lookupHash(session.user.phone) : undefined;
      const now = fastify.clock();
      // The owner by session or device, never by address (services/sms-requester.ts).
      const device = { cookieId: accounts.deviceCookie.read(request), nativeId: headers.deviceId };
      return accounts.smsSending.send({
        phone,
        phoneKey,
        purpose,
        clientAddress,
        bucket: await accounts.smsOwners.bucket({ phoneKey, sessionPhoneKey, device, now }),
        proofOfWork: payload.proofOfWork,
        now,
      });
    },
  });
}
