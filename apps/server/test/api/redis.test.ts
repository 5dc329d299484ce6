// The pipeline with REDIS_URL: nonces live in Redis (local server, per-run prefix deleted after), so a
// replay is refused even by another server process sharing it.
import { CODE, SUBCODE, checkLogin } from '@tyd/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

const prefix = redisTestPrefix();

describe('two server processes sharing Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix };
    first = await startTestApp({ env });
    // Same keys as the first, so a request sealed for one opens on the other.
    second = await startTestApp({
      env: {
        ...env,
        TYD_SERVER_KEYS: JSON.stringify(first.secrets.serverKeys),
        TYD_APP_SECRET_WEB: first.secrets.appSecrets.web,
        TYD_COOKIE_SECRET: first.secrets.cookieSecret,
      },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await deleteRedisKeys(prefix);
  });

  it('stores nonces in Redis and refuses a replay on the other process', async () => {
    const client = await first.client();
    const prepared = await client.prepare(checkLogin, {});
    expect((await client.send(prepared)).response?.code).toBe(CODE.UNAUTHORIZED);
    const redis = new Redis(REDIS_TEST_URL);
    try {
      expect(await redis.exists(`${prefix}nonce:tyd-h5:${prepared.context.nonce}`)).toBe(1);
    } finally {
      await redis.quit();
    }
    const replay = await client.send({ ...prepared, url: prepared.url.replace(first.baseUrl, second.baseUrl) });
    expect(replay.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.REPLAY });
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);
  });
});
