// BENCH_UNSEALED_ROUTES (bench:server only): the unsealed twin of each API route runs every pipeline step but
// the envelope, is absent by default, and is refused in production.
import { CODE, CODE_TEXT, SUBCODE, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { BENCH_UNSEALED_PREFIX } from '../../src/plugins/api-pipeline.js';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const unsealed = { unsealedPrefix: BENCH_UNSEALED_PREFIX };

describe('unsealed bench routes', () => {
  let bench: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    bench = await startTestApp({ env: { BENCH_UNSEALED_ROUTES: 'true' } });
    plain = await startTestApp();
  });
  afterAll(async () => {
    await bench?.close();
    await plain?.close();
  });

  it('answers check-login plainly with the same handler and session lookup', async () => {
    const { accessToken } = await createSession(bench.app.accounts.repos, await createUser(bench.app.accounts.repos, { phone: '13812345678' }));
    const client = await bench.client();
    client.accessToken = accessToken;
    const result = await client.call(checkLogin, {}, unsealed);
    expect(result.kind).toBe('plain');
    expect(result.response).toEqual({ code: '200', msg: CODE_TEXT['200'], data: { loggedIn: true, phone: '138****5678' } });
    client.accessToken = undefined;
    expect((await client.call(checkLogin, {}, unsealed)).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('keeps every other step: signature, replay, XSRF, payload schema', async () => {
    const client = await bench.client();
    const forged = await client.prepare(checkLogin, {}, unsealed);
    expect((await client.send({ ...forged, body: '{"extra":1}' })).response?.subcode).toBe(SUBCODE.BAD_SIGNATURE);
    const once = await client.prepare(checkLogin, {}, unsealed);
    expect((await client.send(once)).response?.code).toBe(CODE.UNAUTHORIZED);
    expect((await client.send(once)).response?.subcode).toBe(SUBCODE.REPLAY);
    const noXsrf = await client.prepare(checkLogin, {}, unsealed);
    delete noXsrf.headers['x-xsrf-token'];
    expect((await client.send(noXsrf)).response?.subcode).toBe(SUBCODE.XSRF);
    client.accessToken = (await createSession(bench.app.accounts.repos, await createUser(bench.app.accounts.repos, {}))).accessToken;
    expect((await client.call(checkLogin, { extra: 1 }, { ...unsealed, raw: true })).response?.subcode).toBe(SUBCODE.BAD_PAYLOAD);
  });

  it('is not served by default', async () => {
    const client = await plain.client();
    const result = await client.call(checkLogin, {}, unsealed);
    expect(result.status).toBe(404);
  });

  it('is refused in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', BENCH_UNSEALED_ROUTES: 'true' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production', BENCH_UNSEALED_ROUTES: 'true' })).toThrow(/BENCH_UNSEALED_ROUTES/);
  });
});
