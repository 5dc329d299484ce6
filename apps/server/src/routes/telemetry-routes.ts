// Telemetry routes outside the sealed pipeline: the analytics collector, the deep-link lookup, the
// operations summary. Folder path = URL path (STYLE.md "Layout").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import collectRoute from './collect.js';
import opsSummaryRoute from './ops/api/summary.js';
import deepLinkParamsRoute from './tydApi/deep-link/params.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(collectRoute);
    await fastify.register(deepLinkParamsRoute);
    await fastify.register(opsSummaryRoute);
  },
  { name: 'telemetry-routes', fastify: '5.x', dependencies: ['telemetry', 'request-kv', 'api-pipeline'] },
);
