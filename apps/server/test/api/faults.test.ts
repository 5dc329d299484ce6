// Key rotation and faults: an older configured key still opens requests while the newest is advertised;
// an unexpected failure (the database gone) is a generic '500' with nothing internal in it, logged with
// the request id, and /readyz reports it.
import { CODE, HEADER, generateServerKeyPair, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserConfig } from '../../src/app.js';
import { ApiClient } from '../support/api-client.js';
import { createSession, createUser } from '../support/factories.js';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('server key rotation', () => {
  let t: TestApp;
  let old: { kid: string; publicKey: string; privateKey: string };
  beforeAll(async () => {
    old = { kid: 'k-old', ...(await generateServerKeyPair()) };
    const current = { kid: 'k-new', ...(await generateServerKeyPair()) };
    t = await startTestApp({ env: { TYD_SERVER_KEYS: JSON.stringify([old, current]) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('advertises the newest key and still opens requests sealed to the older one', async () => {
    expect(browserConfig(t.secrets, t.config.site)).toMatchObject({ keyId: 'k-new' });
    const client = await t.client();
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
    const oldClient = new ApiClient(t.baseUrl, { ...client.keys, keyId: old.kid, publicKey: old.publicKey });
    await oldClient.loadPage();
    const result = await oldClient.call(checkLogin, {});
    expect(result.kind).toBe('sealed');
    expect(result.response?.code).toBe(CODE.UNAUTHORIZED);
  });
});

describe('an unexpected failure', () => {
  let t: TestApp;
  const { stream, lines } = captureLogLines();
  beforeAll(async () => {
    t = await startTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a generic 500, logs it with the request id, and /readyz says the database is down', async () => {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    await t.app.database.close();
    const result = await client.call(checkLogin, {}, { accessToken });
    expect(result.status).toBe(500);
    expect(result.kind).toBe('sealed');
    expect(result.response).toEqual({ code: CODE.SERVER_BUSY, msg: '服务器繁忙，请稍后重试' });
    const requestId = result.headers.get(HEADER.requestId);
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; level: number; msg: string; err?: { message: string } });
    expect(logged.find((l) => l.reqId === requestId && l.level === 50)).toMatchObject({ msg: 'unhandled error', err: { message: expect.any(String) } });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', kv: 'ok' });
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});
