// Operators' accounts, sign-in and sessions through real HTTP (docs/operations.md "Operators"): password and
// TOTP, brute force (backoff, lock, the same answers for a name that does not exist), TOTP replay, CSRF,
// the cookie's scope, idle and absolute session limits, a disabled operator's live session, and the
// retired admin token opening nothing. The clock is the app's own, moved by the tests.
import { OPS_CSRF_HEADER, OPS_PATH, opsUrl } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/operators/services/credentials.js';
import { addOperator, opsFetch, signIn, signedInOperator } from '../support/operators.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const STEP_MS = 30_000;

describe.each(ENGINES)('operators on %s', (engine) => {
  let t: TestApp;
  // Starts at the beginning of a TOTP time step; each test moves it on as it needs.
  let now = Math.ceil(Date.now() / STEP_MS) * STEP_MS + 1_000;
  const nextStep = () => (now = Math.ceil(now / STEP_MS) * STEP_MS + STEP_MS + 1_000);
  beforeAll(async () => {
    t = await startTestApp({ engine, clock: () => now, env: { TYD_ADMIN_TOKEN: 'a'.repeat(43), OPS_SIGN_IN_FREE_FAILURES: '5' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (name: string, password: string, code: string, headers: Record<string, string> = {}) =>
    opsFetch(t, 'POST', OPS_PATH.session, { name, password, code }, headers);

  it('signs in with password and TOTP code into an httpOnly, SameSite=Strict cookie scoped to /ops', async () => {
    const admin = await addOperator(t, 'administrator');
    const answer = await attempt(admin.operator.name, admin.password, totpCode(admin.totpSecret, now));
    expect(answer.status).toBe(200);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^tyd_ops=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/; Path=\/ops(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    const data = answer.body.data as { csrfToken: string; operator: { name: string; role: string } };
    expect(data.operator).toMatchObject({ name: admin.operator.name, role: 'administrator' });
    // Only the cookie's hash is stored: the id itself is nowhere in the database.
    const stored = await t.app.database.db.selectFrom('operator_sessions').selectAll().execute();
    expect(stored.some((row) => row.id_hash === cookie.split('=')[1])).toBe(false);

    const session = await opsFetch(t, 'GET', OPS_PATH.session, undefined, { cookie });
    expect(session.status).toBe(200);
    expect((session.body.data as { csrfToken: string }).csrfToken).toBe(data.csrfToken);
    // The same value under another cookie name opens nothing.
    expect((await opsFetch(t, 'GET', OPS_PATH.session, undefined, { cookie: `tyd_session=${cookie.split('=')[1]}` })).status).toBe(401);

    const out = await opsFetch(t, 'POST', OPS_PATH.sessionSignOut, {}, { cookie, [OPS_CSRF_HEADER]: data.csrfToken });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^tyd_ops=;.*Path=\/ops/);
    expect((await opsFetch(t, 'GET', OPS_PATH.session, undefined, { cookie })).status).toBe(401);
  });

  itSqliteOnly(engine)('answers a wrong name, password, code and a disabled operator alike', async () => {
    nextStep();
    const op = await addOperator(t, 'viewer');
    const code = totpCode(op.totpSecret, now);
    const answers = [
      await attempt('nobody-here', op.password, code),
      await attempt(op.operator.name, `${op.password}x`, code),
      await attempt(op.operator.name, op.password, code === '000000' ? '111111' : '000000'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[0]!.body);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    const admin = await signedInOperator(t, 'administrator');
    expect((await admin.call('POST', opsUrl(OPS_PATH.operatorDisable, { id: op.operator.id }), {})).status).toBe(200);
    const disabled = await attempt(op.operator.name, op.password, code);
    expect(disabled.status).toBe(401);
    expect(disabled.body).toEqual(answers[0]!.body);
  });

  it('backs off and locks a name after 5 failures, the same for a name that does not exist, and lets the right credentials in once the lock ends', async () => {
    nextStep();
    const op = await addOperator(t, 'viewer');
    const ghost = `ghost-${op.operator.name}`;
    for (const name of [op.operator.name, ghost]) {
      for (let i = 0; i < 5; i++) expect((await attempt(name, 'wrong password here', '123456')).status, `${name} ${i}`).toBe(401);
    }
    const locked = await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now));
    const lockedGhost = await attempt(ghost, op.password, totpCode(op.totpSecret, now));
    for (const answer of [locked, lockedGhost]) {
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('60');
      expect(answer.body.data).toEqual({ reason: '登录失败次数过多，请稍后再试', retryAfterSeconds: 60 });
    }
    // The lock ends after a minute; the next failure locks for two.
    now += 61_000;
    expect((await attempt(ghost, 'wrong password here', '123456')).status).toBe(401);
    expect((await attempt(ghost, 'wrong password here', '123456')).headers.get('retry-after')).toBe('120');
    expect((await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now))).status).toBe(200);
    // A success forgets the failures.
    nextStep();
    expect((await attempt(op.operator.name, 'wrong password here', '123456')).status).toBe(401);
    expect((await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now))).status).toBe(200);
  });

  it('checks at most 5 of a burst of parallel guesses', async () => {
    nextStep();
    const op = await addOperator(t, 'viewer');
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(op.operator.name, 'wrong password here', '123456')));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
  });

  it('accepts a TOTP code once, even from two sign-ins at the same moment (RFC 6238 §5.2)', async () => {
    nextStep();
    const op = await addOperator(t, 'viewer');
    const code = totpCode(op.totpSecret, now);
    const both = await Promise.all([attempt(op.operator.name, op.password, code), attempt(op.operator.name, op.password, code)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 401]);
    expect((await attempt(op.operator.name, op.password, code)).status).toBe(401);
    // The previous step's code, still inside the drift window, is older than the one used: refused too.
    expect((await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now - STEP_MS))).status).toBe(401);
    nextStep();
    expect((await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now))).status).toBe(200);
  });

  itSqliteOnly(engine)('refuses a state-changing call without the CSRF token, with a forged one, or from another origin', async () => {
    nextStep();
    const editor = await signedInOperator(t, 'content_editor');
    const create = { kind: 'article', title: 'CSRF', body: 'b' };
    expect((await editor.call('POST', OPS_PATH.content, create, { csrf: false })).body).toMatchObject({ code: '403', subcode: '4008' });
    expect((await editor.call('POST', OPS_PATH.content, create, { csrf: `${editor.csrfToken.slice(1)}A` })).status).toBe(403);
    const otherSession = await signedInOperator(t, 'content_editor');
    expect((await editor.call('POST', OPS_PATH.content, create, { csrf: otherSession.csrfToken })).status).toBe(403);
    expect((await editor.call('POST', OPS_PATH.content, create, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await editor.call('POST', OPS_PATH.content, create, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    // Signing in from another site is refused as well (login CSRF).
    const op = await addOperator(t, 'viewer');
    expect((await attempt(op.operator.name, op.password, totpCode(op.totpSecret, now), { origin: 'https://evil.example' })).status).toBe(403);
    // The right token from the page's own origin goes through; nothing was made before.
    expect((await editor.call('POST', OPS_PATH.content, create, { headers: { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    const list = await editor.call<{ items: { title: string }[] }>('GET', `${OPS_PATH.content}?kind=article`);
    expect(list.body.data?.items.filter((item) => item.title === 'CSRF')).toHaveLength(1);
  });

  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    nextStep();
    const idle = await signedInOperator(t, 'viewer');
    now += 29 * 60_000;
    expect((await idle.call('GET', OPS_PATH.session)).status).toBe(200);
    now += 29 * 60_000;
    expect((await idle.call('GET', OPS_PATH.session)).status).toBe(200);
    now += 31 * 60_000;
    expect((await idle.call('GET', OPS_PATH.session)).body).toMatchObject({ code: '401', subcode: '4011' });

    nextStep();
    const busy = await signedInOperator(t, 'viewer');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      now += 20 * 60_000;
      expect((await busy.call('GET', OPS_PATH.session)).status, String(minutes)).toBe(200);
    }
    now += 21 * 60_000;
    expect((await busy.call('GET', OPS_PATH.session)).status).toBe(401);
  });

  it("refuses a disabled operator's live session at once (resetting is ops-enrolment.test.ts)", async () => {
    nextStep();
    const admin = await signedInOperator(t, 'administrator');
    const enrolment = await addOperator(t, 'rewards_manager');
    const victim = await signIn(t, enrolment, now);
    expect((await victim.call('GET', OPS_PATH.rewards)).status).toBe(200);
    expect((await admin.call('POST', opsUrl(OPS_PATH.operatorDisable, { id: victim.operator.id }), {})).status).toBe(200);
    expect((await victim.call('GET', OPS_PATH.rewards)).status).toBe(401);
    // An administrator cannot disable themselves.
    expect((await admin.call('POST', opsUrl(OPS_PATH.operatorDisable, { id: admin.operator.id }), {})).status).toBe(400);
    nextStep();
    expect((await attempt(enrolment.operator.name, enrolment.password, totpCode(enrolment.totpSecret, now))).status).toBe(401);
  });

  it('prunes ended sessions and the failure counts of names nobody tried for a day, keeping live sessions and locks', async () => {
    nextStep();
    const db = t.app.database.db;
    const stale = await signedInOperator(t, 'viewer');
    now += 31 * 60_000;
    nextStep();
    const live = await signedInOperator(t, 'viewer');
    // A name locked now, and one that failed once long ago.
    for (let i = 0; i < 5; i += 1) await attempt('locked-name', 'wrong password', '000000');
    await db
      .insertInto('operator_sign_in_failures')
      .values({ name_key: 'f'.repeat(64), failures: 1, locked_until: 0, last_failure_at: now - 25 * 3_600_000 })
      .execute();
    const pruned = await t.app.operators.accounts.prune(now);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.failures).toBeGreaterThanOrEqual(1);
    const sessions = await db.selectFrom('operator_sessions').select('operator_id').execute();
    expect(sessions.map((row) => row.operator_id)).toContain(live.operator.id);
    expect(sessions.map((row) => row.operator_id)).not.toContain(stale.operator.id);
    expect((await live.call('GET', OPS_PATH.session)).status).toBe(200);
    const failures = await db.selectFrom('operator_sign_in_failures').select('name_key').execute();
    expect(failures.map((row) => row.name_key)).not.toContain('f'.repeat(64));
    expect((await attempt('locked-name', 'wrong password', '000000')).status).toBe(429);
  });

  it('keeps TOTP secrets sealed: the database alone holds no second factor; a secret an earlier version kept in the clear is sealed at the next sign-in', async () => {
    nextStep();
    const enrolment = await addOperator(t, 'viewer');
    const db = t.app.database.db;
    const stored = await db.selectFrom('operators').selectAll().where('id', '=', enrolment.operator.id).executeTakeFirstOrThrow();
    expect(stored.totp_secret).toBe('');
    expect(stored.totp_secret_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(enrolment.totpSecret);
    // Sealed for its own row: moved to another operator's row it does not open, and nobody signs in with it.
    const other = await addOperator(t, 'viewer');
    await db.updateTable('operators').set({ totp_secret_sealed: stored.totp_secret_sealed }).where('id', '=', other.operator.id).execute();
    expect((await attempt(other.operator.name, other.password, totpCode(enrolment.totpSecret, now))).status).toBe(500);
    // As an earlier version stored it: in the clear, no sealed copy. It still signs in, and is sealed then.
    await db.updateTable('operators').set({ totp_secret: enrolment.totpSecret, totp_secret_sealed: null }).where('id', '=', enrolment.operator.id).execute();
    expect((await signIn(t, enrolment, now)).cookie).toMatch(/^tyd_ops=/);
    const sealed = await db.selectFrom('operators').selectAll().where('id', '=', enrolment.operator.id).executeTakeFirstOrThrow();
    expect(sealed.totp_secret).toBe('');
    expect(sealed.totp_secret_sealed).toMatch(/^v1\./);
    nextStep();
    expect((await signIn(t, enrolment, now)).cookie).toMatch(/^tyd_ops=/);
  });

  itSqliteOnly(engine)('opens nothing with the retired admin token', async () => {
    const token = t.env.TYD_ADMIN_TOKEN!;
    for (const route of t.app.operators.routes.filter((r) => r.access !== 'public')) {
      const path = route.url.replace(':id', 'x');
      const answer = await opsFetch(t, route.method, path, route.method === 'GET' ? undefined : {}, { authorization: `Bearer ${token}` });
      expect(answer.status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
