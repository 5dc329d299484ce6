// unbind-bankcard (not in SPEC §7; docs/api.md "Bank cards"): confirmed by an SMS code of purpose
// 'unbind-card' to the account's phone; a message tells the account (content module).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function unbindBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/unbind-bankcard'],
    auth: 'required',
    handler: async ({ session, payload, request, now }) => {
      const { cardId, defaultCardId, card } = await fastify.bankCards.unbind({ userId: session.user.id, accountPhone: session.user.phone, cardId: payload.cardId, smsCode: payload.smsCode, now });
      await fastify.content.messages
        .post(session.user.id, {
          kind: 'bank-card',
          title: '银行卡已解绑',
          body: `您已解绑${card.bankName}借记卡（尾号${card.last4}）。如非本人操作，请立即联系客服。`,
          link: '/bank-cards',
          dedupeKey: `bank-card-unbound:${cardId}`,
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'bank card unbound message not posted'));
      return { cardId, defaultCardId };
    },
  });
}
