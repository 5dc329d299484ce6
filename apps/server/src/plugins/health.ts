// /healthz: the process is up and serving. /readyz: it can do useful work (database and kv reachable,
// no refusing in-process store full of live entries: the security state then refuses new SMS codes and
// locks with 429; the request store forgets its oldest entries instead, so its being full is shown but
// does not make the process unready), for load
// balancers to take an instance out of rotation without killing it. It reports how full the in-process
// stores are (`capacity`; empty with Redis), and the data directory's free disk space (`disk`).
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
      const capacity = fastify.kvUsage();
      const ready = database === 'ok' && kv === 'ok' && !capacity.some((store) => store.full && store.whenFull === 'refuse');
      if (!ready) request.log.warn({ database, kv, capacity }, 'not ready');
      // Shown, not counted against readiness (disk-space.ts says why).
      const disk = fastify.diskSpace();
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, kv, capacity, disk });
    });
  },
  { name: 'health', fastify: '5.x', dependencies: ['database', 'kv', 'request-kv', 'disk-space'] },
);
