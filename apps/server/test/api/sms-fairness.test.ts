// A stranger must not be able to block a chosen person's SMS login (docs/api.md "SMS code rules"): sends
// and 10 wrong codes spend the limits of everyone but the phone's owner, who is recognised by a session of
// that phone or by a device that logged in with it (the signed device cookie, or a native app's
// x-device-id), never by the address: a carrier puts many users behind one. Strangers rotating addresses
// and devices still share one set of limits, so brute force stays as hopeless as before (brute-force.test.ts).
// Each ApiClient is one device (its own cookie jar).
import { randomBytes } from 'node:crypto';
import { COOKIE, CODE, HEADER, SUBCODE, sendSmsCode, userLoginV1, type Endpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type EndpointPayload, refusalData } from '../support/api-client.js';
import { AGREEMENT_VERSION, callFrom, latestCode, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const OWNER_ADDRESS = '198.51.100.7';
const ATTACKER_ADDRESS = '203.0.113.9';
/** A carrier's gateway: the owner and a stranger behind one address. */
const CARRIER_GATEWAY = '198.51.100.99';

describe('SMS limits a stranger cannot use against the owner', () => {
  let t: TestApp;
  let clock: TestClock;
  /** The stranger's device. */
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      clock,
      env: { TRUST_PROXY: '1', HUMAN_CHECK_IP_PER_HOUR: '100000', HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000', SMS_HOURLY_CAP_PER_IP: '1000' },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (ip: string, phone: string, from = client) => callFrom(from, ip, sendSmsCode, { phone, purpose: 'login' });
  const login = (ip: string, phone: string, smsCode: string, from = client) =>
    callFrom(from, ip, userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
  /** The owner's device, logged in once with `phone` from `ip`. */
  const ownerDevice = async (phone: string, ip: string) => {
    const device = await t.client();
    expect((await send(ip, phone, device)).response?.code).toBe('200');
    expect((await login(ip, phone, await latestCode(t.baseUrl, phone), device)).response?.code).toBe('200');
    return device;
  };
  const retryAfterMs = (answer: Awaited<ReturnType<typeof send>>) => refusalData<{ retryAfterSeconds: number }>(answer.response).retryAfterSeconds * 1000;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it("an attacker's 10 sends and 10 wrong codes from one address leave the owner's login from their own device working", async () => {
    const phone = uniquePhone();
    // The owner has logged in before, on their own device.
    const owner = await ownerDevice(phone, OWNER_ADDRESS);

    // The attacker gets ten codes, each as soon as the strangers' back-off allows (the owner's first send,
    // before they were known, counted), and spends the wrong-code lock: a wrong guess after each code.
    const guessed: string[] = [];
    for (let sent = 0; sent < 10;) {
      const answer = await send(ATTACKER_ADDRESS, phone);
      if (answer.response?.code !== '200') {
        expect(answer.response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
        clock.advance(refusalData<{ retryAfterSeconds: number }>(answer.response).retryAfterSeconds * 1000);
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

    // The owner, on their device, at once: a code, and it logs in.
    expect((await send(OWNER_ADDRESS, phone, owner)).response?.code).toBe('200');
    const ownerLogin = await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone), owner);
    expect(ownerLogin.response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });

  it("a stranger's send does not replace the code the owner is about to type, and a stranger's guesses do not spend it", async () => {
    const phone = uniquePhone();
    const owner = await ownerDevice(phone, OWNER_ADDRESS);
    clock.advance(61_000);
    // The owner asks for a code; before they type it, a stranger asks for one and guesses until it is dead.
    expect((await send(OWNER_ADDRESS, phone, owner)).response?.code).toBe('200');
    const ownersCode = await latestCode(t.baseUrl, phone);
    expect((await send(ATTACKER_ADDRESS, phone)).response?.code).toBe('200');
    const strangersCode = await latestCode(t.baseUrl, phone);
    // Were the owner's code leaked, the stranger could not use it: a code is verified only by the bucket that asked for it.
    if (ownersCode !== strangersCode) expect((await login(ATTACKER_ADDRESS, phone, ownersCode)).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    const guesses: string[] = [];
    for (let i = 0; i < 6; i++) guesses.push((await login(ATTACKER_ADDRESS, phone, wrong(strangersCode))).response?.subcode ?? '');
    expect(guesses.at(-1)).toBe(SUBCODE.SMS_CODE_EXPIRED);
    // The owner's code still logs in.
    expect((await login(OWNER_ADDRESS, phone, ownersCode, owner)).response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });

  it("a session of the phone is the owner's too, and a device is the owner's only once it proved possession", async () => {
    const phone = uniquePhone();
    const device = await t.client();
    expect((await send(OWNER_ADDRESS, phone, device)).response?.code).toBe('200');
    const first = await login(OWNER_ADDRESS, phone, await latestCode(t.baseUrl, phone), device);
    const accessToken = (first.response?.data as { accessToken: string }).accessToken;
    for (let i = 0; i < 10; i++) {
      clock.advance(61_000);
      await send(ATTACKER_ADDRESS, phone);
    }
    // From an unknown address, with the phone's session: the owner's limits (a code for deregistration).
    clock.advance(61_000);
    const withSession = await callFrom(client, '192.0.2.200', sendSmsCode, { purpose: 'deregister' }, { accessToken });
    expect(withSession.response?.code).toBe('200');
    // Without it, from a device that never logged in, even from the owner's address: a stranger, in the strangers' back-off.
    expect((await send(OWNER_ADDRESS, phone)).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
    // A wrong guess from a device does not make it the owner's.
    const guesser = await t.client();
    await login('192.0.2.202', phone, '000000', guesser);
    expect((await send('192.0.2.202', phone, guesser)).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
  });

  it("a stranger on another device behind the owner's carrier address neither replaces the owner's code nor spends the owner's daily cap", async () => {
    const phone = uniquePhone();
    // Just after a China midnight: the whole test falls on one day of the daily cap.
    const day = 24 * 60 * 60_000;
    clock.advance(day - ((clock() + 8 * 60 * 60_000) % day) + 60_000);
    // The owner logged in once before, on device 1, behind the carrier's gateway (the device cookie is set;
    // that first code was a stranger's, the device not known yet).
    const owner = await ownerDevice(phone, CARRIER_GATEWAY);
    expect(owner.cookies.get(COOKIE.device)).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    clock.advance(61_000);
    // The owner asks for a code. The stranger, on device 2 behind the same address, asks for codes and guesses.
    expect((await send(CARRIER_GATEWAY, phone, owner)).response?.code).toBe('200');
    const ownersCode = await latestCode(t.baseUrl, phone);
    expect((await send(CARRIER_GATEWAY, phone)).response?.code).toBe('200');
    const strangersCode = await latestCode(t.baseUrl, phone);
    if (strangersCode !== ownersCode) expect((await login(CARRIER_GATEWAY, phone, ownersCode)).response?.subcode).toBe(SUBCODE.SMS_CODE_WRONG);
    for (let i = 0; i < 6; i++) await login(CARRIER_GATEWAY, phone, wrong(strangersCode));
    // The owner's live code was neither replaced nor spent: it logs in.
    expect((await login(CARRIER_GATEWAY, phone, ownersCode, owner)).response).toMatchObject({ code: '200', data: { isNewUser: false } });

    // The stranger keeps asking, 10 codes in all today (as fast as the strangers' back-off allows)…
    for (let sent = 1; sent < 10;) {
      const answer = await send(CARRIER_GATEWAY, phone);
      if (answer.response?.code === '200') sent++;
      else {
        expect(answer.response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
        clock.advance(retryAfterMs(answer));
      }
    }
    // …and the owner's daily cap is untouched: the owner still gets the other 9 of their 10 codes, and they log in.
    for (let i = 2; i <= 10; i++) {
      clock.advance(61_000);
      expect((await send(CARRIER_GATEWAY, phone, owner)).response?.code, `owner's send ${i}`).toBe('200');
    }
    expect((await login(CARRIER_GATEWAY, phone, await latestCode(t.baseUrl, phone), owner)).response?.code).toBe('200');
    clock.advance(61_000);
    expect((await send(CARRIER_GATEWAY, phone, owner)).response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.SMS_DAILY_LIMIT });
  });

  it("a native app's x-device-id marks the owner's device the same way, without any cookie", async () => {
    const phone = uniquePhone();
    const deviceId = randomBytes(16).toString('base64url');
    const app = await t.client();
    /** The app has no cookie jar shared with the webview: it sends its installation id instead. */
    const native = async <E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, id = deviceId) => {
      app.cookies.delete(COOKIE.device);
      const prepared = await app.prepare(endpoint, payload);
      return app.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': CARRIER_GATEWAY, [HEADER.deviceId]: id } });
    };
    expect((await native(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    expect((await native(userLoginV1, { phone, smsCode: await latestCode(t.baseUrl, phone), agreementVersion: AGREEMENT_VERSION })).response?.code).toBe('200');
    clock.advance(61_000);
    expect((await native(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const ownersCode = await latestCode(t.baseUrl, phone);
    // A stranger's app behind the same address, with its own id, and a stranger's browser: neither replaces it nor may use it.
    const otherId = randomBytes(16).toString('base64url');
    expect((await native(sendSmsCode, { phone, purpose: 'login' }, otherId)).response?.code).toBe('200');
    const strangersCode = await latestCode(t.baseUrl, phone);
    if (strangersCode !== ownersCode) {
      expect((await native(userLoginV1, { phone, smsCode: ownersCode, agreementVersion: AGREEMENT_VERSION }, otherId)).response?.subcode).toBe(
        SUBCODE.SMS_CODE_WRONG,
      );
    }
    for (let i = 0; i < 6; i++) await login(CARRIER_GATEWAY, phone, wrong(strangersCode));
    expect((await native(userLoginV1, { phone, smsCode: ownersCode, agreementVersion: AGREEMENT_VERSION })).response).toMatchObject({
      code: '200',
      data: { isNewUser: false },
    });
    // A malformed id is refused like any malformed header, not silently ignored.
    expect((await native(sendSmsCode, { phone, purpose: 'login' }, 'short')).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_HEADERS });
  });

  it("a forged device cookie (altered MAC) or another phone's cookie gives no owner status", async () => {
    const phone = uniquePhone();
    const owner = await ownerDevice(phone, CARRIER_GATEWAY);
    const genuine = owner.cookies.get(COOKIE.device) ?? '';
    // A device that logged in with another number: its cookie is genuine, but not this phone's owner's.
    const otherPhonesDevice = await ownerDevice(uniquePhone(), CARRIER_GATEWAY);
    const forger = await t.client();
    const last = genuine.at(-1) === 'A' ? 'B' : 'A';
    forger.cookies.set(COOKIE.device, `${genuine.slice(0, -1)}${last}`);
    clock.advance(61_000);
    expect((await send(CARRIER_GATEWAY, phone, owner)).response?.code).toBe('200');
    const ownersCode = await latestCode(t.baseUrl, phone);
    // Were either the owner, the owner's code would log them in; as strangers there is no code of theirs (4203).
    for (const device of [forger, otherPhonesDevice]) {
      expect((await login(CARRIER_GATEWAY, phone, ownersCode, device)).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
    }
    // And their sends are strangers' sends: a code of their own, the owner's code untouched.
    expect((await send(CARRIER_GATEWAY, phone, forger)).response?.code).toBe('200');
    expect((await login(CARRIER_GATEWAY, phone, ownersCode, owner)).response).toMatchObject({ code: '200', data: { isNewUser: false } });
  });
});
