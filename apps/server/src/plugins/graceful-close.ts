// Graceful shutdown (docs/operations.md "Health and shutdown"): once closing starts, answers to requests still in flight
// carry `Connection: close`, so their keep-alive sockets end with the answer instead of holding the
// process open until the shutdown deadline. Fastify itself stops accepting (503) and closes idle sockets.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (fastify: FastifyInstance) => {
    let closing = false;
    fastify.addHook('preClose', async () => {
      closing = true;
    });
    fastify.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'graceful-close', fastify: '5.x' },
);
