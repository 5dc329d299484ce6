// The crash test: kill -9 the real server during a burst of writes (logouts, each
// revoking a session), restart it on the same storage, and every acknowledged write is there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_IDS, CODE, logout, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import { createSessionsRepository } from '../../src/account/repositories/sessions-repository.js';
import { createUsersRepository } from '../../src/account/repositories/users-repository.js';
import type { Secrets } from '../../src/config/index.js';
import { createPhoneProtection } from '../../src/account/services/phone-protection.js';
import { ApiClient } from '../support/api-client.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const SESSIONS = 300;
const IN_FLIGHT = 16;
const KILL_AFTER_ACKS = 120;

describe.each(ENGINES)('crash during a burst of writes on %s', (engine) => {
  let testDb: TestDatabase;
  let server: ChildServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    env = { DATA_DIR: testDb.dataDir, WEB_DIST: join(testDb.dataDir, 'no-web-build'), ...(testDb.databaseUrl && { DATABASE_URL: testDb.databaseUrl }) };
  });

  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it('keeps every acknowledged logout', async () => {
    server = await startChildServer(env);
    // The server generated its secrets on first start; seed sessions with the same keys, through the repositories.
    const secrets = JSON.parse(readFileSync(join(testDb.dataDir, 'keys.json'), 'utf8')) as Secrets;
    const seed = connectDatabase(testDb.database);
    const repos = {
      users: createUsersRepository(seed.db, createPhoneProtection(secrets)),
      sessions: createSessionsRepository(seed.db),
    };
    const user = await createUser(repos);
    const tokens: Array<{ accessToken: string; sessionId: string }> = [];
    for (let i = 0; i < SESSIONS; i++) tokens.push(await createSession(repos, user));
    await seed.close();

    const current = secrets.serverKeys[secrets.serverKeys.length - 1]!;
    const client = new ApiClient(server.baseUrl, { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey });
    await client.loadPage();

    // The burst: IN_FLIGHT logouts at a time; the server is killed once enough have been acknowledged,
    // while others are still in flight.
    const acknowledged: string[] = [];
    let next = 0;
    let killed: Promise<void> | undefined;
    const running = server;
    const worker = async () => {
      while (next < tokens.length && !killed) {
        const token = tokens[next++]!;
        try {
          const result = await client.call(logout, {}, { accessToken: token.accessToken });
          if (result.response?.code === CODE.OK) acknowledged.push(token.sessionId);
          else throw new Error(`unexpected answer ${JSON.stringify(result.response)}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= KILL_AFTER_ACKS && !killed) killed = running.kill();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await killed;
    expect(killed, 'the server was killed during the burst').toBeDefined();
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.length).toBeLessThan(SESSIONS);

    // Restart on the same storage: it recovers, and every acknowledged revocation is there.
    server = await startChildServer(env);
    const check = connectDatabase(testDb.database);
    try {
      const rows = await check.db.selectFrom('sessions').select(['id', 'revoked_at']).where('id', 'in', acknowledged).execute();
      expect(rows).toHaveLength(acknowledged.length);
      expect(rows.filter((r) => r.revoked_at === null).map((r) => r.id)).toEqual([]);
    } finally {
      await check.close();
    }
    // And the restarted server refuses those tokens.
    const after = new ApiClient(server.baseUrl, client.keys);
    await after.loadPage();
    const sample = tokens.find((t) => t.sessionId === acknowledged[0])!;
    expect((await after.call(checkLogin, {}, { accessToken: sample.accessToken })).response?.code).toBe(CODE.UNAUTHORIZED);
  }, 120_000);
});
