// A request captured while the server ran is not accepted again after a restart with the in-process
// nonce store (which forgets every nonce): its timestamp is older than the store, so it is answered 4001
// with x-server-time, and the client's retry with a fresh x-t and nonce goes through (docs/protocol.md §8).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_IDS, CODE, HEADER, SUBCODE, getAppDownloadUrl } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Secrets } from '../../src/config/index.js';
import { ApiClient } from '../support/api-client.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const ENDPOINT = getAppDownloadUrl;

describe('replay after a restart (in-process nonce store)', () => {
  let testDb: TestDatabase;
  let server: ChildServer | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    env = { DATA_DIR: testDb.dataDir, WEB_DIST: join(testDb.dataDir, 'no-web-build') };
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  const clientFor = async (baseUrl: string) => {
    const secrets = JSON.parse(readFileSync(join(testDb.dataDir, 'keys.json'), 'utf8')) as Secrets;
    const current = secrets.serverKeys[secrets.serverKeys.length - 1]!;
    const client = new ApiClient(baseUrl, { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey });
    await client.loadPage();
    return client;
  };

  it('refuses a request captured before the restart with 4001, and serves the retry', { timeout: 120_000 }, async () => {
    server = await startChildServer(env);
    const before = await clientFor(server.baseUrl);
    const captured = await before.prepare(ENDPOINT, {});
    expect((await before.send(captured)).response?.code).toBe(CODE.OK);
    expect((await before.send(captured)).response?.subcode).toBe(SUBCODE.REPLAY);

    expect(await server.stop()).toBe(0);
    server = await startChildServer(env);
    const after = await clientFor(server.baseUrl);
    const replayed = await after.send({ ...captured, url: `${server.baseUrl}${captured.path}` });
    expect(replayed.kind).toBe('sealed');
    expect(replayed.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.CLOCK_SKEW });
    const serverTime = Number(replayed.headers.get(HEADER.serverTime));
    expect(serverTime).toBeGreaterThan(Number(captured.context.timestamp));

    // What the client does with 4001: x-t from the server's clock, a new nonce, a new envelope.
    expect((await after.call(ENDPOINT, {}, { timestamp: String(serverTime) })).response?.code).toBe(CODE.OK);
  });
});
