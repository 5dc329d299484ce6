// The rewards capability's routes behind the sealed pipeline (docs/api.md "Points and the lucky draw").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import invitationRoutes from './routes/invitations.js';
import exchangeRoutes from './routes/exchange.js';
import luckyDrawRoutes from './routes/lucky-draw.js';
import opsRewardsRoutes from './routes/ops-rewards.js';
import newUserGiftRoutes from './routes/new-user-gift.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(luckyDrawRoutes);
    await fastify.register(exchangeRoutes);
    await fastify.register(opsRewardsRoutes);
    await fastify.register(newUserGiftRoutes);
    await fastify.register(invitationRoutes);
  },
  { name: 'rewards-routes', fastify: '5.x', dependencies: ['api-pipeline', 'rewards', 'accounts', 'identity'] },
);
