// SMS code rules (docs/api.md) over real HTTP through the real envelope: cooldown, expiry, single use,
// newest-only, purpose binding, tries per code, per-phone lockout that a resend does not reset, send caps,
// mainland numbers only. Time moves with an injected clock; nothing sleeps.
import { CODE, SUBCODE, sendSmsCode, userLoginV1, login as loginEndpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type EndpointPayload, refusalData } from '../support/api-client.js';
import { AGREEMENT_VERSION, callFrom, latestCode, outbox, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;

describe('sms codes', () => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;

  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      clock,
      env: {
        TRUST_PROXY: '1',
        HUMAN_CHECK_IP_PER_HOUR: '100000',
        HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
        SMS_HOURLY_CAP_PER_IP: '1000',
        SMS_SANDBOX_FIXED_CODES: '13800000000=246810',
        // The rules below, one phone sent to many times, without the strangers' back-off (sms-backoff.test.ts).
        SMS_OTHERS_BACKOFF_AFTER: '100',
      },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  let ipCounter = 0;
  const freshIp = () => `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.1`;
  const send = (phone: string, purpose: EndpointPayload<typeof sendSmsCode>['purpose'] = 'login', ip = freshIp()) =>
    callFrom(client, ip, sendSmsCode, { phone, purpose });
  const login = (phone: string, smsCode: string) => client.call(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
  const sendAfterCooldown = async (phone: string) => {
    clock.advance(61_000);
    return send(phone);
  };

  it('sends a 6-digit code to the outbox and answers the cooldown and validity', async () => {
    const phone = uniquePhone();
    const sent = await send(phone);
    expect(sent.response).toMatchObject({ code: '200', data: { cooldownSeconds: 60, expiresInSeconds: 300 } });
    const [message] = await outbox(t.baseUrl, phone);
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.purpose).toBe('login');
    expect(message?.text).toContain(message?.code);
    expect((await login(phone, message?.code ?? '')).response?.code).toBe('200');
  });

  it('answers 406 with the remaining seconds during the 60 s cooldown, for any purpose, then sends again', async () => {
    const phone = uniquePhone();
    expect((await send(phone)).response?.code).toBe('200');
    clock.advance(15_000);
    const early = await send(phone);
    expect(early.response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown', retryAfterSeconds: 45 } });
    expect(early.response?.subcode).toBeUndefined();
    expect(await outbox(t.baseUrl, phone)).toHaveLength(1);
    clock.advance(44_000);
    expect((await send(phone)).response?.data).toEqual({ reason: 'cooldown', retryAfterSeconds: 1 });
    clock.advance(1_000);
    expect((await send(phone)).response?.code).toBe('200');
    expect(await outbox(t.baseUrl, phone)).toHaveLength(2);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await latestCode(t.baseUrl, phone);
    clock.advance(5 * MINUTE);
    expect((await login(phone, code)).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.SMS_CODE_EXPIRED });
    // One millisecond before the end it still works.
    await sendAfterCooldown(phone);
    const fresh = await latestCode(t.baseUrl, phone);
    clock.advance(5 * MINUTE - 1);
    expect((await login(phone, fresh)).response?.code).toBe('200');
  });

  it('is single use, also when the same correct code arrives twice at once', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await latestCode(t.baseUrl, phone);
    const answers = await Promise.all([login(phone, code), login(phone, code), login(phone, code)]);
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.SMS_CODE_EXPIRED)).toHaveLength(2);
    expect((await login(phone, code)).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
  });

  it('accepts only the newest code of a phone and purpose', async () => {
    const phone = uniquePhone();
    await send(phone);
    const first = await latestCode(t.baseUrl, phone);
    await sendAfterCooldown(phone);
    const second = await latestCode(t.baseUrl, phone);
    if (first !== second) expect((await login(phone, first)).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    expect((await login(phone, second)).response?.code).toBe('200');
  });

  it('binds a code to its purpose', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await latestCode(t.baseUrl, phone);
    const other = await client.call(loginEndpoint, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION });
    expect(other.response?.code).toBe('200'); // same purpose 'login' on the older path
    // A deregistration code of this account cannot log in.
    const token = (other.response?.data as { accessToken: string }).accessToken;
    clock.advance(61_000);
    expect((await client.call(sendSmsCode, { purpose: 'deregister' }, { accessToken: token })).response?.code).toBe('200');
    const deregisterCode = await latestCode(t.baseUrl, phone);
    expect((await login(phone, deregisterCode)).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await latestCode(t.baseUrl, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      expect((await login(phone, wrong)).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.SMS_CODE_WRONG, data: { attemptsLeft: left } });
    }
    expect((await login(phone, code)).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
  });

  it('locks verification of a phone for 15 minutes after 10 failures; a resend does not reset the count', async () => {
    const phone = uniquePhone();
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    await send(phone);
    let code = await latestCode(t.baseUrl, phone);
    for (let i = 0; i < 4; i++) expect((await login(phone, wrongFor(code))).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    await sendAfterCooldown(phone);
    code = await latestCode(t.baseUrl, phone);
    for (let i = 0; i < 4; i++) expect((await login(phone, wrongFor(code))).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    await sendAfterCooldown(phone);
    code = await latestCode(t.baseUrl, phone);
    expect((await login(phone, wrongFor(code))).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    // The 10th failure locks: 15 minutes.
    expect((await login(phone, wrongFor(code))).response).toMatchObject({
      code: CODE.TOO_MANY_REQUESTS,
      subcode: SUBCODE.SMS_VERIFY_LOCKED,
      data: { retryAfterSeconds: 900 },
    });
    // Locked: the last code is refused even when right, and no new code is sent until the lock ends.
    expect((await login(phone, code)).response).toMatchObject({ subcode: SUBCODE.SMS_VERIFY_LOCKED, data: { retryAfterSeconds: 900 } });
    expect((await sendAfterCooldown(phone)).response).toMatchObject({
      code: CODE.TOO_MANY_REQUESTS,
      subcode: SUBCODE.SMS_VERIFY_LOCKED,
      data: { retryAfterSeconds: 839 },
    });
    clock.advance(838_000);
    expect((await send(phone)).response?.data).toEqual({ retryAfterSeconds: 1 });
    clock.advance(1_000);
    expect((await send(phone)).response?.code).toBe('200');
    code = await latestCode(t.baseUrl, phone);
    expect((await login(phone, code)).response?.code).toBe('200');
  });

  it("caps the owner's sends at 10 per phone per day (China time), then 429 until midnight", async () => {
    const phone = uniquePhone();
    const ownerIp = '10.250.0.1';
    // Start just after a China midnight, so the sends below fall on one calendar day.
    const day = 24 * 60 * MINUTE;
    const chinaOffset = 8 * 60 * MINUTE;
    clock.advance(day - ((clock() + chinaOffset) % day) + MINUTE);
    // The first send (a stranger's, the address is not known yet) and a login make this address the owner's.
    expect((await send(phone, 'login', ownerIp)).response?.code).toBe('200');
    const code = await latestCode(t.baseUrl, phone);
    expect((await callFrom(client, ownerIp, userLoginV1, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION })).response?.code).toBe('200');
    const ownerSend = () => {
      clock.advance(61_000);
      return send(phone, 'login', ownerIp);
    };
    for (let i = 0; i < 10; i++) expect((await ownerSend()).response?.code, `send ${i + 1}`).toBe('200');
    const capped = await ownerSend();
    expect(capped.response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.SMS_DAILY_LIMIT });
    const retryAfter = refusalData<{ retryAfterSeconds: number }>(capped.response).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    clock.advance(retryAfter * 1000);
    expect((await send(phone, 'login', ownerIp)).response?.code).toBe('200');
  });

  it('caps sends per client address per hour', async () => {
    const capped = await startTestApp({ clock, env: { TRUST_PROXY: '1', SMS_HOURLY_CAP_PER_IP: '3', HUMAN_CHECK_IP_PER_HOUR: '1000' } });
    try {
      const c = await capped.client();
      for (let i = 0; i < 3; i++) expect((await callFrom(c, '192.0.2.7', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
      const refused = await callFrom(c, '192.0.2.7', sendSmsCode, { phone: uniquePhone(), purpose: 'login' });
      expect(refused.response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.SMS_RATE_LIMITED });
      // Another address is not affected; IPv6 counts per /64.
      expect((await callFrom(c, '192.0.2.8', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
      for (let i = 0; i < 3; i++) await callFrom(c, `2001:db8:1:2::${i + 1}`, sendSmsCode, { phone: uniquePhone(), purpose: 'login' });
      expect((await callFrom(c, '2001:db8:1:2:ffff::9', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.subcode).toBe(
        SUBCODE.SMS_RATE_LIMITED,
      );
      clock.advance(60 * MINUTE);
      expect((await callFrom(c, '192.0.2.7', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
    } finally {
      await capped.close();
    }
  });

  it('accepts mainland mobile numbers only, with a clear code', async () => {
    for (const phone of ['12812345678', '1381234567', '138123456789', '+8613812345678', '138-1234-5678', 'abc']) {
      expect((await send(phone)).response, phone).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.PHONE_INVALID });
    }
    expect((await client.call(sendSmsCode, { purpose: 'login' })).response?.subcode).toBe(SUBCODE.PHONE_INVALID);
  });

  it('needs a session for purposes other than login', async () => {
    for (const purpose of ['deregister', 'bind-card', 'verify-phone', 'change-phone'] as const) {
      expect((await client.call(sendSmsCode, { phone: uniquePhone(), purpose }, { accessToken: '' })).response?.code, purpose).toBe(CODE.UNAUTHORIZED);
    }
  });

  it('uses the configured fixed code of a test number in the sandbox', async () => {
    clock.advance(61_000);
    expect((await send('13800000000')).response?.code).toBe('200');
    expect(await latestCode(t.baseUrl, '13800000000')).toBe('246810');
  });

  it('stores no code in the clear anywhere it could be read back', async () => {
    const phone = uniquePhone();
    await send(phone);
    const code = await latestCode(t.baseUrl, phone);
    const hash = t.app.accounts.phones.lookupHash(phone);
    // A first send from an address that never logged in with the phone: the strangers' bucket (sms-requester.ts).
    const stored = await t.app.kv.get(`sms:code:login:${hash}:others`);
    expect(stored).toBeDefined();
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(phone);
  });
});
