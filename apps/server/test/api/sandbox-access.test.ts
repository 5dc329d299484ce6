// Sandbox endpoints (the SMS outbox) answer loopback clients and holders of the admin token only. The
// server runs behind one trusted proxy hop (TRUST_PROXY=1), so X-Forwarded-For stands for a client
// elsewhere on the network while the test itself connects over loopback.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('sandbox endpoints', () => {
  const adminToken = randomBytes(32).toString('base64url');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1', TYD_ADMIN_TOKEN: adminToken } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const outbox = (headers: Record<string, string>) => fetch(`${t.baseUrl}/sandbox/sms?phone=${uniquePhone()}`, { headers });

  it('answers a loopback client', async () => {
    const res = await outbox({});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: 'sandbox', messages: [] });
  });

  it('refuses a client from another address, also one that writes a loopback address into X-Forwarded-For', async () => {
    for (const forwarded of ['203.0.113.5', '127.0.0.1, 203.0.113.5', '::1, 2001:db8::5']) {
      const res = await outbox({ 'x-forwarded-for': forwarded });
      expect(res.status, forwarded).toBe(403);
      expect(await res.json()).toMatchObject({ code: '403' });
    }
    const wrong = await outbox({ 'x-forwarded-for': '203.0.113.5', authorization: `Bearer ${randomBytes(32).toString('base64url')}` });
    expect(wrong.status).toBe(403);
    const prefixOnly = await outbox({ 'x-forwarded-for': '203.0.113.5', authorization: `Bearer ${adminToken.slice(0, 20)}` });
    expect(prefixOnly.status).toBe(403);
  });

  it('answers another address that presents the admin token', async () => {
    const res = await outbox({ 'x-forwarded-for': '203.0.113.5', authorization: `Bearer ${adminToken}` });
    expect(res.status).toBe(200);
  });

  it('refuses other addresses outright when no admin token is configured (proxies named by address)', async () => {
    // TRUST_PROXY as the proxy's address: the test's loopback socket is the proxy.
    const open = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (const forwarded of ['203.0.113.5', '127.0.0.1, 203.0.113.5']) {
        const res = await fetch(`${open.baseUrl}/sandbox/sms?phone=${uniquePhone()}`, { headers: { 'x-forwarded-for': forwarded, authorization: 'Bearer ' } });
        expect(res.status, forwarded).toBe(403);
      }
      expect((await fetch(`${open.baseUrl}/sandbox/sms?phone=${uniquePhone()}`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
