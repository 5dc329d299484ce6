// A stranger must not be able to block a chosen person's SMS login (docs/api.md "SMS codes"): sends and
// 10 wrong codes from one address spend the limits of everyone but the phone's owner, who is recognised
// by a session of that phone or by the address that last logged in with it. Strangers rotating addresses
// still share one set of limits, so brute force stays as hopeless as before (brute-force.test.ts).
import { CODE, SUBCODE } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.js';
import { AGREEMENT_VERSION, callFrom, latestCode, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const OWNER_ADDRESS = '198.51.100.7';
const ATTACKER_ADDRESS = '203.0.113.9';

describe('SMS limits a stranger cannot use against the owner', () => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ clock, env: { TRUST_PROXY: '1', HUMAN_CHECK_IP_PER_HOUR: '100000', HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000', SMS_HOURLY_CAP_PER_IP: '1000' } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (ip: string, phone: string) => callFrom(client, ip, '/v1/user/sms-send-v1', { phone, purpose: 'login' });
  const login = (ip: string, phone: string, smsCode: string) => callFrom(client, ip, '/v1/user/user-login-v1', { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it("an attacker's 10 sends and 10 wrong codes from one address leave the owner's login from their own address working", async () => {
    const phone = uniquePhone();
    // The owner has logged in before, from their usual address.
    expect((await send(OWNER_ADDRESS, phone)).response?.code).toBe('200');
    expect((await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone))).response?.code).toBe('200');

    // The attacker gets ten codes, each as soon as the strangers' back-off allows (the owner's first send,
    // before they were known, counted), and spends the wrong-code lock: a wrong guess after each code.
    const guessed: string[] = [];
    for (let sent = 0; sent < 10; ) {
      const answer = await send(ATTACKER_ADDRESS, phone);
      if (answer.response?.code !== '200') {
        expect(answer.response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
        clock.advance((answer.response?.data as { retryAfterSeconds: number }).retryAfterSeconds * 1000);
        continue;
      }
      sent++;
      guessed.push((await login(ATTACKER_ADDRESS, phone, wrong(await latestCode(t.baseUrl, phone)))).response?.subcode ?? '');
    }
    expect(guessed.at(-1)).toBe(SUBCODE.SMS_VERIFY_LOCKED);
    expect((await login(ATTACKER_ADDRESS, phone, await latestCode(t.baseUrl, phone))).response).toMatchObject({
      code: CODE.TOO_MANY_REQUESTS,
      subcode: SUBCODE.SMS_VERIFY_LOCKED,
    });
    // Other strangers share those limits: a new address does not reopen them.
    expect((await send('192.0.2.44', phone)).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
    expect((await login('192.0.2.44', phone, '000000')).response?.subcode).toBe(SUBCODE.SMS_VERIFY_LOCKED);

    // The owner, from their address, at once: a code, and it logs in.
    expect((await send(OWNER_ADDRESS, phone)).response?.code).toBe('200');
    const ownerLogin = await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone));
    expect(ownerLogin.response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });

  it("a stranger's send does not replace the code the owner is about to type, and a stranger's guesses do not spend it", async () => {
    const phone = uniquePhone();
    expect((await send(OWNER_ADDRESS, phone)).response?.code).toBe('200');
    expect((await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone))).response?.code).toBe('200');
    clock.advance(61_000);
    // The owner asks for a code; before they type it, a stranger asks for one and guesses until it is dead.
    expect((await send(OWNER_ADDRESS, phone)).response?.code).toBe('200');
    const ownersCode = await latestCode(t.baseUrl, phone);
    expect((await send(ATTACKER_ADDRESS, phone)).response?.code).toBe('200');
    const strangersCode = await latestCode(t.baseUrl, phone);
    // Were the owner's code leaked, the stranger could not use it: a code is verified only by the bucket that asked for it.
    if (ownersCode !== strangersCode) expect((await login(ATTACKER_ADDRESS, phone, ownersCode)).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    const guesses: string[] = [];
    for (let i = 0; i < 6; i++) guesses.push((await login(ATTACKER_ADDRESS, phone, wrong(strangersCode))).response?.subcode ?? '');
    expect(guesses.at(-1)).toBe(SUBCODE.SMS_CODE_EXPIRED);
    // The owner's code still logs in.
    expect((await login(OWNER_ADDRESS, phone, ownersCode)).response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });

  it("a session of the phone is the owner's too, and the owner's address is only the one that proved possession", async () => {
    const phone = uniquePhone();
    expect((await send(OWNER_ADDRESS, phone)).response?.code).toBe('200');
    const first = await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone));
    const accessToken = (first.response?.data as { accessToken: string }).accessToken;
    for (let i = 0; i < 10; i++) {
      clock.advance(61_000);
      await send(ATTACKER_ADDRESS, phone);
    }
    // From an unknown address, with the phone's session: the owner's limits (a code for deregistration).
    clock.advance(61_000);
    const withSession = await callFrom(client, '192.0.2.200', '/v1/user/sms-send-v1', { purpose: 'deregister' }, { accessToken });
    expect(withSession.response?.code).toBe('200');
    // Without it, from an address that never logged in: a stranger, in the strangers' back-off.
    expect((await send('192.0.2.201', phone)).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
    // A wrong guess from an address does not make it the owner's.
    await login('192.0.2.202', phone, '000000');
    expect((await send('192.0.2.202', phone)).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
  });
});
