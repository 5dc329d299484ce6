// Everything no route answered: API paths get the coded not-found answer (SPEC §8: 404 -> 服务不存在),
// page routes get the web app (history fallback), anything else is a plain 404.
import { API_BASE, CODE } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error.js';
import { sendApiResponse } from '../http/send-api-response.js';

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
        return sendApiResponse(request, reply, new ApiError(CODE.NOT_FOUND).toResponse(), 404);
      }
      if (fastify.webApp.isPageRoute(request)) return fastify.webApp.servePage(request, reply);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    });
  },
  { name: 'not-found', fastify: '5.x', dependencies: ['web-app'] },
);
