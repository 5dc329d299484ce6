// `npm run admin -- authcode <phone>` mints real authorisation codes (docs/operations.md): run in-process (runAdmin)
// against the database and keys of a running test server; the code then logs in once through the API.
import { SUBCODE, authorizedLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { adminCommand } from '../support/admin-command.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('admin authcode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (...args: string[]) => adminCommand(t, args);

  it('mints a one-time code for an existing account that authorized-login accepts once', async () => {
    const phone = uniquePhone();
    const owner = await t.client();
    await signUp(owner, t.baseUrl, phone);
    const { stdout } = await admin('authcode', phone);
    expect(stdout).not.toContain(phone);
    const minted = JSON.parse(stdout) as { phone: string; authCode: string; expiresInSeconds: number; path: string };
    expect(minted).toMatchObject({
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      expiresInSeconds: 120,
      path: `/others/tydPreJump?code=${minted.authCode}`,
    });
    const page = await t.client();
    expect((await page.call(authorizedLogin, { authCode: minted.authCode })).response?.code).toBe('200');
    expect((await page.call(authorizedLogin, { authCode: minted.authCode }, { accessToken: '' })).response?.subcode).toBe(SUBCODE.AUTH_CODE_USED);
  });

  it('refuses unknown accounts (1) and bad arguments (2)', async () => {
    await expect(admin('authcode', uniquePhone())).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/no active account for 139\*{4}\d{4}/) });
    await expect(admin('authcode', '12345')).rejects.toMatchObject({ code: 2 });
    await expect(admin('authcode')).rejects.toMatchObject({ code: 2 });
  });
});
