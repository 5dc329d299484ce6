// POST /tydApi/v1/user/sms-send-v1 (SPEC §7 getcode): sends an SMS code for one purpose (issue 5).
// 'login' codes go to the number given; 'change-phone' codes to the new number of a logged-in user;
// every other purpose to the logged-in account's own phone (the page only holds it masked, SPEC §3).
import { CODE, SUBCODE, endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../../http/api-error.js';
import { requireMainlandMobile } from '../../../../services/accounts.js';
import { clientAddressKey } from '../../../../services/client-address.js';

export default async function smsSendRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/sms-send-v1'],
    auth: 'optional',
    handler: async ({ payload, session, request }) => {
      const { purpose } = payload;
      let phone: string;
      if (purpose === 'login') {
        phone = requireMainlandMobile(payload.phone ?? '');
      } else if (!session) {
        throw new ApiError(CODE.UNAUTHORIZED, undefined, { detail: `sms purpose ${purpose} needs a session` });
      } else if (purpose === 'change-phone') {
        phone = requireMainlandMobile(payload.phone ?? '');
      } else {
        if (payload.phone !== undefined && payload.phone !== session.user.phone) {
          throw new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { detail: `payload: phone must be left out for purpose ${purpose}` });
        }
        phone = session.user.phone;
      }
      const accounts = fastify.accounts;
      return accounts.smsSending.send({
        phone,
        phoneKey: accounts.phones.lookupHash(phone),
        purpose,
        clientAddress: clientAddressKey(request.ip),
        proofOfWork: payload.proofOfWork,
        now: accounts.clock(),
      });
    },
  });
}
