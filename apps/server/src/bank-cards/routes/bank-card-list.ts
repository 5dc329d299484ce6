// bank-card-list and bankcard-info (SPEC §7; docs/api.md "Bank cards"): the account's cards, masked.
import { bankCardList, bankcardInfo } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function bankCardListRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: bankCardList,
    auth: 'required',
    handler: async ({ session }) => fastify.bankCards.list(session.user.id),
  });
  fastify.apiRoute({
    endpoint: bankcardInfo,
    auth: 'required',
    handler: async ({ session, payload }) => fastify.bankCards.info(session.user.id, payload.cardId),
  });
}
