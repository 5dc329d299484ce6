// 个人信息 through the real envelope (docs/api.md "Personal information"; PIPL art. 44–47): the two lists made
// from this account's own rows and the configured providers; the copy of one's data after a fresh SMS code,
// fetched once by the session that asked, in full (ID and card numbers, photos; every session with its
// device and place, every sign-in record, refused codes included) and nowhere else (not in the log); attacks on it: another account's or session's id answered exactly as an unknown one, ids not
// guessable, a replayed link, an expired link, parallel requests with one code and parallel fetches of one
// grant, the day's limit; and withdrawing consent (every session ends, the next login asks again).
import { randomBytes } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  certificationInfo,
  chinaDay,
  chinaDayEnd,
  downloadDataExport,
  endOtherSessions,
  maskBankCard,
  maskIdNumber,
  maskName,
  maskPhone,
  personalInfoList,
  privacyPolicyStatus,
  requestDataExport,
  sendSmsCode,
  thirdPartySharingList,
  userLoginV1,
  withdrawConsent,
  type ApiResponse,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_RECIPIENT } from '../../src/privacy/services/sharing-list.js';
import { AGREEMENT_VERSION, latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import { refusalData, type ApiClient } from '../support/api-client.js';
import { createSession, createUser, insertVerifiedIdentity, uniquePhone, insertBoundCard } from '../support/factories.js';
import { certificationSteps } from '../support/identity.js';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const TTL_MINUTES = 10;
const PER_DAY = 3;
const CARD_NUMBER = '6222020200112233445';

describe.each(ENGINES)('个人信息 on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  const log = captureLogLines();
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      logStream: log.stream,
      env: {
        API_RATE_PER_ADDRESS_PER_MINUTE: '100000',
        HUMAN_CHECK_IP_PER_HOUR: '100000',
        SMS_HOURLY_CAP_PER_IP: '100000',
        SMS_DAILY_CAP_PER_PHONE: '100',
        PRIVACY_EXPORT_TTL_MINUTES: String(TTL_MINUTES),
        PRIVACY_EXPORTS_PER_DAY: String(PER_DAY),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  const steps = certificationSteps(
    () => t,
    () => clock(),
  );

  async function member(): Promise<{ client: ApiClient; userId: string; phone: string }> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id, phone: user.phone };
  }

  /** Another session of the same account, in another client. */
  async function otherDevice(userId: string): Promise<ApiClient> {
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, { id: userId }, { now: clock() })).accessToken;
    return client;
  }

  /** A bound card as binding leaves it (bank-cards-service.ts): the number only as ciphertext. */
  async function bindCard(userId: string): Promise<void> {
    await insertBoundCard(t.app.database.db, t.secrets, userId, { now: clock(), cardNumber: CARD_NUMBER });
  }

  /** A fresh 'export-data' code to the account's own phone (the cooldown waited out first). */
  async function exportCode(client: ApiClient, phone: string): Promise<string> {
    clock.advance(61_000);
    const sent = await client.call(sendSmsCode, { purpose: 'export-data' });
    expect(sent.response, JSON.stringify(sent.response)).toMatchObject({ code: '200' });
    return latestCode(t.baseUrl, phone);
  }

  async function granted(client: ApiClient, phone: string): Promise<string> {
    const answer = (await client.call(requestDataExport, { smsCode: await exportCode(client, phone) })).response;
    expect(answer, JSON.stringify(answer)).toMatchObject({ code: '200' });
    return answer!.data!.exportId;
  }

  const refusalOf = (response: ApiResponse | undefined) => ({
    code: response?.code,
    subcode: response?.subcode,
    msg: response?.msg,
    submsg: response?.submsg,
    data: response?.data,
  });

  it('lists what this account holds, masked, and 未收集 for what it does not', async () => {
    const a = await member();
    const b = await member();
    const idNumber = await insertVerifiedIdentity(t.app.database.db, t.secrets, a.userId, { now: clock() });
    await bindCard(a.userId);

    const listA = (await a.client.call(personalInfoList)).response!;
    expect(listA.code).toBe('200');
    const byKind = Object.fromEntries(listA.data!.items.map((item) => [item.kind, item]));
    expect(Object.keys(byKind)).toEqual([
      'phone',
      'identity',
      'idcard-photos',
      'face',
      'bank-cards',
      'login-devices',
      'login-records',
      'consents',
      'invitations',
      'rewards',
      'messages',
      'questions',
      'analytics',
    ]);
    expect(byKind.phone).toMatchObject({ status: 'held', value: maskPhone(a.phone) });
    expect(byKind.identity).toMatchObject({ status: 'held', value: `${maskName('沙盒用户')} ${maskIdNumber(idNumber)}` });
    expect(byKind.face).toMatchObject({ status: 'held', value: '已通过' });
    expect(byKind['bank-cards']).toMatchObject({ status: 'held', value: `工商银行 ${maskBankCard(CARD_NUMBER)}` });
    // The session the factory made is a device; no sign-in was recorded for it (nothing logged in), so
    // 登录记录 says 未收集 rather than counting the session as one.
    expect(byKind['login-devices']).toMatchObject({ status: 'held', value: '登录中 1 台，设备记录共 1 条（含已退出）；最近：未知设备 · 浏览器' });
    expect(byKind['login-records']).toMatchObject({ status: 'none', value: null });
    // No photos were taken (the identity was inserted as certification leaves it): said, not invented.
    expect(byKind['idcard-photos']).toMatchObject({ status: 'none', value: null, collectedAt: null });
    expect(byKind.analytics).toMatchObject({ status: 'not-linked', collectedAt: null });
    for (const item of listA.data!.items) expect(item.purpose.length * item.scenario.length).toBeGreaterThan(0);
    expect(listA.data!.export).toEqual({ perDay: PER_DAY, leftToday: PER_DAY, ttlSeconds: TTL_MINUTES * 60 });
    // Nothing in full, anywhere in the answer.
    const text = JSON.stringify(listA);
    for (const secret of [a.phone, idNumber, CARD_NUMBER]) expect(text).not.toContain(secret);

    // The other account sees its own phone and nothing of the first one's.
    const listB = (await b.client.call(personalInfoList)).response!;
    const itemsB = Object.fromEntries(listB.data!.items.map((item) => [item.kind, item]));
    expect(itemsB.phone?.value).toBe(maskPhone(b.phone));
    for (const kind of ['identity', 'idcard-photos', 'face', 'bank-cards', 'consents', 'rewards', 'messages', 'questions'] as const)
      expect(itemsB[kind]).toMatchObject({ status: 'none', value: null });
    expect(JSON.stringify(listB)).not.toContain(a.phone.slice(-4) + '"');
  });

  it('lists the providers as configured: the sandbox says it sends nothing', async () => {
    const { client } = await member();
    const answer = (await client.call(thirdPartySharingList)).response!;
    expect(answer.data!.items.map((item) => item.provider)).toEqual(['sms', 'ocr', 'face', 'bank-card']);
    for (const item of answer.data!.items) {
      expect(item).toMatchObject({ sandbox: true, recipient: SANDBOX_RECIPIENT });
      expect(item.method).toContain('加密');
    }
    expect(answer.data!.items.find((item) => item.provider === 'bank-card')?.data).toContain('银行卡号');
  });

  it('needs a session for every endpoint', async () => {
    const client = await t.client();
    for (const [endpoint, payload] of [
      [personalInfoList, {}],
      [thirdPartySharingList, {}],
      [requestDataExport, { smsCode: '123456' }],
      [downloadDataExport, { exportId: `x_${randomBytes(16).toString('base64url')}` }],
      [withdrawConsent, {}],
    ] as const) {
      expect((await client.call(endpoint, payload as never)).response, endpoint.path).toMatchObject({ code: '401' });
    }
  });

  it('gives the owner a copy of everything, in full with the photos, once; replayed it is refused', async () => {
    const { client, userId, phone } = await member();
    const read = await steps.confirmed(client);
    const idNumber = (read.data as { idNumber: string }).idNumber;
    await bindCard(userId);

    const exportId = await granted(client, phone);
    expect(exportId).toMatch(/^x_[A-Za-z0-9_-]{22}$/);
    const copy = (await client.call(downloadDataExport, { exportId })).response!;
    expect(copy.code, JSON.stringify(copy).slice(0, 300)).toBe('200');
    const data = copy.data!;
    expect(data).toMatchObject({ format: 'tyd-personal-data', formatVersion: 3, exportId, account: { phone } });
    expect(data.identity).toMatchObject({ state: 'identity-confirmed', confirmed: { idNumber, name: '沙盒用户' } });
    expect(data.bankCards).toEqual([expect.objectContaining({ cardNumber: CARD_NUMBER, bankName: '工商银行', reservedPhone: '138****5678' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true, endedAt: null })]);
    expect(data.consents).toEqual([]);
    expect(data.analytics.linked).toBe(false);
    // Both sides' photos, whole: the data URL opens to a JPEG.
    expect(data.photos.map((photo) => photo.kind)).toEqual(['idcard-portrait', 'idcard-emblem']);
    for (const photo of data.photos) {
      const bytes = Buffer.from(photo.dataUrl.slice(photo.dataUrl.indexOf(',') + 1), 'base64');
      expect([bytes[0], bytes[1], bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    }

    // Replayed: the same link, the same session, a second time.
    expect((await client.call(downloadDataExport, { exportId })).response).toMatchObject({ code: '400', subcode: SUBCODE.DATA_EXPORT_USED });
    // The list shows one copy used today.
    expect((await client.call(personalInfoList)).response?.data?.export.leftToday).toBe(PER_DAY - 1);
  });

  it('gives every session with its device and place, and every sign-in record, refused codes included', async () => {
    // Two real logins of one number (two devices), a stranger's wrong code for it, and 下线其他所有设备 from
    // the second: the first session ended from another device.
    const phone = uniquePhone();
    const first = await t.client();
    clock.advance(61_000);
    expect((await signUp(first, t.baseUrl, phone)).response?.code).toBe('200');
    clock.advance(61_000);
    const stranger = await t.client();
    expect((await stranger.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const wrong = (await latestCode(t.baseUrl, phone)) === '000000' ? '111111' : '000000';
    expect((await stranger.call(userLoginV1, { phone, smsCode: wrong, agreementVersion: AGREEMENT_VERSION })).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    clock.advance(61_000);
    const second = await t.client();
    expect((await signUp(second, t.baseUrl, phone)).response?.code).toBe('200');
    expect((await second.call(endOtherSessions, {})).response?.code).toBe('200');
    const userId = (await t.app.accounts.repos.users.findByPhone(phone))!.id;
    // The refusal is recorded after its answer has gone (docs/api.md "Account security").
    await expect.poll(async () => (await t.app.database.db.selectFrom('login_events').select('id').where('user_id', '=', userId).execute()).length).toBe(3);

    const data = (await second.call(downloadDataExport, { exportId: await granted(second, phone) })).response!.data!;
    // Each consent names its documents and their versions, not only the combined version.
    const [privacyVersion, agreementVersion] = AGREEMENT_VERSION.split('~');
    expect(data.consents[0]).toMatchObject({
      version: AGREEMENT_VERSION,
      decision: 'accepted',
      documents: [
        { title: expect.stringMatching(/隐私政策/), version: privacyVersion },
        { title: expect.stringMatching(/协议/), version: agreementVersion },
      ],
    });
    const place = { client: 'browser', region: '内网', address: '127.0.*.*' };
    expect(data.sessions).toEqual([
      expect.objectContaining({ ...place, device: expect.any(String), clientName: expect.any(String), current: true, endedAt: null, endedReason: null }),
      expect.objectContaining({ ...place, current: false, endedAt: expect.any(Number), endedReason: 'other-device' }),
    ]);
    expect(data.sessions[1]!.createdAt).toBeLessThan(data.sessions[0]!.createdAt);
    expect(data.loginRecords.map((record) => [record.result, record.method])).toEqual([
      ['success', 'sms'],
      ['code-wrong', 'sms'],
      ['success', 'sms'],
    ]);
    for (const record of data.loginRecords) expect(record).toMatchObject({ ...place, device: expect.any(String), clientName: expect.any(String) });
    // Never the address itself, nor a token or its hash.
    const text = JSON.stringify(data);
    expect(text).not.toContain('127.0.0.1');
    const hashes = await t.app.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute();
    for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);

    // The list counts the same rows: devices and sign-ins apart.
    const items = Object.fromEntries((await second.call(personalInfoList)).response!.data!.items.map((item) => [item.kind, item]));
    expect(items['login-devices']?.value).toMatch(/^登录中 1 台，设备记录共 2 条（含已退出）；最近：/);
    expect(items['login-records']).toMatchObject({ status: 'held', value: '登录成功 2 次，验证码未通过 1 次', collectedAt: data.loginRecords[0]!.at });
    expect(items.consents).toMatchObject({ status: 'held' });
    expect(items.invitations?.value).toMatch(/^邀请码 [0-9A-Z]{8}；受邀注册：否$/);
  });

  it('refuses another account’s or another session’s export exactly as one that does not exist', async () => {
    const owner = await member();
    const stranger = await member();
    const exportId = await granted(owner.client, owner.phone);
    const unknown = (await stranger.client.call(downloadDataExport, { exportId: `x_${randomBytes(16).toString('base64url')}` })).response;
    expect(unknown).toMatchObject({ code: CODE.NOT_FOUND, subcode: SUBCODE.DATA_EXPORT_NOT_FOUND });
    const theirs = (await stranger.client.call(downloadDataExport, { exportId })).response;
    expect(refusalOf(theirs)).toEqual(refusalOf(unknown));
    // The same account on another device did not ask for it: the grant is the asking session's.
    const sameAccount = await otherDevice(owner.userId);
    expect(refusalOf((await sameAccount.call(downloadDataExport, { exportId })).response)).toEqual(refusalOf(unknown));
    // None of these used it up: the owner still gets it.
    expect((await owner.client.call(downloadDataExport, { exportId })).response).toMatchObject({ code: '200' });
  });

  itSqliteOnly(engine)('hands out ids nobody can guess: 128 random bits, and every guess is answered alike', async () => {
    const { client, phone } = await member();
    const ids = [await granted(client, phone), await granted(client, phone)];
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(Buffer.from(id.slice(2), 'base64url')).toHaveLength(16);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () =>
        refusalOf((await client.call(downloadDataExport, { exportId: `x_${randomBytes(16).toString('base64url')}` })).response),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify(answers[0])]));
    expect(answers[0]).toMatchObject({ code: '404', subcode: SUBCODE.DATA_EXPORT_NOT_FOUND });
    // Not an id of ours at all: the schema refuses it before anything is looked up.
    expect((await client.call(downloadDataExport, { exportId: '../x_1' }, { raw: true })).response).toMatchObject({
      code: '400',
      subcode: SUBCODE.BAD_PAYLOAD,
    });
  });

  it('refuses an expired link, and says so rather than that it never existed', async () => {
    const { client, phone } = await member();
    const exportId = await granted(client, phone);
    clock.advance(TTL_MINUTES * 60_000);
    expect((await client.call(downloadDataExport, { exportId })).response).toMatchObject({ code: '400', subcode: SUBCODE.DATA_EXPORT_EXPIRED });
  });

  it('needs a fresh code of its own purpose: a wrong one spends a try, another purpose’s does not open it', async () => {
    const { client, phone } = await member();
    const code = await exportCode(client, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = (await client.call(requestDataExport, { smsCode: wrong })).response;
    expect(refused).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_WRONG });
    expect(refusalData<{ attemptsLeft: number }>(refused).attemptsLeft).toBe(4);
    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' })).response).toMatchObject({ code: '200' });
    const deregisterCode = await latestCode(t.baseUrl, phone);
    // A code of another purpose is only a wrong code here.
    expect((await client.call(requestDataExport, { smsCode: deregisterCode })).response).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_WRONG });
    // The export code still works after both refusals; used once, it is gone.
    expect((await client.call(requestDataExport, { smsCode: code })).response).toMatchObject({ code: '200' });
    expect((await client.call(requestDataExport, { smsCode: code })).response).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_EXPIRED });
  });

  it('grants one export for one code however many requests race, and builds one copy for one grant', async () => {
    const { client, phone } = await member();
    const smsCode = await exportCode(client, phone);
    const requests = await Promise.all(Array.from({ length: 8 }, async () => (await client.call(requestDataExport, { smsCode })).response));
    const grants = requests.filter((answer) => answer?.code === '200');
    expect(grants).toHaveLength(1);
    for (const answer of requests.filter((a) => a?.code !== '200')) expect(answer).toMatchObject({ code: '400', subcode: SUBCODE.SMS_CODE_EXPIRED });
    expect((await client.call(personalInfoList)).response?.data?.export.leftToday).toBe(PER_DAY - 1);

    const exportId = grants[0]!.data!.exportId;
    const fetches = await Promise.all(Array.from({ length: 8 }, async () => (await client.call(downloadDataExport, { exportId })).response));
    expect(fetches.filter((answer) => answer?.code === '200')).toHaveLength(1);
    for (const answer of fetches.filter((a) => a?.code !== '200')) expect(answer).toMatchObject({ code: '400', subcode: SUBCODE.DATA_EXPORT_USED });
  });

  it(`allows ${PER_DAY} copies a China day, refused with the time until midnight, and again the next day`, async () => {
    const { client, phone } = await member();
    for (let copy = 1; copy <= PER_DAY; copy += 1) await granted(client, phone);
    const code = await exportCode(client, phone);
    const refused = (await client.call(requestDataExport, { smsCode: code })).response;
    expect(refused).toMatchObject({ code: '429', subcode: SUBCODE.DATA_EXPORT_DAILY_LIMIT, submsg: '今日导出次数已达上限，请明天再试' });
    const now = clock();
    expect(refusalData<{ retryAfterSeconds: number }>(refused).retryAfterSeconds).toBe(Math.ceil((chinaDayEnd(chinaDay(now)) - now) / 1000));
    expect((await client.call(personalInfoList)).response?.data?.export.leftToday).toBe(0);
    // The limit refused before the code was checked: the code was not spent by it.
    clock.advance(chinaDayEnd(chinaDay(now)) - now);
    expect((await client.call(personalInfoList)).response?.data?.export.leftToday).toBe(PER_DAY);
    await granted(client, phone);
  });

  itSqliteOnly(engine)('never logs the phone, the ID or card number, the code or the export id', async () => {
    const { client, userId, phone } = await member();
    const read = await steps.confirmed(client);
    const idNumber = (read.data as { idNumber: string }).idNumber;
    await bindCard(userId);
    const smsCode = await exportCode(client, phone);
    const grant = (await client.call(requestDataExport, { smsCode })).response!.data!;
    expect((await client.call(downloadDataExport, { exportId: grant.exportId })).response?.code).toBe('200');
    expect((await client.call(downloadDataExport, { exportId: grant.exportId })).response?.code).toBe('400');
    const text = log.lines.join('\n');
    expect(text).toContain('/v1/user/download-data-export');
    for (const secret of [phone, idNumber, CARD_NUMBER, grant.exportId, `"${smsCode}"`]) expect(text).not.toContain(secret);
  });

  it('withdraws consent: recorded, every session ends, the next login asks again', async () => {
    const client = await t.client();
    const userPhone = uniquePhone();
    clock.advance(61_000);
    expect((await signUp(client, t.baseUrl, userPhone)).response?.code).toBe('200');
    expect((await client.call(privacyPolicyStatus)).response?.data).toMatchObject({ renewalRequired: false });
    const user = await t.app.accounts.repos.users.findByPhone(userPhone);
    const other = await otherDevice(user!.id);

    expect((await client.call(withdrawConsent)).response).toMatchObject({ code: '200' });
    expect((await client.call(certificationInfo)).response).toMatchObject({ code: '401' });
    expect((await other.call(certificationInfo)).response).toMatchObject({ code: '401' });
    const history = await t.app.accounts.repos.consents.history(user!.id);
    expect(history.map((consent) => consent.decision)).toEqual(['accepted', 'withdrawn']);

    // Logged in again without accepting (the app's own login sends no version): consent is asked for.
    clock.advance(61_000);
    const again = await t.client();
    expect((await signUp(again, t.baseUrl, userPhone, { agreementVersion: undefined })).response?.code).toBe('200');
    expect((await again.call(privacyPolicyStatus)).response?.data).toMatchObject({ renewalRequired: true, acceptedVersion: null });
    // Accepting at the next login restores it.
    clock.advance(61_000);
    const accepted = await t.client();
    expect((await signUp(accepted, t.baseUrl, userPhone)).response?.code).toBe('200');
    expect((await accepted.call(privacyPolicyStatus)).response?.data).toMatchObject({ renewalRequired: false });
  });
});
