// The http SMS provider against a local gateway on 127.0.0.1 (docs/api.md "SMS providers"): what it posts, and every failure
// (timeout, 5xx, a body that is not JSON, a refusal) surfaced as 502/4209 with nothing stored.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CODE, SUBCODE, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.js';
import { AGREEMENT_VERSION } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ConfigError, parseConfig } from '../../src/config/index.js';

type Behaviour = (req: IncomingMessage, res: ServerResponse, body: string) => void;

describe('http SMS provider', () => {
  let gateway: Server;
  let behaviour: Behaviour;
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  let t: TestApp;
  let client: ApiClient;
  const token = 'gateway-token-0123456789abcdef';

  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        behaviour(req, res, body);
      });
    });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    const address = gateway.address();
    if (typeof address !== 'object' || !address) throw new Error('no gateway address');
    t = await startTestApp({
      env: {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${address.port}/sms/send`,
        SMS_HTTP_TEMPLATE_ID: 'SMS_LOGIN_01',
        SMS_HTTP_TOKEN: token,
        SMS_HTTP_TIMEOUT_MS: '300',
        HUMAN_CHECK_IP_PER_HOUR: '1000',
      },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
    gateway?.closeAllConnections();
    await new Promise((done) => gateway?.close(done));
  });

  const send = (phone: string) => client.call(sendSmsCode, { phone, purpose: 'login' });

  it('posts phone, template id and code with the bearer token; the code then logs in', async () => {
    behaviour = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"messageId":"m1"}');
    const phone = uniquePhone();
    received.length = 0;
    expect((await send(phone)).response?.code).toBe('200');
    expect(received).toHaveLength(1);
    const request = received[0];
    expect(request?.headers.authorization).toBe(`Bearer ${token}`);
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request?.body ?? '{}') as { phone: string; templateId: string; params: { code: string; minutes: number } };
    expect(body).toMatchObject({ phone, templateId: 'SMS_LOGIN_01', params: { minutes: 5 } });
    expect(body.params.code).toMatch(/^\d{6}$/);
    const login = await client.call(userLoginV1, { phone, smsCode: body.params.code, agreementVersion: AGREEMENT_VERSION });
    expect(login.response?.code).toBe('200');
  });

  const failures: Array<[string, Behaviour]> = [
    ['a 5xx answer', (_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"ok":false}')],
    ['a timeout', () => undefined],
    ['a body that is not JSON', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>')],
    ['a refusal', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":false,"error":"blacklisted"}')],
    ['an answer cut off', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":tr')],
  ];

  it.each(failures)('answers 502/4209 for %s, stores no code and starts no cooldown', async (_name, failure) => {
    behaviour = failure;
    const phone = uniquePhone();
    const result = await send(phone);
    expect(result.response).toMatchObject({ code: CODE.UPSTREAM_FAILED, subcode: SUBCODE.SMS_SEND_FAILED, submsg: '短信发送失败，请稍后重试' });
    expect(result.status).toBe(200);
    expect(await t.app.kv.get(`sms:code:login:${t.app.accounts.phones.lookupHash(phone)}:others`)).toBeUndefined();
    // The gateway recovers: the user can ask again at once (no cooldown was started).
    behaviour = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    expect((await send(phone)).response?.code).toBe('200');
  });

  it('answers 502/4209 when the gateway is unreachable', async () => {
    const down = await startTestApp({ env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:1/sms', SMS_HTTP_TEMPLATE_ID: 'T1' } });
    try {
      const c = await down.client();
      expect((await c.call(sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.subcode).toBe(SUBCODE.SMS_SEND_FAILED);
    } finally {
      await down.close();
    }
  });

  it('has no sandbox outbox when the http provider is active', async () => {
    const res = await fetch(`${t.baseUrl}/sandbox/sms?phone=13812345678`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
  });
});

describe('SMS provider configuration', () => {
  const secrets = {
    TYD_SERVER_KEYS: JSON.stringify([{ kid: 'k1', publicKey: 'A'.repeat(87), privateKey: 'B'.repeat(60) }]),
    TYD_APP_SECRET_WEB: 'a'.repeat(43),
    TYD_APP_SECRET_IOS: 'b'.repeat(43),
    TYD_APP_SECRET_ANDROID: 'c'.repeat(43),
    TYD_COOKIE_SECRET: 'd'.repeat(43),
    TYD_PHONE_HASH_KEY: 'e'.repeat(43),
    TYD_DATA_KEY: 'f'.repeat(43),
  };

  it('refuses the sandbox in production, and a plain-http gateway there', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', ...secrets })).toThrow(/SMS_PROVIDER: the sandbox provider/);
    expect(() =>
      parseConfig({ NODE_ENV: 'production', ...secrets, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms.example/send', SMS_HTTP_TEMPLATE_ID: 'T' }),
    ).toThrow(/SMS_HTTP_URL: must be https/);
  });

  it('needs a gateway URL and template with the http provider, and fixed codes only with the sandbox', () => {
    expect(() => parseConfig({ SMS_PROVIDER: 'http' })).toThrow(ConfigError);
    expect(() =>
      parseConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_TEMPLATE_ID: 'T', SMS_SANDBOX_FIXED_CODES: '13800000000=123456' }),
    ).toThrow(/SMS_SANDBOX_FIXED_CODES/);
    expect(() => parseConfig({ SMS_SANDBOX_FIXED_CODES: '13800000000=12345' })).toThrow(/SMS_SANDBOX_FIXED_CODES/);
    expect(parseConfig({ SMS_SANDBOX_FIXED_CODES: '13800000000=123456,13900000000=654321' }).sms.fixedCodes.get('13900000000')).toBe('654321');
  });
});
