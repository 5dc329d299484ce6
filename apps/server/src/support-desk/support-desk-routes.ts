// The customer-service desk's routes: the /ops users API behind the operators' guard (docs/api.md
// "Customer-service desk"). No consumer call: the person sees the desk's work as a sign-in refused while
// frozen (403/4218) and their sessions ended.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import opsUsersRoutes from './routes/ops-users.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(opsUsersRoutes);
  },
  { name: 'support-desk-routes', fastify: '5.x', dependencies: ['support-desk'] },
);
