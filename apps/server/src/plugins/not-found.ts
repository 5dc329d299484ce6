// Everything no route answered: API paths get the coded not-found answer (SPEC §8: 404 -> 服务不存在),
// page routes get the web app (history fallback), anything else is a plain 404 (http/client-errors.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerClientError } from '../http/client-errors.js';

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.setNotFoundHandler(async (request, reply) => {
      if (fastify.webApp.isPageRoute(request)) return fastify.webApp.servePage(request, reply);
      return answerClientError(request, reply, 404);
    });
  },
  { name: 'not-found', fastify: '5.x', dependencies: ['web-app'] },
);
