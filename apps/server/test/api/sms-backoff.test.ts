// Everyone but a phone's owner backs off instead of being blocked until midnight (docs/api.md "The
// owner's limits"): a stranger sending without end to someone's number gets a handful of codes an hour,
// and the owner logging in on a new device waits minutes at most, never until the next day.
import { CODE, SUBCODE, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, refusalData } from '../support/api-client.js';
import { AGREEMENT_VERSION, callFrom, latestCode, outbox, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { othersCooldownMs } from '../../src/account/services/sms-sending.js';

const MINUTE = 60_000;
const ATTACKER = '203.0.113.77';

describe('SMS back-off for everyone but the owner', () => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      clock,
      env: { TRUST_PROXY: '1', HUMAN_CHECK_IP_PER_HOUR: '100000', HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000', SMS_HOURLY_CAP_PER_IP: '100000' },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (ip: string, phone: string, from = client) => callFrom(from, ip, sendSmsCode, { phone, purpose: 'login' });
  const retryAfter = (answer: Awaited<ReturnType<typeof send>>) => refusalData<{ retryAfterSeconds: number }>(answer.response).retryAfterSeconds;

  it('doubles the cooldown after 3 sends a day, up to an hour', () => {
    const rules = { cooldownMs: MINUTE, othersBackoffAfter: 3, othersBackoffMaxMs: 60 * MINUTE };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000].map((nth) => othersCooldownMs(rules, nth) / MINUTE)).toEqual([1, 1, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('a stranger sending all day to one number gets a few codes an hour, never a block until midnight', async () => {
    const phone = uniquePhone();
    // Start just after a China midnight: the whole run falls on one calendar day.
    const day = 24 * 60 * MINUTE;
    clock.advance(day - ((clock() + 8 * 60 * MINUTE) % day) + MINUTE);
    const cooldowns: number[] = [];
    let refusedWithDailyLimit = 0;
    // Send as soon as allowed, for 12 hours of the service clock.
    const until = clock() + 12 * 60 * MINUTE;
    while (clock() < until) {
      const answer = await send(ATTACKER, phone);
      if (answer.response?.code === '200') {
        cooldowns.push((answer.response.data as { cooldownSeconds: number }).cooldownSeconds);
        continue;
      }
      if (answer.response?.subcode === SUBCODE.SMS_DAILY_LIMIT) refusedWithDailyLimit++;
      expect(answer.response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
      clock.advance(retryAfter(answer) * 1000);
    }
    expect(refusedWithDailyLimit).toBe(0);
    expect(cooldowns.slice(0, 9)).toEqual([60, 60, 60, 120, 240, 480, 960, 1920, 3600]);
    // 12 hours: 9 codes in the first ~2 hours, then one an hour.
    expect(cooldowns.length).toBeGreaterThanOrEqual(17);
    expect(cooldowns.length).toBeLessThanOrEqual(19);
    expect(await outbox(t.baseUrl, phone)).toHaveLength(cooldowns.length);
  });

  it("after a stranger's 10 sends, the owner on a new device waits minutes, not until the next day, and logs in", async () => {
    const phone = uniquePhone();
    // The owner has an account, made on their usual device; the stranger (`client`) and the owner's new
    // phone are other devices (docs/api.md "SMS code rules").
    const usualDevice = await t.client();
    const newDevice = await t.client();
    expect((await send('198.51.100.30', phone, usualDevice)).response?.code).toBe('200');
    const code = await latestCode(t.baseUrl, phone);
    expect((await callFrom(usualDevice, '198.51.100.30', userLoginV1, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION })).response?.code).toBe(
      '200',
    );
    // A stranger presses 获取验证码 ten times, each time as soon as the page allows.
    for (let sent = 0; sent < 10;) {
      const answer = await send(ATTACKER, phone);
      if (answer.response?.code === '200') sent++;
      else clock.advance(retryAfter(answer) * 1000);
    }
    // The owner on a new phone (a device and an address that never logged in): the strangers' back-off, at most an hour.
    const first = await send('192.0.2.150', phone, newDevice);
    expect(first.response?.code).toBe(CODE.RETRY_LATER);
    expect(retryAfter(first)).toBeLessThanOrEqual(60 * 60);
    clock.advance(retryAfter(first) * 1000);
    expect((await send('192.0.2.150', phone, newDevice)).response?.code).toBe('200');
    const login = await callFrom(newDevice, '192.0.2.150', userLoginV1, {
      phone,
      smsCode: await latestCode(t.baseUrl, phone),
      agreementVersion: AGREEMENT_VERSION,
    });
    expect(login.response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });

  it('parallel sends from many addresses start one cooldown: exactly one code goes out', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`198.18.${i}.1`, phone)));
    expect(answers.filter((answer) => answer.response?.code === '200')).toHaveLength(1);
    expect(await outbox(t.baseUrl, phone)).toHaveLength(1);
  });
});
