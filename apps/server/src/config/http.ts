// HTTP: where the server listens, how long it waits, what it believes of proxies, the request budget
// before an envelope is opened (docs/architecture.md "How a request flows"), and the page's build.
import { isIP } from 'node:net';
import { z } from 'zod';
import { repoPath } from './paths.js';
import { booleanFlag, defineSection, millis, whole, type SectionValue } from './section.js';

/** proxy-addr's names for address ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For entries to believe: none (false), the last N hops (a number: N proxies of ours in
 * front), or the hops that come from the listed proxy addresses or CIDR ranges. `true` would believe the
 * left-most entry, which any client writes itself, so it is refused rather than silently kept.
 */
const trustProxy = z.string().transform((text, ctx): false | number | string[] => {
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would take the client address from the left-most X-Forwarded-For entry, which any client can write; ' +
        'set the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: 'custom', message: 'false, a hop count 1..10, or comma-separated proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)' });
  return z.NEVER;
});

export const httpSection = defineSection({
  vars: {
    PORT: whole(0, 65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().min(1).default('apps/web/dist'),
    TRUST_PROXY: trustProxy.default(false),
    COOKIE_SECURE: booleanFlag.optional(),
    HTTP_REQUEST_TIMEOUT_MS: millis(30_000),
    HTTP_CONNECTION_TIMEOUT_MS: millis(60_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(72_000),
    SHUTDOWN_TIMEOUT_MS: millis(10_000),
    // Requests per client address (IPv6: per /64) and per session in a fixed one-minute window, counted
    // before a request's envelope is opened (plugins/api-pipeline.ts). The address budget is generous
    // because mobile carriers put many users behind one address; a session is one user.
    API_RATE_PER_ADDRESS_PER_MINUTE: whole(10, 1_000_000).default(1_200),
    API_RATE_PER_SESSION_PER_MINUTE: whole(10, 1_000_000).default(300),
    /** bench:server only: every API route also unsealed under /bench-unsealed (api-pipeline.ts). */
    BENCH_UNSEALED_ROUTES: booleanFlag.default(false),
    // Prometheus metrics on a listener of their own (plugins/metrics.ts, docs/operations.md "Metrics"):
    // off unless METRICS_PORT is set (0: any free port, for tests), loopback unless METRICS_HOST says
    // otherwise, never on PORT (the public port never answers /metrics).
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: whole(0, 65_535).optional(),
  },
  check: (e, { env }) => [
    e.METRICS_PORT !== undefined &&
      e.METRICS_PORT !== 0 &&
      e.METRICS_PORT === e.PORT &&
      'METRICS_PORT: must differ from PORT (the metrics listener is never the public port)',
    env === 'production' &&
      e.BENCH_UNSEALED_ROUTES &&
      'BENCH_UNSEALED_ROUTES: serves the API without the envelope, for bench:server only; refused when NODE_ENV=production',
  ],
  build: (e, { env }) => ({
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    webDist: repoPath(e.WEB_DIST),
    /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs (never true: see TRUST_PROXY). */
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? env === 'production',
    timeouts: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      connectionMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    /** Requests per client address and per session in a one-minute window (api-pipeline.ts). */
    requestBudget: { perAddressPerMinute: e.API_RATE_PER_ADDRESS_PER_MINUTE, perSessionPerMinute: e.API_RATE_PER_SESSION_PER_MINUTE },
    /** bench:server only: the API routes also without the envelope, to measure what it costs (bench/README.md). */
    benchUnsealedRoutes: e.BENCH_UNSEALED_ROUTES,
    /** Where /metrics is served; undefined: not served. */
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
  }),
});
export type HttpConfig = SectionValue<typeof httpSection>;
