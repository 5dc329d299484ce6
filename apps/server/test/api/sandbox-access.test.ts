// Sandbox endpoints (the SMS outbox, the sandbox face "done") answer loopback clients only; the retired
// admin token (still set here) opens nothing. The server runs behind one trusted proxy hop (TRUST_PROXY=1), so X-Forwarded-For
// stands for a client elsewhere on the network while the test itself connects over loopback; injected
// requests (light-my-request's remoteAddress) stand for a host that reaches the port directly.
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

  it('decides on the TCP peer, not on the forwarded address: another host that writes a loopback address is refused', async () => {
    // With TRUST_PROXY=1, request.ip of this request is 127.0.0.1 (the peer is believed as a proxy); the
    // peer itself is 203.0.113.5, a host that reached the port directly.
    const phone = uniquePhone();
    for (const forwarded of ['127.0.0.1', '::1', '198.51.100.1, 127.0.0.1']) {
      const sms = await t.app.inject({
        method: 'GET',
        url: `/sandbox/sms?phone=${phone}`,
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(sms.statusCode, forwarded).toBe(403);
      const face = await t.app.inject({
        method: 'POST',
        url: '/sandbox/face/complete?session=unknown',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(face.statusCode, forwarded).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${phone}`, remoteAddress: '203.0.113.5' })).statusCode).toBe(403);
    // A proxy on this machine forwarding a client elsewhere, in any of the forwarding headers: refused.
    for (const headers of [{ 'x-real-ip': '203.0.113.5' }, { forwarded: 'for=203.0.113.5;proto=https' }, { forwarded: 'for="[2001:db8::5]:4711"' }]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${phone}`, remoteAddress: '127.0.0.1', headers })).statusCode,
        JSON.stringify(headers),
      ).toBe(403);
    }
    // A local proxy forwarding a local client, and a local client: answered.
    expect(
      (await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${phone}`, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/sandbox/sms?phone=${phone}`, remoteAddress: '::1', headers: { forwarded: 'for="[::1]:4711"' } })).statusCode,
    ).toBe(200);
    // The retired admin token does not open it from afar.
    const remote = await t.app.inject({
      method: 'GET',
      url: `/sandbox/sms?phone=${phone}`,
      remoteAddress: '203.0.113.5',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(remote.statusCode).toBe(403);
  });

  it('refuses another address that presents the retired admin token', async () => {
    const res = await outbox({ 'x-forwarded-for': '203.0.113.5', authorization: `Bearer ${adminToken}` });
    expect(res.status).toBe(403);
  });

  it('refuses other addresses with the proxy named by address', async () => {
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
