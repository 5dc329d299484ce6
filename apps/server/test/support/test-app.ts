// The real app on a real port for API tests: a fresh database on the chosen engine, generated secrets,
// the embedded kv store (or Redis when asked), listening on 127.0.0.1:0.
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { browserConfig, buildApp } from '../../src/app.js';
import { parseConfig, parseSecretEnv, type Config, type Secrets } from '../../src/config/index.js';
import { resolveSecrets } from '../../src/keys-file.js';
import { ApiClient } from './api-client.js';
import { createTestDatabase, type TestDatabase, type TestEngine } from './test-databases.js';

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  secrets: Secrets;
  testDb: TestDatabase;
  /** The environment the app's configuration was read from (for the admin command against the same database and keys). */
  env: Record<string, string>;
  /** A client holding the browser config and, after loadPage(), the XSRF cookie. */
  client(): Promise<ApiClient>;
  close(): Promise<void>;
}

export async function startTestApp(
  opts: {
    engine?: TestEngine;
    env?: Record<string, string>;
    logStream?: DestinationStream;
    clock?: () => number;
    /** Rewrites the created PostgreSQL database's URL (to reach it through a local proxy, say). */
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase(opts.engine ?? 'sqlite');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    DATA_DIR: testDb.dataDir,
    WEB_DIST: `${testDb.dataDir}/no-web-build`,
    // Tests sign many operators in from 127.0.0.1; the budget's own test sets it low.
    OPS_SIGN_IN_PER_ADDRESS: '10000',
    ...(testDb.databaseUrl && { DATABASE_URL: opts.databaseUrl ? opts.databaseUrl(testDb.databaseUrl) : testDb.databaseUrl }),
    ...opts.env,
  };
  const config = parseConfig(env);
  const { secrets } = await resolveSecrets(config, parseSecretEnv(env));
  const app = await buildApp({ config, secrets, ...(opts.logStream && { logStream: opts.logStream }), ...(opts.clock && { clock: opts.clock }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    app,
    baseUrl,
    config,
    secrets,
    testDb,
    env,
    async client() {
      const client = new ApiClient(baseUrl, browserConfig(secrets, config.site), opts.clock);
      await client.loadPage();
      return client;
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
