// The bank-card capability's routes behind the sealed pipeline (docs/api.md "Bank cards").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import bankListRoutes from './routes/bank-lists.js';
import bankCardListRoutes from './routes/bank-card-list.js';
import bindBankcardRoute from './routes/bind-bankcard.js';
import setDefaultBankcardRoute from './routes/set-default-bankcard.js';
import unbindBankcardRoute from './routes/unbind-bankcard.js';
import userBindBankcardRoute from './routes/user-bind-bankcard.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(bankListRoutes);
    await fastify.register(bankCardListRoutes);
    await fastify.register(bindBankcardRoute);
    await fastify.register(userBindBankcardRoute);
    await fastify.register(unbindBankcardRoute);
    await fastify.register(setDefaultBankcardRoute);
  },
  { name: 'bank-cards-routes', fastify: '5.x', dependencies: ['api-pipeline', 'bank-cards', 'accounts', 'content'] },
);
