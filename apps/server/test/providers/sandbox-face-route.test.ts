// POST /sandbox/face/complete: the sandbox face session's "done", for loopback clients only
// (http/sandbox-access.ts; the retired admin token opens nothing), absent when the face provider is http.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ADMIN_TOKEN = 'adminToken0123456789adminToken0123456789abc';

describe('sandbox face route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1', TYD_ADMIN_TOKEN: ADMIN_TOKEN } }); // set, and ignored
  });
  afterAll(async () => {
    await t?.close();
  });

  const complete = (session: string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST', headers });

  it('completes a live session for a loopback client, and only once it exists', async () => {
    const session = await t.app.faceProvider.createFaceSession({ name: '沙盒用户', idNumber: '11010119900307123X' }, '/mine');
    const res = await complete(session.sessionId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ provider: 'sandbox', completed: true, returnUrl: '/mine' });
    expect(await t.app.faceProvider.getFaceResult(session.sessionId)).toMatchObject({ outcome: 'passed' });
    expect((await complete('unknown')).status).toBe(404);
  });

  it('refuses a client from the network, also one presenting the retired admin token', async () => {
    const session = await t.app.faceProvider.createFaceSession({ name: '沙盒用户', idNumber: '11010119900307123X' }, '/mine');
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await complete(session.sessionId, remote)).status).toBe(403);
    expect((await complete(session.sessionId, { ...remote, authorization: 'Bearer wrong' })).status).toBe(403);
    expect((await complete(session.sessionId, { ...remote, authorization: `Bearer ${ADMIN_TOKEN}` })).status).toBe(403);
    expect(await t.app.faceProvider.getFaceResult(session.sessionId)).toEqual({ outcome: 'pending' });
  });
});
