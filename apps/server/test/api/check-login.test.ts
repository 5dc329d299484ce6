// check-login and logout over real HTTP through the real envelope (SQLite only: accounts.test.ts runs
// sessions on both engines).
import { CODE, CODE_TEXT, HEADER, SUBCODE, checkLogin, logout } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

describe.each(SQLITE_ONLY)('check-login and logout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a session, sealed for the caller', async () => {
    const client = await t.client();
    const result = await client.call(checkLogin, {});
    expect(result.status).toBe(200);
    expect(result.kind).toBe('sealed');
    expect(result.response).toEqual({ code: CODE.UNAUTHORIZED, msg: CODE_TEXT['401'] });
    expect(result.headers.get(HEADER.requestId)).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(result.headers.get(HEADER.serverTime))).toBeGreaterThan(0);
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 200 with the masked phone for a valid session, by header or by cookie', async () => {
    const user = await createUser(t.app.accounts.repos, { phone: '13812345678' });
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    const byHeader = await client.call(checkLogin, {}, { accessToken });
    expect(byHeader.response).toEqual({ code: '200', msg: CODE_TEXT['200'], data: { loggedIn: true, phone: '138****5678' } });
    client.cookies.set('x-access-token', accessToken);
    const byCookie = await client.call(checkLogin, {});
    expect(byCookie.response?.data).toEqual({ loggedIn: true, phone: '138****5678' });
    expect(byCookie.raw).not.toContain('5678');
  });

  it('answers 401 for unknown, malformed, expired and revoked tokens', async () => {
    const user = await createUser(t.app.accounts.repos);
    const expired = await createSession(t.app.accounts.repos, user, { now: Date.now() - 8 * 24 * 3600 * 1000 });
    const revoked = await createSession(t.app.accounts.repos, user);
    await t.app.accounts.repos.sessions.revoke(revoked.sessionId, Date.now());
    const client = await t.client();
    const cases: Array<[string, string | undefined]> = [
      ['A'.repeat(43), undefined],
      ['not-a-token', undefined],
      [expired.accessToken, SUBCODE.SESSION_EXPIRED],
      [revoked.accessToken, undefined],
    ];
    for (const [accessToken, subcode] of cases) {
      const result = await client.call(checkLogin, {}, { accessToken });
      expect(result.response?.code).toBe(CODE.UNAUTHORIZED);
      expect(result.response?.subcode).toBe(subcode);
    }
  });

  it('logs out: revokes the session, after which the token is refused', async () => {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken, sessionId } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    client.accessToken = accessToken;
    const out = await client.call(logout, {});
    expect(out.response).toEqual({ code: '200', msg: CODE_TEXT['200'] });
    const stored = await t.app.database.db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(stored.revoked_at).not.toBeNull();
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
    expect((await client.call(logout, {})).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('gives a client without the XSRF cookie one with the 4008 answer, so its retry passes', async () => {
    const client = await t.client();
    client.cookies.clear();
    const first = await client.call(checkLogin, {});
    expect(first.response).toMatchObject({ code: CODE.FORBIDDEN, subcode: SUBCODE.XSRF });
    expect(client.cookies.get('XSRF-TOKEN')).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('answers unknown endpoints with a coded not-found', async () => {
    const client = await t.client();
    const result = await client.callRaw('/v1/user/no-such-thing', {});
    expect(result.status).toBe(404);
    expect(result.kind).toBe('plain');
    expect(result.response).toEqual({ code: CODE.NOT_FOUND, msg: '服务不存在' });
  });
});
