// Prometheus metrics (docs/operations.md "Metrics") through prom-client, on a listener of their own
// (METRICS_HOST:METRICS_PORT, loopback by default, off unless METRICS_PORT is set): the public port never
// serves /metrics, so the figures (and the shape of the traffic) are not published to the internet.
//
// Labels carry no request data: the endpoint is the route's template (`request.routeOptions.url`, the
// same string for every caller; 'unmatched' when no route matched), never the raw URL with its query,
// and code/subcode come from the answer (plugins' sendApiResponse) or the HTTP status. So no phone
// number, token or id can become a label value, and the series stay bounded by the route table.
//
// Each app instance has its own registry (tests start several in one process), made by plugins/instruments.ts
// with the default metrics (process CPU, memory, file descriptors, event loop lag and utilisation, GC) and
// the calls to Redis and the providers, which it times from before they are built.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { HttpConfig } from '../config/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens, once the app listens; undefined when metrics are off. */
    metricsAddress(): AddressInfo | undefined;
  }
}

/** Seconds; from a cheap sealed read (a few ms) to the 10 s statement bound. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export default fp(
  async (fastify: FastifyInstance, opts: { metrics: HttpConfig['metrics'] }) => {
    const where = opts.metrics;
    if (!where) {
      fastify.decorate('metricsAddress', () => undefined);
      return;
    }

    const registry = fastify.instruments.registry;
    if (!registry) throw new Error('metrics are on but the instruments plugin made no registry');

    const duration = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by route template, answer code and subcode',
      labelNames: ['endpoint', 'code', 'subcode'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const answered = request.answeredCode;
      duration.observe(
        {
          endpoint: request.routeOptions.url ?? 'unmatched',
          code: answered?.code ?? String(reply.statusCode),
          subcode: answered?.subcode ?? '',
        },
        reply.elapsedTime / 1000,
      );
    });

    // The database pool (PostgreSQL only; SQLite has one connection and no pool).
    const poolStats = () => fastify.database.poolStats?.();
    if (poolStats()) {
      new Gauge({
        name: 'tyd_db_pool_connections',
        help: 'PostgreSQL pool connections by state (in_use, idle) and the pool bound (max, DATABASE_POOL_MAX)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          if (!stats) return;
          this.set({ state: 'in_use' }, stats.total - stats.idle);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'max' }, stats.max);
        },
      });
      new Gauge({
        name: 'tyd_db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL pool connection',
        registers: [registry],
        collect() {
          this.set(poolStats()?.waiting ?? 0);
        },
      });
      let timedOutSeen = 0;
      new Counter({
        name: 'tyd_db_pool_connect_timeouts_total',
        help: 'Waits for a PostgreSQL pool connection that gave up (DATABASE_CONNECT_TIMEOUT_MS)',
        registers: [registry],
        collect() {
          const now = poolStats()?.timedOut ?? timedOutSeen;
          if (now > timedOutSeen) this.inc(now - timedOutSeen);
          timedOutSeen = now;
        },
      });
    }

    // The in-process short-lived stores (none with Redis, which bounds its own memory).
    const forgottenSeen = new Map<string, number>();
    new Gauge({
      name: 'tyd_short_lived_store_entries',
      help: 'Entries in an in-process short-lived store (requests: nonces and request budgets; state: SMS codes, locks, counters)',
      labelNames: ['store'] as const,
      registers: [registry],
      collect() {
        for (const usage of fastify.kvUsage()) this.set({ store: usage.store }, usage.entries);
      },
    });
    new Gauge({
      name: 'tyd_short_lived_store_max_entries',
      help: 'Bound of an in-process short-lived store (REQUEST_KV_MAX_ENTRIES, KV_MAX_ENTRIES)',
      labelNames: ['store'] as const,
      registers: [registry],
      collect() {
        for (const usage of fastify.kvUsage()) this.set({ store: usage.store }, usage.maxEntries);
      },
    });
    new Counter({
      name: 'tyd_short_lived_store_forgotten_live_total',
      help: 'Live entries the request store forgot to stay within its bound (it then refuses older timestamps with 4001)',
      labelNames: ['store'] as const,
      registers: [registry],
      collect() {
        for (const usage of fastify.kvUsage()) {
          const seen = forgottenSeen.get(usage.store) ?? 0;
          if (usage.forgottenLive > seen) this.inc({ store: usage.store }, usage.forgottenLive - seen);
          else this.inc({ store: usage.store }, 0);
          forgottenSeen.set(usage.store, usage.forgottenLive);
        }
      },
    });

    // The outbox: side effects owed to people (docs/operations.md "The outbox"). The gauges of one scrape
    // are collected together and share one backlog query.
    let backlog: ReturnType<typeof fastify.outbox.backlog> | undefined;
    const readBacklog = () => (backlog ??= fastify.outbox.backlog().finally(() => (backlog = undefined)));
    const backlogGauge = (name: string, help: string, read: (b: Awaited<ReturnType<typeof fastify.outbox.backlog>>, now: number) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(read(await readBacklog(), fastify.clock()));
        },
      });
    backlogGauge('tyd_outbox_backlog_events', 'Outbox events not delivered yet and still being tried', (b) => b.depth);
    backlogGauge('tyd_outbox_failing_events', 'Outbox events still being tried that failed at least once', (b) => b.failing);
    backlogGauge('tyd_outbox_oldest_age_seconds', 'Age of the oldest outbox event still being tried (0 when none)', (b, now) =>
      b.oldestAt === null ? 0 : Math.max(0, (now - b.oldestAt) / 1000),
    );
    backlogGauge(
      'tyd_outbox_dead_events',
      'Outbox events parked as dead after OUTBOX_MAX_ATTEMPTS failed attempts, waiting for an operator to retry or discard them',
      (b) => b.dead,
    );

    const server: Server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          fastify.log.error({ err: error }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics collection failed\n');
        },
      );
    });
    fastify.decorate('metricsAddress', () => {
      const address = server.address();
      return address && typeof address === 'object' ? address : undefined;
    });
    fastify.addHook('onListen', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(where.port, where.host, () => resolve());
      });
      fastify.log.info({ metrics: fastify.metricsAddress() }, 'metrics listening');
    });
    fastify.addHook('onClose', async () => {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'metrics', fastify: '5.x', dependencies: ['clock', 'database', 'outbox', 'request-kv', 'instruments'] },
);
