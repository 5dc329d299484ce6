// Every API route, registered behind the pipeline. Folder path = URL path (STYLE.md "Layout").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import checkLoginRoute from './tydApi/v1/user/check-login.js';
import logoutRoute from './tydApi/v1/user/logout.js';

export default fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(checkLoginRoute);
    await fastify.register(logoutRoute);
  },
  { name: 'api-routes', fastify: '5.x', dependencies: ['api-pipeline'] },
);
