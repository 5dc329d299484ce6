// What a session hands on dies with it (docs/api.md "authorized-login", "States of a session"): an
// authorisation code is refused once the session that minted it has ended, whichever way it ended (logout,
// 下线, 下线其他所有设备, consent withdrawn or declined, the number moved, the account deregistered), and a
// session a code opened ends with its origin and never outlives it. The attack it answers: a device signed
// out with 下线 redeemed a code minted just before and was back in, round after round, each new session
// with a fresh quota of codes. Both engines: on PostgreSQL a redemption and a 下线 at the same moment are
// decided by the origin's row (sessions-repository.ts holdLive).
import {
  CODE,
  SUBCODE,
  authorizedCode,
  authorizedLogin,
  cancelAccount,
  checkLogin,
  endOtherSessions,
  endSession,
  loginDevices,
  logout,
  renewExpire,
  savePhone,
  sendSmsCode,
  verifyPhone,
  withdrawConsent,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommand } from '../support/admin-command.js';
import { latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const MINUTE = 60_000;

describe.each(ENGINES)('what a session hands on, on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: { HUMAN_CHECK_IP_PER_HOUR: '100000', SMS_HOURLY_CAP_PER_IP: '100000', API_RATE_PER_ADDRESS_PER_MINUTE: '100000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A real SMS sign-in of `phone` on a new client. */
  async function device(phone: string): Promise<ApiClient> {
    clock.advance(2 * MINUTE);
    const client = await t.client();
    const login = await signUp(client, t.baseUrl, phone);
    expect(login.response?.code, JSON.stringify(login.response)).toBe('200');
    return client;
  }

  async function mint(client: ApiClient): Promise<string> {
    const minted = await client.call(authorizedCode, {});
    expect(minted.response?.code, JSON.stringify(minted.response)).toBe('200');
    return minted.response!.data!.authCode;
  }

  /** Redeems `authCode` on a client of its own; the answer, and that client holding the new session if any. */
  async function redeem(authCode: string) {
    const page = await t.client();
    const answer = (await page.call(authorizedLogin, { authCode }, { accessToken: '' })).response;
    if (answer?.data) page.accessToken = answer.data.accessToken;
    return { answer, page };
  }

  const signedIn = async (client: ApiClient) => (await client.call(checkLogin, {})).response?.code === '200';
  const expectRefused = (answer: { code?: string; subcode?: string } | undefined) =>
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: CODE.FORBIDDEN, subcode: SUBCODE.AUTH_CODE_INVALID });

  async function idOf(client: ApiClient): Promise<string> {
    const devices = (await client.call(loginDevices, {})).response!.data!.devices;
    return devices.find((d) => d.current)!.id;
  }

  it('a device ended with 下线 cannot come back through a code it minted just before, round after round', async () => {
    const phone = uniquePhone();
    const owner = await device(phone);
    let thief = await device(phone);
    for (let round = 0; round < 3; round++) {
      const authCode = await mint(thief);
      expect((await owner.call(endSession, { deviceId: await idOf(thief) })).response?.code).toBe('200');
      expect(await signedIn(thief)).toBe(false);
      const { answer } = await redeem(authCode);
      expectRefused(answer);
      // The next round: the thief signs in again (as with a fresh SMS code on the stolen phone).
      thief = await device(phone);
    }
    expect(await signedIn(owner)).toBe(true);
  });

  it('a session a code opened ends with the session that minted it, with its reason, and never outlives it', async () => {
    const phone = uniquePhone();
    const owner = await device(phone);
    const app = await device(phone);
    const { answer, page } = await redeem(await mint(app));
    expect(answer?.code).toBe('200');
    // A code of the page's own session hands on again: the chain ends as one.
    const { page: grandchild } = await redeem(await mint(page));
    expect(await signedIn(grandchild)).toBe(true);

    const sessions = t.app.accounts.repos.sessions;
    const live = await sessions.listLive((await t.app.accounts.repos.users.findByPhone(phone))!.id, clock());
    const appId = await idOf(app);
    const child = live.find((s) => s.originSessionId === appId)!;
    const parent = live.find((s) => s.id === appId)!;
    expect(child.expiresAt).toBeLessThanOrEqual(parent.expiresAt);

    expect((await owner.call(endSession, { deviceId: appId })).response?.code).toBe('200');
    for (const ended of [app, page, grandchild]) {
      expect((await ended.call(checkLogin, {})).response).toMatchObject({ code: CODE.UNAUTHORIZED, subcode: SUBCODE.SIGNED_OUT_ELSEWHERE });
    }
    expect(await signedIn(owner)).toBe(true);
  });

  it('the session pressing 下线 stays, even when a code of the session it ends opened it', async () => {
    const phone = uniquePhone();
    const app = await device(phone);
    const { page } = await redeem(await mint(app));
    expect((await page.call(endSession, { deviceId: await idOf(app) })).response?.code).toBe('200');
    expect(await signedIn(app)).toBe(false);
    expect(await signedIn(page)).toBe(true);
  });

  it('下线其他所有设备 ends the codes of every other device', async () => {
    const phone = uniquePhone();
    const owner = await device(phone);
    const others = [await device(phone), await device(phone)];
    const codes = [await mint(others[0]!), await mint(others[1]!)];
    expect((await owner.call(endOtherSessions, {})).response?.data).toEqual({ ended: 2 });
    for (const authCode of codes) expectRefused((await redeem(authCode)).answer);
  });

  it('logout ends the codes the session minted and the sessions they opened', async () => {
    const app = await device(uniquePhone());
    const unused = await mint(app);
    const { page } = await redeem(await mint(app));
    expect((await app.call(logout, {})).response?.code).toBe('200');
    expectRefused((await redeem(unused)).answer);
    expect((await page.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('撤回同意 ends every code, a session’s and the command line’s: none opens a session with no consent on record', async () => {
    const phone = uniquePhone();
    const app = await device(phone);
    const sessionCode = await mint(app);
    const cliCode = (JSON.parse((await adminCommand(t, ['authcode', phone])).stdout) as { authCode: string }).authCode;
    expect((await app.call(withdrawConsent, {})).response?.code).toBe('200');
    expectRefused((await redeem(sessionCode)).answer);
    expectRefused((await redeem(cliCode)).answer);
  });

  it('declining a renewed agreement ends the codes the session minted', async () => {
    const app = await device(uniquePhone());
    const authCode = await mint(app);
    expect((await app.call(renewExpire, {})).response?.code).toBe('200');
    expect(await signedIn(app)).toBe(false);
    expectRefused((await redeem(authCode)).answer);
  });

  it('moving the account to another number ends the codes minted before, the session’s own included', async () => {
    const phone = uniquePhone();
    const newPhone = uniquePhone();
    const app = await device(phone);
    const before = await mint(app);
    clock.advance(2 * MINUTE);
    expect((await app.call(sendSmsCode, { purpose: 'verify-phone' })).response?.code).toBe('200');
    const { verifyTicket } = (await app.call(verifyPhone, { smsCode: await latestCode(t.baseUrl, phone) })).response!.data!;
    clock.advance(2 * MINUTE);
    expect((await app.call(sendSmsCode, { phone: newPhone, purpose: 'change-phone' })).response?.code).toBe('200');
    expect((await app.call(savePhone, { phone: newPhone, smsCode: await latestCode(t.baseUrl, newPhone), verifyTicket })).response?.code).toBe('200');
    expect(await signedIn(app)).toBe(true);
    expectRefused((await redeem(before)).answer);
    // A code minted after the move works.
    expect((await redeem(await mint(app))).answer?.code).toBe('200');
  });

  it('deregistration ends every code of the account', async () => {
    const phone = uniquePhone();
    const app = await device(phone);
    const authCode = await mint(app);
    clock.advance(2 * MINUTE);
    expect((await app.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await app.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');
    expectRefused((await redeem(authCode)).answer);
  });

  it('a redemption racing 下线 of its minting session never leaves a session behind it', async () => {
    const repos = t.app.accounts.repos;
    const user = await createUser(repos, { now: clock() });
    const owner = await t.client();
    owner.accessToken = (await createSession(repos, user, { now: clock() })).accessToken;
    for (let round = 0; round < 12; round++) {
      const app = await t.client();
      app.accessToken = (await createSession(repos, user, { now: clock() })).accessToken;
      const authCode = await mint(app);
      const appId = await idOf(app);
      const [redeemed] = await Promise.all([redeem(authCode), owner.call(endSession, { deviceId: appId })]);
      // Whichever committed first, the device is out: refused, or let in and ended with its origin.
      if (redeemed.answer?.code === '200') expect(await signedIn(redeemed.page)).toBe(false);
      else expectRefused(redeemed.answer);
    }
  });
});
