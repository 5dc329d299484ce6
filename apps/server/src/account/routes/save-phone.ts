// POST /tydApi/v1/user/save-phone (SPEC §7 savePhone): moves the account to a new number; the answer
// carries the phone, masked (SPEC §3).
import { savePhone } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { changePhone } from '../services/phone-change.js';

export default async function savePhoneRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: savePhone,
    auth: 'required',
    handler: async ({ payload, session, request, headers }) => {
      const now = fastify.clock();
      const device = { cookieId: fastify.accounts.deviceCookie.read(request), nativeId: headers.deviceId };
      return changePhone(fastify.accounts, session.user, { ...payload, device }, now);
    },
  });
}
