// Builds the Fastify instance from the platform plugins and the capability modules (docs/architecture.md "Modules"). Used by server.ts and by the tests,
// which listen on port 0.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { APP_IDS, CODE, HEADER, MAX_BODY_BYTES } from '@tyd/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { BrowserConfig, Config, Secrets, SiteConfig } from './config/index.js';
import { ApiError } from './http/api-error.js';
import { answerClientError } from './http/client-errors.js';
import { sendApiResponse } from './http/send-api-response.js';
import { loggerOptions } from './logging.js';
import apiPipeline from './plugins/api-pipeline.js';
import clockPlugin from './plugins/clock.js';
import database from './plugins/database.js';
import { checkStoredKeys } from './db/key-checks.js';
import diskSpace from './plugins/disk-space.js';
import errorHandler from './plugins/error-handler.js';
import gracefulClose from './plugins/graceful-close.js';
import health from './plugins/health.js';
import kv from './plugins/kv.js';
import instruments from './plugins/instruments.js';
import metrics from './plugins/metrics.js';
import notFound from './plugins/not-found.js';
import outbox from './plugins/outbox.js';
import requestKv from './plugins/request-kv.js';
import responseHeaders, { setResponseHeaders } from './plugins/response-headers.js';
import serverKeys from './plugins/server-keys.js';
import smsProvider from './plugins/sms-provider.js';
import verificationProviders from './plugins/verification-providers.js';
import webApp from './plugins/web-app.js';
import xsrf from './plugins/xsrf.js';
import { trustProxyOption } from './lib/client-address.js';
import type { Clock } from './lib/clock.js';
import accountModule from './account/account-module.js';
import accountRoutes from './account/account-routes.js';
import telemetryModule from './telemetry/telemetry-module.js';
import telemetryRoutes from './telemetry/telemetry-routes.js';
import uploadsModule from './uploads/uploads-module.js';
import uploadsRoutes from './uploads/uploads-routes.js';
import rewardsModule from './rewards/rewards-module.js';
import rewardsRoutes from './rewards/rewards-routes.js';
import identityModule from './identity/identity-module.js';
import identityRoutes from './identity/identity-routes.js';
import contentModule from './content/content-module.js';
import contentRoutes from './content/content-routes.js';
import bankCardsModule from './bank-cards/bank-cards-module.js';
import bankCardsRoutes from './bank-cards/bank-cards-routes.js';
import helpModule from './help/help-module.js';
import helpRoutes from './help/help-routes.js';
import privacyModule from './privacy/privacy-module.js';
import privacyRoutes from './privacy/privacy-routes.js';
import operatorsModule from './operators/operators-module.js';
import opsOperatorsRoutes from './operators/routes/ops-operators.js';
import opsOutboxRoutes from './outbox/ops-outbox-routes.js';
import supportDeskModule from './support-desk/support-desk-module.js';
import supportDeskRoutes from './support-desk/support-desk-routes.js';

export interface BuildAppOptions {
  config: Config;
  secrets: Secrets;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** The server's one clock (plugins/clock.ts), Date.now by default; tests move it instead of sleeping. */
  clock?: Clock;
}

/** The only fields of the configuration a browser may see (STYLE.md "Boundaries"). */
export function browserConfig(secrets: Secrets, site: Pick<SiteConfig, 'returnOrigins' | 'operator' | 'appDownload'>): BrowserConfig {
  const current = secrets.serverKeys[secrets.serverKeys.length - 1];
  if (!current) throw new Error('no server keys');
  return {
    appId: APP_IDS.web,
    appSecret: secrets.appSecrets.web,
    keyId: current.kid,
    publicKey: current.publicKey,
    returnOrigins: site.returnOrigins,
    operator: site.operator,
    appDownload: { android: site.appDownload.androidUrl !== null, ios: site.appDownload.iosUrl !== null },
  };
}

/** The named secrets only: a module receives the secrets it uses, not the set (docs/architecture.md "Modules"). */
function pick<K extends keyof Secrets>(secrets: Secrets, ...names: K[]): Pick<Secrets, K> {
  return Object.fromEntries(names.map((name) => [name, secrets[name]])) as Pick<Secrets, K>;
}

export async function buildApp({ config, secrets, logStream, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const { http, storage } = config;
  const now = clock ?? Date.now;
  const hsts = config.env === 'production';
  const app = Fastify({
    logger: loggerOptions(http, logStream),
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(http.trustProxy),
    bodyLimit: MAX_BODY_BYTES,
    // A slow or stalled client cannot hold a request or a socket for long (docs/operations.md "Health and shutdown").
    requestTimeout: http.timeouts.requestMs,
    http: {
      // Node checks request deadlines only every connectionsCheckingInterval (30 s by default), which
      // would let a stalled request live up to 30 s past its timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(http.timeouts.requestMs / 4))),
      headersTimeout: Math.min(http.timeouts.requestMs, 60_000),
    },
    connectionTimeout: http.timeouts.connectionMs,
    keepAliveTimeout: http.timeouts.keepAliveMs,
    // On shutdown: refuse new requests with 503, close idle keep-alive sockets, let in-flight ones finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A URL the router cannot decode (percent-encoding that is not hex, escapes that are not UTF-8) is the
    // client's error: 400 in the product's shape, logged as a rejection (http/client-errors.ts) without the
    // error's message, which quotes the raw path (the access log line has it, scrubbed). Fastify answers it
    // before routing, so none of our hooks has run: the headers every answer carries are set here. The one
    // other error Fastify hands here, an async route constraint's, would be ours (no route has one).
    frameworkErrors: (error, request, reply) => {
      reply.header(HEADER.requestId, request.id);
      setResponseHeaders(reply, now(), hsts);
      if (error.code !== 'FST_ERR_BAD_URL') {
        request.log.error({ err: error }, 'unhandled error');
        return sendApiResponse(request, reply, new ApiError(CODE.SERVER_BUSY).toResponse(), 500);
      }
      request.log.info({ code: error.code, reason: 'URL cannot be decoded' }, 'request rejected');
      return answerClientError(request, reply, 400);
    },
  });
  // Platform first (docs/architecture.md "Modules"), then each capability's services, the sealed
  // pipeline, and the capabilities' routes behind it.
  await app.register(clockPlugin, { clock: now });
  // Before what it measures is built: Redis and the providers are timed from their first call.
  await app.register(instruments, { metrics: http.metrics });
  await app.register(fastifyCookie);
  await app.register(responseHeaders, { hsts });
  await app.register(gracefulClose);
  await app.register(errorHandler);
  await app.register(database, { database: storage.database, timeouts: storage.upstreamTimeouts });
  // Before anything reads a sealed field: a database started with keys it was not written with stops here.
  await checkStoredKeys(app.database.db, pick(secrets, 'dataKey', 'phoneHashKey'), now());
  await app.register(outbox, { outbox: config.outbox });
  await app.register(kv, { redis: storage.redis, kvMaxEntries: storage.kvMaxEntries, upstreamTimeouts: storage.upstreamTimeouts });
  await app.register(requestKv, { redis: storage.redis, requestKvMaxEntries: storage.requestKvMaxEntries });
  // Before every route, so its onResponse hook times them all.
  await app.register(metrics, { metrics: http.metrics });
  await app.register(serverKeys, { keys: secrets.serverKeys });
  await app.register(xsrf, { cookieSecret: secrets.cookieSecret, secure: http.cookieSecure });
  // Before every capability: it guards the /ops/api routes they register, and refuses one without a role.
  await app.register(operatorsModule, { operators: config.operators, cookieSecure: http.cookieSecure, dataKey: secrets.dataKey });
  await app.register(smsProvider, { env: config.env, sms: config.sms });
  await app.register(verificationProviders, { env: config.env, verification: config.verification });
  await app.register(telemetryModule, { telemetry: config.telemetry });
  await app.register(accountModule, {
    account: config.account,
    legal: config.legal,
    sms: config.sms,
    secrets: pick(secrets, 'cookieSecret', 'phoneHashKey', 'dataKey'),
    cookieSecure: http.cookieSecure,
  });
  await app.register(uploadsModule, { uploads: config.uploads, dataKey: secrets.dataKey });
  await app.register(contentModule, { secrets: pick(secrets, 'cookieSecret') });
  await app.register(identityModule, { env: config.env, identity: config.identity, secrets: pick(secrets, 'dataKey', 'phoneHashKey') });
  await app.register(apiPipeline, { appSecrets: secrets.appSecrets, requestBudget: http.requestBudget, benchUnsealedRoutes: http.benchUnsealedRoutes });
  await app.register(accountRoutes, { appDownload: config.site.appDownload, inviteRewardPoints: config.rewards.inviteRewardPoints });
  await app.register(uploadsRoutes);
  await app.register(contentRoutes);
  await app.register(identityRoutes, { faceReturnUrl: config.identity.faceReturnUrl });
  // After identity: invitations are paid on its verified event, once per person (its person keys).
  await app.register(rewardsModule, { rewards: config.rewards, secrets: pick(secrets, 'phoneHashKey', 'cookieSecret') });
  await app.register(rewardsRoutes);
  // After identity: binding needs the verified identity (requireVerifiedIdentity).
  await app.register(bankCardsModule, { bankCards: config.bankCards, agreement: config.legal.quickPayment, secrets: pick(secrets, 'dataKey', 'phoneHashKey') });
  await app.register(bankCardsRoutes);
  await app.register(helpModule, { secrets: pick(secrets, 'cookieSecret') });
  await app.register(helpRoutes);
  // After identity, bank cards and uploads: the copy of one's data reads them through their services.
  await app.register(privacyModule, { privacy: config.privacy, sms: config.sms, verification: config.verification });
  await app.register(privacyRoutes);
  // After every capability whose answers it composes (account, identity, bank cards, content, rewards, help).
  await app.register(supportDeskModule);
  await app.register(supportDeskRoutes);
  await app.register(telemetryRoutes);
  await app.register(opsOperatorsRoutes);
  await app.register(opsOutboxRoutes);
  await app.register(diskSpace, { dataDir: storage.dataDir, ...storage.diskAlarm });
  await app.register(health);
  await app.register(webApp, { webDist: http.webDist, browserConfig: browserConfig(secrets, config.site) });
  await app.register(notFound);
  return app;
}
