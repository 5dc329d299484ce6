// The device cookie a login sets (docs/api.md "SMS code rules", docs/protocol.md §2): HttpOnly (no page
// script reads it), SameSite=Lax, Secure when COOKIE_SECURE as the other cookies, the API path only, one
// year; refreshed with the same id at the next login; no cookie for a failed login.
import { COOKIE, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION, latestCode } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('device cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const deviceCookieLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith(`${COOKIE.device}=`));

  it('is set by a correct login code only, with its attributes, and keeps its id at the next login', async () => {
    const client = await t.client();
    const phone = uniquePhone();
    expect((await client.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const code = await latestCode(t.baseUrl, phone);
    const wrong = await client.call(userLoginV1, { phone, smsCode: code === '000000' ? '111111' : '000000', agreementVersion: AGREEMENT_VERSION });
    expect(wrong.response?.code).not.toBe('200');
    expect(deviceCookieLine(wrong.headers)).toBeUndefined();

    const login = await client.call(userLoginV1, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION });
    expect(login.response?.code).toBe('200');
    const line = deviceCookieLine(login.headers) ?? '';
    expect(line).toMatch(/^tyd-device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    const attributes = line
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['max-age=31536000', 'path=/tydapi', 'httponly', 'secure', 'samesite=lax']));
    const id = line.slice(COOKIE.device.length + 1, line.indexOf('.'));

    // The next login from this device (now the owner's: its own cooldown, none yet) refreshes the cookie of the same id.
    expect((await client.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const again = await client.call(userLoginV1, { phone, smsCode: await latestCode(t.baseUrl, phone), agreementVersion: AGREEMENT_VERSION });
    expect(again.response?.code).toBe('200');
    expect(deviceCookieLine(again.headers)).toMatch(new RegExp(`^tyd-device=${id}\\.`));
  });
});
