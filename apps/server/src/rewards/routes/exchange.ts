// Activity exchange, vouchers and redeem codes (docs/api.md "Vouchers and exchange", "Redeem codes"), not
// in SPEC §7: what /activity-exchange offers (exchange-info), points for a voucher (exchange-points), the
// user's vouchers (my-vouchers) and redeeming a code (redeem-code).
import { exchangeInfo, exchangePoints, myVouchers, redeemCode } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { clientAddressKey } from '../../lib/client-address.js';

export default async function exchangeRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: exchangeInfo,
    auth: 'required',
    handler: async ({ session }) => fastify.rewards.exchange.info(session.user.id, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: exchangePoints,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.rewards.exchange.exchange(session.user.id, payload.itemId, payload.idempotencyKey, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: myVouchers,
    auth: 'required',
    handler: async ({ payload, session }) => fastify.rewards.exchange.myVouchers(session.user.id, payload.cursor, fastify.clock()),
  });
  fastify.apiRoute({
    endpoint: redeemCode,
    auth: 'required',
    handler: async ({ payload, session, request }) =>
      fastify.rewards.redeeming.redeem({
        userId: session.user.id,
        address: clientAddressKey(request.ip),
        code: payload.code,
        idempotencyKey: payload.idempotencyKey,
        now: fastify.clock(),
      }),
  });
}
