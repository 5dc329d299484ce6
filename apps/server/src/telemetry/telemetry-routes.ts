// Telemetry routes outside the sealed pipeline: the analytics collector, the deep-link lookup, the
// operations summary (docs/api.md, docs/telemetry.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import collectRoute from './routes/collect.js';
import opsSummaryRoute from './routes/ops-summary.js';
import deepLinkParamsRoute from './routes/deep-link-params.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(collectRoute);
    await fastify.register(deepLinkParamsRoute);
    await fastify.register(opsSummaryRoute);
  },
  { name: 'telemetry-routes', fastify: '5.x', dependencies: ['telemetry', 'request-kv', 'api-pipeline'] },
);
