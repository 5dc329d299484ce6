// set-default-bankcard (not in SPEC §7; docs/api.md "Bank cards"): the card payments use first.
import { setDefaultBankcard } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function setDefaultBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: setDefaultBankcard,
    auth: 'required',
    handler: async ({ session, payload }) => fastify.bankCards.setDefault(session.user.id, payload.cardId),
  });
}
