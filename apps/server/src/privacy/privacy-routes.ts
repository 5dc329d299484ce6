// The 个人信息 routes behind the sealed pipeline (docs/api.md "Personal information"). None takes an account:
// the session is the account, so no payload reaches another's data.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import dataExportRoutes from './routes/data-export.js';
import deregistrationImpactRoute from './routes/deregistration-impact.js';
import personalInfoRoutes from './routes/personal-info.js';
import withdrawConsentRoute from './routes/withdraw-consent.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(personalInfoRoutes);
    await fastify.register(dataExportRoutes);
    await fastify.register(withdrawConsentRoute);
    await fastify.register(deregistrationImpactRoute);
  },
  { name: 'privacy-routes', fastify: '5.x', dependencies: ['api-pipeline', 'privacy'] },
);
