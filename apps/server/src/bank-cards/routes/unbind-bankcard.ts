// unbind-bankcard (not in SPEC §7; docs/api.md "Bank cards"): confirmed by an SMS code of purpose
// 'unbind-card' to the account's phone; a message tells the account (written with the unbinding: the outbox).
import { unbindBankcard } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function unbindBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: unbindBankcard,
    auth: 'required',
    handler: async ({ session, payload, now }) => {
      const { cardId, defaultCardId } = await fastify.bankCards.unbind({
        userId: session.user.id,
        accountPhone: session.user.phone,
        cardId: payload.cardId,
        smsCode: payload.smsCode,
        now,
      });
      return { cardId, defaultCardId };
    },
  });
}
