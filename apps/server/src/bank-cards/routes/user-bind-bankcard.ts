// user-bind-bankcard (SPEC §7), step 2 of binding (docs/api.md "Bank cards"): the ticket and the SMS code;
// the card is bound and a message tells the account (content module).
import { endpoints } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function userBindBankcardRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: endpoints['/v1/user/user-bind-bankcard'],
    auth: 'required',
    handler: async ({ session, payload, request, now }) => {
      const card = await fastify.bankCards.confirmBinding({ userId: session.user.id, ticket: payload.ticket, smsCode: payload.smsCode, now });
      await fastify.content.messages
        .post(session.user.id, {
          kind: 'bank-card',
          title: '银行卡绑定成功',
          body: `您已成功绑定${card.bankName}借记卡（尾号${card.last4}）。如非本人操作，请立即解绑并联系客服。`,
          link: '/bank-cards',
          dedupeKey: `bank-card-bound:${card.cardId}`,
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'bank card bound message not posted'));
      return card;
    },
  });
}
