// Builds the Fastify instance from its plugins (STYLE.md "Layout"). Used by server.ts and by the tests,
// which listen on port 0.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { APP_IDS, MAX_BODY_BYTES } from '@tyd/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { OperatorDetails } from '@tyd/protocol';
import type { BrowserConfig, Config, Secrets } from './config.js';
import { loggerOptions } from './logging.js';
import accounts from './plugins/accounts.js';
import apiPipeline from './plugins/api-pipeline.js';
import clockPlugin from './plugins/clock.js';
import database from './plugins/database.js';
import diskSpace from './plugins/disk-space.js';
import errorHandler from './plugins/error-handler.js';
import gracefulClose from './plugins/graceful-close.js';
import health from './plugins/health.js';
import kv from './plugins/kv.js';
import notFound from './plugins/not-found.js';
import requestKv from './plugins/request-kv.js';
import responseHeaders from './plugins/response-headers.js';
import serverKeys from './plugins/server-keys.js';
import smsProvider from './plugins/sms-provider.js';
import sessions from './plugins/sessions.js';
import telemetry from './plugins/telemetry.js';
import uploads from './plugins/uploads.js';
import verificationProviders from './plugins/verification-providers.js';
import webApp from './plugins/web-app.js';
import xsrf from './plugins/xsrf.js';
import apiRoutes from './routes/api-routes.js';
import telemetryRoutes from './routes/telemetry-routes.js';
import { trustProxyOption } from './services/client-address.js';
import type { Clock } from './services/clock.js';

export interface BuildAppOptions {
  config: Config;
  secrets: Secrets;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** The server's one clock (plugins/clock.ts), Date.now by default; tests move it instead of sleeping. */
  clock?: Clock;
}

/** The only fields of the configuration a browser may see (STYLE.md "Boundaries"). */
export function browserConfig(secrets: Secrets, returnOrigins: string[] = [], operator: OperatorDetails = { name: '通盈达' }): BrowserConfig {
  const current = secrets.serverKeys[secrets.serverKeys.length - 1];
  if (!current) throw new Error('no server keys');
  return { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey, returnOrigins, operator };
}

export async function buildApp({ config, secrets, logStream, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: MAX_BODY_BYTES,
    // A slow or stalled client cannot hold a request or a socket for long (docs/operations.md "Health and shutdown").
    requestTimeout: config.timeouts.requestMs,
    http: {
      // Node checks request deadlines only every connectionsCheckingInterval (30 s by default), which
      // would let a stalled request live up to 30 s past its timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.timeouts.requestMs / 4))),
      headersTimeout: Math.min(config.timeouts.requestMs, 60_000),
    },
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    // On shutdown: refuse new requests with 503, close idle keep-alive sockets, let in-flight ones finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  await app.register(clockPlugin, { clock: clock ?? Date.now });
  await app.register(fastifyCookie);
  await app.register(responseHeaders, { hsts: config.env === 'production' });
  await app.register(gracefulClose);
  await app.register(errorHandler);
  await app.register(database, { database: config.database, timeouts: config.upstreamTimeouts, phoneHashKey: secrets.phoneHashKey, dataKey: secrets.dataKey });
  await app.register(kv, { redis: config.redis, kvMaxEntries: config.kvMaxEntries, upstreamTimeouts: config.upstreamTimeouts });
  await app.register(requestKv, { redis: config.redis, requestKvMaxEntries: config.requestKvMaxEntries });
  await app.register(telemetry, { telemetry: config.telemetry });
  await app.register(serverKeys, { keys: secrets.serverKeys });
  await app.register(xsrf, { cookieSecret: secrets.cookieSecret, secure: config.cookieSecure });
  await app.register(sessions);
  await app.register(smsProvider, { env: config.env, provider: config.smsProvider, http: config.accounts.sms.http, adminToken: config.telemetry.adminToken });
  await app.register(accounts, { config, secrets });
  await app.register(verificationProviders, { env: config.env, verification: config.verification, adminToken: config.telemetry.adminToken });
  await app.register(uploads, { rules: config.uploads, dataKey: secrets.dataKey });
  await app.register(apiPipeline, { appSecrets: secrets.appSecrets, requestBudget: config.requestBudget, benchUnsealedRoutes: config.benchUnsealedRoutes });
  await app.register(apiRoutes, { appDownload: config.appDownload });
  await app.register(telemetryRoutes);
  await app.register(diskSpace, { dataDir: config.dataDir, ...config.diskAlarm });
  await app.register(health);
  await app.register(webApp, { webDist: config.webDist, browserConfig: browserConfig(secrets, config.returnOrigins, config.operator) });
  await app.register(notFound);
  return app;
}
