// user-bind-bankcard (SPEC §7), step 2 of binding (docs/api.md "Bank cards"): the ticket and the SMS code;
// the card is bound and a message tells the account (written with the card: the outbox).
import { userBindBankcard } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function userBindBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: userBindBankcard,
    auth: 'required',
    handler: async ({ session, payload, now }) => {
      return fastify.bankCards.confirmBinding({ userId: session.user.id, ticket: payload.ticket, smsCode: payload.smsCode, now });
    },
  });
}
