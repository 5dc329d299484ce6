// bind-bankcard (SPEC §7), step 1 of binding (docs/api.md "Bank cards"): the four-element check and an SMS
// code to the phone the bank has; answers a short-lived bind ticket.
import { bindBankcard } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function bindBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: bindBankcard,
    auth: 'required',
    handler: async ({ session, payload, request, now }) =>
      fastify.bankCards.startBinding({
        userId: session.user.id,
        sessionPhone: session.user.phone,
        cardNumber: payload.cardNumber,
        phone: payload.phone,
        clientAddress: clientAddressKey(request.ip),
        proofOfWork: payload.proofOfWork,
        now,
      }),
  });
}
