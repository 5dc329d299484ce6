// Account journeys over real HTTP through the real envelope, on both engines: register and log in
// by SMS code, check-login, logout, user detail, invite codes, consent renewal, phone change, deregistration
// (the rows are inspected), authorised login.
import {
  CODE,
  SUBCODE,
  sendSmsCode,
  checkLogin,
  logout,
  userLoginV1,
  inviteCode as inviteCodeEndpoint,
  verifyInviteCode,
  userDetailV1,
  userDetail,
  privacyPolicy,
  privacyPolicyStatus,
  getUserUnprivacyInfo,
  renewInfo,
  renewExpire,
  savePhone,
  verifyPhone,
  cancelAccount,
  authorizedCode,
  authorizedLogin,
} from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, EndpointPayload } from '../support/api-client.js';
import { AGREEMENT_VERSION, latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

// PostgreSQL runs registration and login, the move to a number held by another account (a unique
// constraint), deregistration's erasure and the authorisation-code race; the checks of one request at a
// time (itSqliteOnly) run on SQLite only (docs/operations.md "Test suite").
describe.each(ENGINES)('accounts on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  const env = { HUMAN_CHECK_IP_PER_HOUR: '100000', SMS_HOURLY_CAP_PER_IP: '100000', PRIVACY_POLICY_SUMMARY: '新增人脸识别信息的处理说明' };

  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fresh = async (): Promise<ApiClient> => t.client();
  const sendCode = async (client: ApiClient, payload: EndpointPayload<typeof sendSmsCode>) => {
    clock.advance(61_000);
    const sent = await client.call(sendSmsCode, payload);
    expect(sent.response?.code, JSON.stringify(sent.response)).toBe('200');
  };

  it('registers a new user in one step, then logs the same user in; check-login, logout, login again', async () => {
    const phone = uniquePhone();
    const client = await fresh();
    const first = await signUp(client, t.baseUrl, phone);
    expect(first.response).toMatchObject({ code: '200', data: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, isNewUser: true } });
    expect(first.raw).not.toContain(phone.slice(3, 7) + phone.slice(7));
    expect((await client.call(checkLogin, {})).response?.data).toEqual({ loggedIn: true, phone: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    expect((await client.call(logout, {})).response?.code).toBe('200');
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
    // A stale token does not stand in the way of logging in again (optional-session endpoints ignore it).
    clock.advance(61_000);
    const again = await signUp(client, t.baseUrl, phone);
    expect(again.response?.data).toMatchObject({ isNewUser: false });
    expect((await client.call(checkLogin, {})).response?.code).toBe('200');
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    expect(user).toMatchObject({ status: 'active' });
    // Accepted once at registration; the second login's tick adds no duplicate.
    expect(await t.app.accounts.repos.consents.history(user?.id ?? '')).toEqual([
      expect.objectContaining({ version: AGREEMENT_VERSION, decision: 'accepted' }),
    ]);
    // Stored encrypted with a lookup hash, never in the clear.
    const rows = await sql<Record<string, unknown>>`select * from users`.execute(t.app.database.db);
    expect(JSON.stringify(rows.rows)).not.toContain(phone);
  });

  itSqliteOnly(engine)('needs the current agreement version to register, without spending the code', async () => {
    const phone = uniquePhone();
    const client = await fresh();
    await sendCode(client, { phone, purpose: 'login' });
    const smsCode = await latestCode(t.baseUrl, phone);
    const missing = await client.call(userLoginV1, { phone, smsCode });
    expect(missing.response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.AGREEMENT_REQUIRED });
    const outdated = await client.call(userLoginV1, { phone, smsCode, agreementVersion: '2020-01-01~2020-01-01' });
    expect(outdated.response?.subcode).toBe(SUBCODE.AGREEMENT_REQUIRED);
    expect(await t.app.accounts.repos.users.findByPhone(phone)).toBeUndefined();
    const ok = await client.call(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
    expect(ok.response?.data).toMatchObject({ isNewUser: true });
  });

  itSqliteOnly(engine)(
    'gives each user an unambiguous invite code; registration with one links the accounts; verification refuses own and unknown codes',
    async () => {
      const inviter = await fresh();
      await signUp(inviter, t.baseUrl, uniquePhone());
      const own = (await inviter.call(inviteCodeEndpoint, {})).response?.data as { inviteCode: string };
      expect(own.inviteCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect((await inviter.call(inviteCodeEndpoint, {})).response?.data).toEqual(own);
      expect((await inviter.call(verifyInviteCode, { inviteCode: own.inviteCode })).response).toMatchObject({
        code: CODE.BAD_REQUEST,
        subcode: SUBCODE.INVITE_CODE_OWN,
      });

      const anonymous = await fresh();
      const typed = `${own.inviteCode.slice(0, 4).toLowerCase()}-${own.inviteCode.slice(4)}`.replace(/0/g, 'o').replace(/1/g, 'l');
      expect((await anonymous.call(verifyInviteCode, { inviteCode: typed })).response?.data).toMatchObject(own);
      expect((await anonymous.call(verifyInviteCode, { inviteCode: 'ZZZZZZZZ' })).response?.subcode).toBe(SUBCODE.INVITE_CODE_INVALID);
      expect((await anonymous.call(verifyInviteCode, { inviteCode: '!!' })).response?.subcode).toBe(SUBCODE.INVITE_CODE_INVALID);

      const invitee = await fresh();
      const badInvite = uniquePhone();
      await sendCode(invitee, { phone: badInvite, purpose: 'login' });
      const badCode = await latestCode(t.baseUrl, badInvite);
      expect(
        (await invitee.call(userLoginV1, { phone: badInvite, smsCode: badCode, agreementVersion: AGREEMENT_VERSION, inviteCode: 'ZZZZZZZZ' })).response
          ?.subcode,
      ).toBe(SUBCODE.INVITE_CODE_INVALID);
      // The code was not spent by the mistyped invite code.
      const joined = await invitee.call(userLoginV1, { phone: badInvite, smsCode: badCode, agreementVersion: AGREEMENT_VERSION, inviteCode: typed });
      expect(joined.response?.data).toMatchObject({ isNewUser: true });
      invitee.accessToken = (joined.response?.data as { accessToken: string }).accessToken;
      expect((await invitee.call(userDetailV1, {})).response?.data).toMatchObject({ invited: true });
      expect((await inviter.call(userDetailV1, {})).response?.data).toMatchObject({ invited: false });
    },
  );

  itSqliteOnly(engine)('verify-invite-code names the inviter by the masked phone only, with what an invitation earns', async () => {
    const phone = uniquePhone();
    const inviter = await fresh();
    await signUp(inviter, t.baseUrl, phone);
    const own = (await inviter.call(inviteCodeEndpoint, {})).response?.data as { inviteCode: string };
    // The invite link's landing asks without a session (docs/api.md "Invitations").
    const answer = await (await fresh()).call(verifyInviteCode, { inviteCode: own.inviteCode.toLowerCase() });
    expect(answer.response?.code).toBe(CODE.OK);
    expect(answer.response?.data).toEqual({ inviteCode: own.inviteCode, inviterPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`, rewardPoints: 50 });
    // Nothing else of the inviter in the answer: not the number's hidden digits, not the account.
    const sealed = JSON.stringify(answer.response);
    expect(sealed).not.toContain(phone.slice(3, 7));
    expect(sealed).not.toContain((await t.app.accounts.repos.users.findByPhone(phone))!.id);
  });

  itSqliteOnly(engine)('shows the user detail, masked, with a profile made on first use for older accounts', async () => {
    const phone = uniquePhone();
    const user = await createUser(t.app.accounts.repos, { phone, now: 1_763_700_000_000 });
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await fresh();
    client.accessToken = accessToken;
    const detail = await client.call(userDetail, {});
    expect(detail.response?.data).toMatchObject({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, registeredAt: 1_763_700_000_000 });
    expect((detail.response?.data as { inviteCode: string }).inviteCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect((await client.call(userDetailV1, {})).response?.data).toMatchObject({ privacyVersion: null, agreementVersion: null, renewalRequired: true });
    expect((await (await fresh()).call(userDetail, {}, { accessToken: '' })).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  itSqliteOnly(engine)('asks for consent again when a document changes, records acceptance and refusal', async () => {
    const client = await fresh();
    await signUp(client, t.baseUrl, uniquePhone());
    const policy = (await client.call(privacyPolicy, {}, { accessToken: '' })).response?.data as { version: string; privacyPolicy: { url: string } };
    expect(policy.version).toBe(AGREEMENT_VERSION);
    expect(policy.privacyPolicy).toMatchObject({ kind: 'privacy', title: '隐私政策', version: '2026-11-01' });
    expect((await client.call(privacyPolicyStatus, {})).response?.data).toEqual({
      version: AGREEMENT_VERSION,
      acceptedVersion: AGREEMENT_VERSION,
      renewalRequired: false,
    });
    expect((await client.call(getUserUnprivacyInfo, {})).response?.data).toEqual({ version: AGREEMENT_VERSION, pending: [] });

    // The same database under a new privacy policy version.
    const renewed = await startTestApp({ engine, clock, env: { ...env, PRIVACY_POLICY_VERSION: '2026-12-01' } });
    try {
      // Point the client at the new server with the same session token.
      const next = await renewed.client();
      const user = await createUser(renewed.app.accounts.repos);
      await renewed.app.accounts.repos.consents.record({ userId: user.id, version: AGREEMENT_VERSION, decision: 'accepted', now: clock() });
      next.accessToken = (await createSession(renewed.app.accounts.repos, user)).accessToken;
      const newVersion = '2026-12-01~2026-11-01';
      expect((await next.call(privacyPolicyStatus, {})).response?.data).toEqual({
        version: newVersion,
        acceptedVersion: AGREEMENT_VERSION,
        renewalRequired: true,
      });
      const pending = (await next.call(getUserUnprivacyInfo, {})).response?.data as { pending: Array<{ kind: string; summary: string }> };
      expect(pending.pending).toEqual([expect.objectContaining({ kind: 'privacy', version: '2026-12-01', summary: '新增人脸识别信息的处理说明' })]);
      expect((await next.call(renewInfo, { version: AGREEMENT_VERSION })).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.AGREEMENT_REQUIRED });
      expect((await next.call(renewInfo, { version: newVersion })).response?.data).toEqual({ version: newVersion, renewalRequired: false });
      expect((await next.call(userDetailV1, {})).response?.data).toMatchObject({
        privacyVersion: '2026-12-01',
        agreementVersion: '2026-11-01',
        renewalRequired: false,
      });

      // Refusing ends the session and is recorded.
      const other = await createUser(renewed.app.accounts.repos);
      next.accessToken = (await createSession(renewed.app.accounts.repos, other)).accessToken;
      expect((await next.call(renewExpire, {})).response).toEqual({ code: '200', msg: '成功' });
      expect((await next.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
      expect(await renewed.app.accounts.repos.consents.history(other.id)).toEqual([expect.objectContaining({ version: newVersion, decision: 'declined' })]);
    } finally {
      await renewed.app.close();
    }
  });

  it('moves an account to a new number with a verification of the old one and a code to the new one', async () => {
    const oldPhone = uniquePhone();
    const newPhone = uniquePhone();
    const client = await fresh();
    await signUp(client, t.baseUrl, oldPhone);
    expect((await client.call(savePhone, { phone: newPhone, smsCode: '123456', verifyTicket: 'x'.repeat(43) })).response?.subcode).toBe(
      SUBCODE.VERIFY_TICKET_INVALID,
    );
    await sendCode(client, { purpose: 'verify-phone' });
    const verified = await client.call(verifyPhone, { smsCode: await latestCode(t.baseUrl, oldPhone) });
    const { verifyTicket } = verified.response?.data as { verifyTicket: string };
    expect(verified.response?.data).toMatchObject({ expiresInSeconds: 600 });
    await sendCode(client, { phone: newPhone, purpose: 'change-phone' });
    const saved = await client.call(savePhone, { phone: newPhone, smsCode: await latestCode(t.baseUrl, newPhone), verifyTicket });
    expect(saved.response?.data).toEqual({ phone: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}` });
    expect(await t.app.accounts.repos.users.findByPhone(oldPhone)).toBeUndefined();
    expect((await client.call(checkLogin, {})).response?.data).toMatchObject({ phone: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}` });
    // The ticket was single use.
    await sendCode(client, { phone: uniquePhone(), purpose: 'change-phone' });
    expect((await client.call(savePhone, { phone: uniquePhone(), smsCode: '000000', verifyTicket })).response?.subcode).toBe(SUBCODE.VERIFY_TICKET_INVALID);
  });

  it('refuses to move an account to a number that already has one', async () => {
    const taken = uniquePhone();
    await createUser(t.app.accounts.repos, { phone: taken });
    const phone = uniquePhone();
    const client = await fresh();
    await signUp(client, t.baseUrl, phone);
    await sendCode(client, { purpose: 'verify-phone' });
    const { verifyTicket } = (await client.call(verifyPhone, { smsCode: await latestCode(t.baseUrl, phone) })).response?.data as { verifyTicket: string };
    await sendCode(client, { phone: taken, purpose: 'change-phone' });
    expect((await client.call(savePhone, { phone: taken, smsCode: await latestCode(t.baseUrl, taken), verifyTicket })).response).toMatchObject({
      code: CODE.CONFLICT,
      subcode: SUBCODE.PHONE_TAKEN,
    });
  });

  it('deregisters at once: sessions revoked, personal data erased, the identity record retained encrypted', async () => {
    const phone = uniquePhone();
    const client = await fresh();
    await signUp(client, t.baseUrl, phone);
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    if (!user) throw new Error('no user');
    const inviteCode = ((await client.call(inviteCodeEndpoint, {})).response?.data as { inviteCode: string }).inviteCode;
    const invitee = await fresh();
    await signUp(invitee, t.baseUrl, uniquePhone(), { inviteCode });
    const otherDevice = await createSession(t.app.accounts.repos, user);
    await t.app.accounts.repos.authorizationCodes.create({ codeHash: 'f'.repeat(64), userId: user.id, mintedBy: null, now: clock(), ttlMs: 60_000 });

    // A login code does not deregister; a fresh 'deregister' code does.
    await sendCode(client, { phone, purpose: 'login' });
    expect((await client.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
    await sendCode(client, { purpose: 'deregister' });
    const [message] = await (
      await fetch(`${t.baseUrl}/sandbox/sms?phone=${phone}`)
    )
      .json()
      .then((b: { messages: Array<{ purpose: string; code: string }> }) => b.messages);
    expect(message?.purpose).toBe('deregister');
    const cancelled = await client.call(cancelAccount, { smsCode: message?.code ?? '' });
    expect(cancelled.response).toEqual({ code: '200', msg: '成功' });
    expect(cancelled.headers.getSetCookie().join()).toMatch(/x-access-token=;/);

    // Every session is gone, on every device.
    expect((await client.call(checkLogin, {})).response?.code).toBe(CODE.UNAUTHORIZED);
    expect((await client.call(checkLogin, {}, { accessToken: otherDevice.accessToken })).response?.code).toBe(CODE.UNAUTHORIZED);
    // Nothing personal is left in the tables the app reads.
    const db = t.app.database.db;
    for (const table of ['users', 'sessions', 'user_profiles', 'consents', 'authorization_codes'] as const) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${user.id}`.execute(db);
      expect(Number(rows.rows[0]?.n), table).toBe(0);
    }
    expect(await t.app.accounts.repos.users.findByPhone(phone)).toBeUndefined();
    // The invitee keeps their account and loses the link.
    expect((await invitee.call(userDetailV1, {})).response?.data).toMatchObject({ invited: false });

    // The retained record: encrypted, out of the users table's reach, with its retention date.
    const retained = await t.app.accounts.repos.retainedRecords.findBySubjectHash(t.app.accounts.retained.subjectHash(phone));
    expect(retained).toHaveLength(1);
    const record = retained[0];
    if (!record) throw new Error('no retained record');
    const raw = await sql<Record<string, unknown>>`select * from retained_records where id = ${record.id}`.execute(db);
    const rawText = JSON.stringify(raw.rows);
    expect(rawText).not.toContain(phone);
    expect(rawText).not.toContain(t.app.accounts.phones.lookupHash(phone));
    expect(rawText).not.toContain(user.id);
    const yearsKept = (record.retainUntil - record.createdAt) / (365.25 * 24 * 3600 * 1000);
    expect(yearsKept).toBeCloseTo(10, 5);
    const opened = t.app.accounts.retained.decrypt(record.id, record.payloadEnc);
    expect(opened).toMatchObject({
      phone,
      registeredAt: user.createdAt,
      consents: [expect.objectContaining({ version: AGREEMENT_VERSION, decision: 'accepted' })],
    });
    // Bound to its row: the ciphertext does not open under another id.
    expect(() => t.app.accounts.retained.decrypt('00000000-0000-0000-0000-000000000000', record.payloadEnc)).toThrow();

    // The number can start over as a new account.
    const again = await fresh();
    clock.advance(61_000);
    expect((await signUp(again, t.baseUrl, phone)).response?.data).toMatchObject({ isNewUser: true });
  });

  itSqliteOnly(engine)('logs in with a one-time authorisation code; expired, reused and forged codes get clear codes', async () => {
    const phone = uniquePhone();
    const app = await fresh();
    await signUp(app, t.baseUrl, phone);
    const minted = (await app.call(authorizedCode, {})).response?.data as { authCode: string; expiresInSeconds: number };
    expect(minted.expiresInSeconds).toBe(120);
    expect(minted.authCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await fresh();
    const first = await page.call(authorizedLogin, { authCode: minted.authCode });
    expect(first.response).toMatchObject({ code: '200', data: { phone: `${phone.slice(0, 3)}****${phone.slice(7)}` } });
    const { accessToken } = first.response?.data as { accessToken: string };
    expect((await page.call(checkLogin, {}, { accessToken })).response?.code).toBe('200');

    // Presented again: refused, and the session it gave is revoked (RFC 6749 §4.1.2).
    const reused = await page.call(authorizedLogin, { authCode: minted.authCode });
    expect(reused.response).toMatchObject({ code: CODE.FORBIDDEN, subcode: SUBCODE.AUTH_CODE_USED, submsg: '授权已使用，请返回重新授权' });
    expect((await page.call(checkLogin, {}, { accessToken })).response?.code).toBe(CODE.UNAUTHORIZED);
    // The minting session is untouched.
    expect((await app.call(checkLogin, {})).response?.code).toBe('200');

    const late = (await app.call(authorizedCode, {})).response?.data as { authCode: string };
    clock.advance(120_000);
    expect((await page.call(authorizedLogin, { authCode: late.authCode })).response).toMatchObject({
      code: CODE.FORBIDDEN,
      subcode: SUBCODE.AUTH_CODE_EXPIRED,
    });

    const forged = `${minted.authCode.slice(0, 42)}${minted.authCode.endsWith('A') ? 'B' : 'A'}`;
    for (const authCode of [forged, 'short', '', 'x'.repeat(128)]) {
      expect((await page.call(authorizedLogin, { authCode }, { accessToken: '' })).response?.subcode, authCode).toBe(SUBCODE.AUTH_CODE_INVALID);
    }
    expect((await page.call(authorizedCode, {}, { accessToken: '' })).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  it('gives one session per authorisation code when two redemptions race', async () => {
    const client = await fresh();
    await signUp(client, t.baseUrl, uniquePhone());
    const { authCode } = (await client.call(authorizedCode, {})).response?.data as { authCode: string };
    const page = await fresh();
    const answers = await Promise.all(Array.from({ length: 4 }, () => page.call(authorizedLogin, { authCode }, { accessToken: '' })));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(1);
  });
});
