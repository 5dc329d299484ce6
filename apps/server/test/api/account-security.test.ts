// 账户与安全 through the real envelope (docs/api.md "Account security"): real SMS logins from chosen
// addresses and user agents (TRUST_PROXY=1: the one proxy hop is the test) show up as devices described from
// the user agent and x-client-info, with the region of their address and the address masked, the calling
// one marked 本机; 下线 ends another device, whose next call is refused 401/4012; and the attacks: another
// account's session id, ids guessed in bulk, the caller's own id, presses at once (both engines: the
// conditional update decides), cursors of another account. 登录记录 holds sign-ins and refused codes of 30
// days, capped per hour, and is pruned with the sessions.
import { createHash, randomUUID } from 'node:crypto';
import {
  CODE,
  CODE_TEXT,
  LOGIN_RECORD_DAYS,
  SUBCODE,
  checkLogin,
  endOtherSessions,
  endSession,
  loginDevices,
  loginRecords,
  logout,
  sendSmsCode,
  userLoginV1,
  type Endpoint,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS_KEPT_PER_HOUR } from '../../src/account/services/account-security.js';
import { pruneSessionsAndCodes } from '../../src/account/services/session-housekeeping.js';
import { signInMessage } from '../../src/account/services/sign-in-notices.js';
import { AGREEMENT_VERSION, latestCode, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient, ApiResult, EndpointPayload } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const XIAOMI_CHROME =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CC Build/UKQ1.230804.001) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36';
const IPHONE_IN_APP = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 planner/5.2.0';
const IN_APP_INFO = encodeURIComponent(JSON.stringify({ platform: 'h5', os: 'ios', inApp: true, app: 'planner' }));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Origin {
  ip: string;
  ua: string;
  clientInfo?: string;
}

describe.each(ENGINES)('账户与安全 on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: { TRUST_PROXY: '1', HUMAN_CHECK_IP_PER_HOUR: '100000', API_RATE_PER_ADDRESS_PER_MINUTE: '100000', API_RATE_PER_SESSION_PER_MINUTE: '100000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One call from `origin` (address, user agent, client info), as a browser there would make it. */
  async function callAs<E extends Endpoint>(client: ApiClient, origin: Origin, endpoint: E, payload: EndpointPayload<E>): Promise<ApiResult<E>> {
    const prepared = await client.prepare(endpoint, payload, origin.clientInfo ? { clientInfo: origin.clientInfo } : {});
    return (await client.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': origin.ip, 'user-agent': origin.ua } })) as ApiResult<E>;
  }

  /** A real SMS login of `phone` from `origin`; the client keeps the token. */
  async function loginFrom(phone: string, origin: Origin): Promise<ApiClient> {
    const client = await t.client();
    const sent = await callAs(client, origin, sendSmsCode, { phone, purpose: 'login' });
    expect(sent.response?.code, JSON.stringify(sent.response)).toBe('200');
    const smsCode = await latestCode(t.baseUrl, phone);
    const login = await callAs(client, origin, userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
    expect(login.response?.code, JSON.stringify(login.response)).toBe('200');
    client.accessToken = login.response!.data!.accessToken;
    // The next send to this number waits out its cooldown.
    clock.advance(2 * MINUTE);
    return client;
  }

  /** An account with a session made directly (no SMS), for the rules that do not depend on a real login. */
  async function member() {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const here = await createSession(t.app.accounts.repos, user, { now: clock() });
    const there = await createSession(t.app.accounts.repos, user, { now: clock() });
    const client = await t.client();
    client.accessToken = here.accessToken;
    return { user, client, here, there };
  }

  /** The account's devices as `client` sees them (from `origin`, else the test's own address, which is then its last). */
  async function devicesOf(client: ApiClient, origin?: Origin) {
    const res = (origin ? await callAs(client, origin, loginDevices, {}) : await client.call(loginDevices)).response!;
    expect(res.code, JSON.stringify(res)).toBe('200');
    return res.data!.devices;
  }

  const liveCount = async (userId: string) => (await t.app.accounts.repos.sessions.listLive(userId, clock())).length;

  itSqliteOnly(engine)('two logins of one account see each other: device, app or browser, region, masked address; this one is 本机', async () => {
    const phone = uniquePhone();
    const originA = { ip: '120.24.78.68', ua: XIAOMI_CHROME };
    const originB = { ip: '10.0.0.8', ua: IPHONE_IN_APP, clientInfo: IN_APP_INFO };
    const phoneA = await loginFrom(phone, originA);
    const phoneB = await loginFrom(phone, originB);

    const seenByA = await devicesOf(phoneA, originA);
    expect(seenByA).toHaveLength(2);
    expect(seenByA[0]).toMatchObject({
      current: true,
      device: '小米 23127PN0CC · Android 14',
      client: 'browser',
      clientName: 'Chrome',
      region: '广东省深圳市',
      address: '120.24.*.*',
    });
    expect(seenByA[1]).toMatchObject({
      current: false,
      device: 'iPhone · iOS 17.4',
      client: 'app',
      clientName: '通盈达App',
      region: '内网',
      address: '10.0.*.*',
    });
    expect(seenByA[1]!.firstActiveAt).toBeGreaterThan(seenByA[0]!.firstActiveAt);

    const seenByB = await devicesOf(phoneB, originB);
    expect(seenByB.map((d) => [d.current, d.clientName])).toEqual([
      [true, '通盈达App'],
      [false, 'Chrome'],
    ]);
    expect(new Set(seenByB.map((d) => d.id))).toEqual(new Set(seenByA.map((d) => d.id)));
  });

  itSqliteOnly(engine)('never shows a token, its hash or a full address, and keeps no full address in the database', async () => {
    const phone = uniquePhone();
    const a = await loginFrom(phone, { ip: '120.24.78.68', ua: XIAOMI_CHROME });
    const b = await loginFrom(phone, { ip: '202.96.128.86', ua: XIAOMI_CHROME });
    const raw = JSON.stringify([(await a.call(loginDevices)).response, (await a.call(loginRecords, {})).response]);
    for (const token of [a.accessToken!, b.accessToken!]) {
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(createHash('sha256').update(token).digest('hex'));
    }
    expect(raw).not.toContain('120.24.78.68');
    expect(raw).not.toContain('202.96.128.86');
    const user = (await t.app.accounts.repos.users.findByPhone(phone))!;
    const db = t.app.database.db;
    const stored = JSON.stringify([
      await db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute(),
      await db.selectFrom('login_events').selectAll().where('user_id', '=', user.id).execute(),
    ]);
    expect(stored).toContain('120.24.*.*');
    expect(stored).not.toContain('120.24.78');
    expect(stored).not.toContain('202.96.128');
    expect(stored).not.toContain('Mozilla');
  });

  itSqliteOnly(engine)('下线: the other device is refused 401/4012 on its next call and leaves the list; this one goes on', async () => {
    const phone = uniquePhone();
    const a = await loginFrom(phone, { ip: '120.24.78.68', ua: XIAOMI_CHROME });
    const b = await loginFrom(phone, { ip: '10.0.0.8', ua: IPHONE_IN_APP, clientInfo: IN_APP_INFO });
    const other = (await devicesOf(a)).find((d) => !d.current)!;

    const ended = (await a.call(endSession, { deviceId: other.id })).response!;
    expect(ended).toEqual({ code: '200', msg: CODE_TEXT['200'] });

    const refused = (await b.call(checkLogin, {})).response!;
    expect(refused).toEqual({ code: CODE.UNAUTHORIZED, subcode: SUBCODE.SIGNED_OUT_ELSEWHERE, msg: CODE_TEXT['401'], submsg: CODE_TEXT['4012'] });
    expect((await b.call(loginDevices)).response?.subcode).toBe(SUBCODE.SIGNED_OUT_ELSEWHERE);
    expect((await a.call(checkLogin, {})).response?.code).toBe('200');
    expect((await devicesOf(a)).map((d) => d.current)).toEqual([true]);
  });

  itSqliteOnly(engine)('a logged-out or expired session still answers as before: 401 without a subcode, and 4011', async () => {
    const { client, user } = await member();
    expect((await client.call(logout, {})).response?.code).toBe('200');
    const afterLogout = (await client.call(checkLogin, {})).response!;
    expect(afterLogout.code).toBe(CODE.UNAUTHORIZED);
    expect(afterLogout.subcode).toBeUndefined();
    const expired = await createSession(t.app.accounts.repos, user, { now: clock() - 8 * DAY });
    expect((await client.call(checkLogin, {}, { accessToken: expired.accessToken })).response?.subcode).toBe(SUBCODE.SESSION_EXPIRED);
  });

  itSqliteOnly(engine)("refuses another account's session id exactly as an id that does not exist, and ends nothing", async () => {
    const mine = await member();
    const theirs = await member();
    const ownEnded = await createSession(t.app.accounts.repos, mine.user, { now: clock() });
    await t.app.accounts.repos.sessions.revoke(ownEnded.sessionId, clock());

    const answers = [];
    for (const deviceId of [theirs.here.sessionId, theirs.there.sessionId, randomUUID(), ownEnded.sessionId]) {
      answers.push((await mine.client.call(endSession, { deviceId })).response);
    }
    const notFound = { code: CODE.NOT_FOUND, subcode: SUBCODE.DEVICE_NOT_FOUND, msg: CODE_TEXT['404'], submsg: CODE_TEXT['4231'] };
    for (const answer of answers) expect(answer).toEqual(notFound);

    expect(await liveCount(theirs.user.id)).toBe(2);
    expect((await theirs.client.call(checkLogin, {})).response?.code).toBe('200');
    // Their list never names the caller's sessions either.
    const theirIds = (await devicesOf(theirs.client)).map((d) => d.id);
    expect(theirIds).not.toContain(mine.here.sessionId);
    expect(theirIds.sort()).toEqual([theirs.here.sessionId, theirs.there.sessionId].sort());
  });

  itSqliteOnly(engine)('ids guessed in bulk all answer 404/4231 and end nothing; ids that are not ids are refused 4009', async () => {
    const victim = await member();
    const attacker = await member();
    const guesses = Array.from({ length: 60 }, () => randomUUID());
    // Neighbours of a real id (one hex digit changed) are no closer than any other guess.
    for (let i = 0; i < 8; i++) {
      const real = victim.here.sessionId;
      const at = real.length - 1 - i;
      guesses.push(`${real.slice(0, at)}${real[at] === '0' ? '1' : '0'}${real.slice(at + 1)}` as ReturnType<typeof randomUUID>);
    }
    const answers = await Promise.all(guesses.map((deviceId) => attacker.client.call(endSession, { deviceId })));
    expect(new Set(answers.map((a) => `${a.response?.code}/${a.response?.subcode}`))).toEqual(new Set(['404/4231']));
    expect(await liveCount(victim.user.id)).toBe(2);
    expect(await liveCount(attacker.user.id)).toBe(2);

    for (const deviceId of ['', 'x', victim.here.accessToken, '../sessions', victim.here.sessionId.toUpperCase()]) {
      const res = (await attacker.client.call(endSession, { deviceId }, { raw: true })).response;
      expect(res?.subcode, deviceId).toBe(SUBCODE.BAD_PAYLOAD);
    }
    expect(await liveCount(victim.user.id)).toBe(2);
  });

  itSqliteOnly(engine)('the calling session cannot be ended through end-session (400/4232): logout ends it', async () => {
    const { client, here, user } = await member();
    expect((await client.call(endSession, { deviceId: here.sessionId })).response).toEqual({
      code: CODE.BAD_REQUEST,
      subcode: SUBCODE.DEVICE_IS_CURRENT,
      msg: CODE_TEXT['400'],
      submsg: CODE_TEXT['4232'],
    });
    expect(await liveCount(user.id)).toBe(2);
  });

  it('two devices ending each other at once: one is ended, the other stays', async () => {
    const { client, here, there, user } = await member();
    const otherClient = await t.client();
    otherClient.accessToken = there.accessToken;
    const [a, b] = await Promise.all([client.call(endSession, { deviceId: there.sessionId }), otherClient.call(endSession, { deviceId: here.sessionId })]);
    expect([a.response?.code, b.response?.code].sort()).toEqual(['200', '401']);
    expect([a.response?.subcode, b.response?.subcode]).toContain(SUBCODE.SIGNED_OUT_ELSEWHERE);
    expect(await liveCount(user.id)).toBe(1);
  });

  it('ten presses of 下线 for one device at once: one ends it, the others are told it is gone', async () => {
    const { client, there, user } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.call(endSession, { deviceId: there.sessionId })));
    const codes = answers.map((a) => a.response?.code).sort();
    expect(codes.filter((c) => c === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.DEVICE_NOT_FOUND)).toHaveLength(9);
    expect(await liveCount(user.id)).toBe(1);
  });

  it('下线其他所有设备 at once from two devices: every other session ends once, and the two callers do not end each other both', async () => {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const sessions = await Promise.all(Array.from({ length: 5 }, () => createSession(t.app.accounts.repos, user, { now: clock() })));
    const [first, second] = await Promise.all([t.client(), t.client()]);
    first!.accessToken = sessions[0]!.accessToken;
    second!.accessToken = sessions[1]!.accessToken;
    const [a, b] = await Promise.all([first!.call(endOtherSessions, {}), second!.call(endOtherSessions, {})]);
    const ended = [a, b].filter((r) => r.response?.code === '200').map((r) => r.response!.data!.ended);
    // The first to take the account's lock ends the other caller too, which is then refused 4012.
    const refused = [a, b].filter((r) => r.response?.subcode === SUBCODE.SIGNED_OUT_ELSEWHERE);
    expect(ended).toEqual([4]);
    expect(refused).toHaveLength(1);
    expect(await liveCount(user.id)).toBe(1);
  });

  itSqliteOnly(engine)('下线其他所有设备: all but this one end, each then refused 4012; nothing left the second time', async () => {
    const { client, user } = await member();
    const more = await createSession(t.app.accounts.repos, user, { now: clock() });
    const res = (await client.call(endOtherSessions, {})).response!;
    expect(res.data).toEqual({ ended: 2 });
    const other = await t.client();
    expect((await other.call(checkLogin, {}, { accessToken: more.accessToken })).response?.subcode).toBe(SUBCODE.SIGNED_OUT_ELSEWHERE);
    expect((await client.call(endOtherSessions, {})).response?.data).toEqual({ ended: 0 });
    expect((await devicesOf(client)).map((d) => d.current)).toEqual([true]);
  });

  itSqliteOnly(engine)('notes the last activity to the minute, and where it came from', async () => {
    const phone = uniquePhone();
    const a = await loginFrom(phone, { ip: '120.24.78.68', ua: XIAOMI_CHROME });
    const b = await loginFrom(phone, { ip: '10.0.0.8', ua: IPHONE_IN_APP, clientInfo: IN_APP_INFO });
    const before = (await devicesOf(a)).find((d) => !d.current)!;
    clock.advance(10 * MINUTE);
    await callAs(b, { ip: '114.114.114.114', ua: IPHONE_IN_APP, clientInfo: IN_APP_INFO }, checkLogin, {});
    const after = (await devicesOf(a)).find((d) => !d.current)!;
    expect(after.lastActiveAt).toBe(clock());
    expect(after.lastActiveAt - before.lastActiveAt).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(after).toMatchObject({ region: '江苏省南京市', address: '114.114.*.*', device: before.device, firstActiveAt: before.firstActiveAt });
    // Within the minute from the same address nothing is written.
    clock.advance(20_000);
    await callAs(b, { ip: '114.114.114.114', ua: IPHONE_IN_APP, clientInfo: IN_APP_INFO }, checkLogin, {});
    expect((await devicesOf(a)).find((d) => !d.current)!.lastActiveAt).toBe(after.lastActiveAt);
  });

  itSqliteOnly(engine)('登录记录: sign-ins and refused codes of this account, newest first, with where they came from', async () => {
    const phone = uniquePhone();
    const a = await loginFrom(phone, { ip: '120.24.78.68', ua: XIAOMI_CHROME });
    const stranger = await t.client();
    const sent = await callAs(stranger, { ip: '8.8.8.8', ua: XIAOMI_CHROME }, sendSmsCode, { phone, purpose: 'login' });
    expect(sent.response?.code, JSON.stringify(sent.response)).toBe('200');
    const wrong = await callAs(stranger, { ip: '8.8.8.8', ua: XIAOMI_CHROME }, userLoginV1, { phone, smsCode: '000000', agreementVersion: AGREEMENT_VERSION });
    expect(wrong.response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    // A number without an account leaves no record anywhere.
    await callAs(stranger, { ip: '8.8.8.8', ua: XIAOMI_CHROME }, userLoginV1, { phone: uniquePhone(), smsCode: '000000', agreementVersion: AGREEMENT_VERSION });

    await expect.poll(async () => (await a.call(loginRecords, {})).response!.data!.items.length).toBe(2);
    const items = (await a.call(loginRecords, {})).response!.data!.items;
    expect(items[0]).toMatchObject({ result: 'code-wrong', method: 'sms', region: '美国', address: '8.8.*.*', clientName: 'Chrome' });
    expect(items[1]).toMatchObject({ result: 'success', method: 'sms', region: '广东省深圳市', address: '120.24.*.*' });
    expect(items[0]!.at).toBeGreaterThanOrEqual(items[1]!.at);
  });

  itSqliteOnly(engine)('keeps at most REFUSALS_KEPT_PER_HOUR refused codes an hour, so a stranger cannot flood the records', async () => {
    const { user, client } = await member();
    const { recordRefusedCode } = await import('../../src/account/services/account-security.js');
    const place = { device: 'x', client: 'browser' as const, clientName: 'y', region: '未知', address: '未知' };
    for (let i = 0; i < REFUSALS_KEPT_PER_HOUR + 5; i++) {
      await recordRefusedCode(t.app.accounts, { phone: user.phone, result: 'code-wrong', place, now: clock() });
    }
    const all = [];
    let cursor: string | undefined;
    do {
      const page = (await client.call(loginRecords, cursor ? { cursor, limit: 7 } : { limit: 7 })).response!.data!;
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(all).toHaveLength(REFUSALS_KEPT_PER_HOUR);
    expect(new Set(all.map((r) => r.id)).size).toBe(REFUSALS_KEPT_PER_HOUR);
  });

  itSqliteOnly(engine)("refuses another account's cursor (4701) and shows only the last 30 days", async () => {
    const mine = await member();
    const theirs = await member();
    const place = { device: 'x', client: 'browser' as const, clientName: 'y', region: '未知', address: '未知' };
    for (let i = 0; i < 3; i++)
      await t.app.accounts.repos.loginEvents.record({ userId: theirs.user.id, at: clock() - i, result: 'success', method: 'sms', place });
    await t.app.accounts.repos.loginEvents.record({
      userId: theirs.user.id,
      at: clock() - LOGIN_RECORD_DAYS * DAY - 1,
      result: 'success',
      method: 'sms',
      place,
    });
    const page = (await theirs.client.call(loginRecords, { limit: 2 })).response!.data!;
    expect(page.nextCursor).not.toBeNull();
    const stolen = (await mine.client.call(loginRecords, { cursor: page.nextCursor! })).response!;
    expect(stolen.subcode).toBe(SUBCODE.LIST_CURSOR_INVALID);
    const rest = (await theirs.client.call(loginRecords, { cursor: page.nextCursor!, limit: 10 })).response!.data!;
    expect(page.items.length + rest.items.length).toBe(3);
    expect((await mine.client.call(loginRecords, {})).response!.data!.items).toEqual([]);
  });

  it('prunes records older than 30 days with the sessions, and deletes them with the account', async () => {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const place = { device: 'x', client: 'browser' as const, clientName: 'y', region: '未知', address: '未知' };
    const { loginEvents } = t.app.accounts.repos;
    await loginEvents.record({ userId: user.id, at: clock() - LOGIN_RECORD_DAYS * DAY - MINUTE, result: 'success', method: 'sms', place });
    await loginEvents.record({ userId: user.id, at: clock() - LOGIN_RECORD_DAYS * DAY + MINUTE, result: 'success', method: 'sms', place });
    const count = async () =>
      Number(
        (
          await t.app.database.db
            .selectFrom('login_events')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pruned = await pruneSessionsAndCodes(t.app.accounts.repos, clock());
    expect(pruned.loginEvents).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
    await t.app.accounts.repos.users.delete(user.id);
    expect(await count()).toBe(0);
  });

  itSqliteOnly(engine)('the 新设备登录提醒 message leads to 账户与安全', () => {
    const message = signInMessage({ isNewUser: false, clientAddress: '120.24.78.68', userAgent: XIAOMI_CHROME, now: clock() });
    expect(message.title).toBe('新设备登录提醒');
    expect(message.link).toBe('/mine/security');
  });
});
