// /healthz: the process is up and serving. /readyz: it can do useful work (database and kv reachable),
// for load balancers to take an instance out of rotation without killing it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.get('/healthz', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });
    fastify.get('/readyz', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const checks = await Promise.allSettled([fastify.database.ping(), fastify.kv.ping()]);
      const [database, kv] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'unreachable'));
      const ready = database === 'ok' && kv === 'ok';
      if (!ready) request.log.warn({ database, kv }, 'not ready');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, kv });
    });
  },
  { name: 'health', fastify: '5.x', dependencies: ['database', 'kv'] },
);
