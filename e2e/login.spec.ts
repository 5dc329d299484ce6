// Journeys through /login against the real server, in a plain mobile browser and inside the
// simulated native shell: the code is read from the sandbox outbox, the user logs in, the session is
// checked, the user logs out and in again, then deregisters, and the data is gone (a new login with the
// same number is a new user; the old token is refused). Screenshots of the login page (empty, filled,
// counting down, error) are saved for review.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { maskPhone, checkLogin, userDetail as userDetailEndpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../apps/server/test/support/api-client';
import { outbox } from '../apps/server/test/support/accounts';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { APP_USER_AGENTS, nativeShellScript, readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { codeFromOutbox } from './support/sms-outbox';
import { startServer, type RunningServer } from './support/server';

// A short cooldown keeps "log in again" quick; the proof-of-work threshold is out of the way here and
// exercised on its own server below.
const COOLDOWN_SECONDS = 10;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { SMS_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS), HUMAN_CHECK_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});



/** check-login with a given token, as another client would send it. */
async function checkLoginWith(baseUrl: string, token: string): Promise<{ code?: string; data?: unknown }> {
  const client = await ApiClient.fromPage(baseUrl);
  client.accessToken = token;
  const result = await client.call(checkLogin, {});
  return { code: result.response?.code, data: result.response?.data };
}

async function userDetail(baseUrl: string, token: string): Promise<{ inviteCode: string; registeredAt: number }> {
  const client = await ApiClient.fromPage(baseUrl);
  client.accessToken = token;
  const result = await client.call(userDetailEndpoint, {});
  expect(result.response?.code).toBe('200');
  return result.response!.data as { inviteCode: string; registeredAt: number };
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const codeButton = (page: Page) => page.locator('.sms-code-button');

/** Waits until the get-code button can be used (countdown over). */
async function waitForResend(page: Page) {
  await expect.poll(() => codeButton(page).isDisabled(), { timeout: (COOLDOWN_SECONDS + 5) * 1000, interval: 500 }).toBe(false);
}

/**
 * Taps the get-code button and reads the code from the outbox. The server's cooldown is per number
 * whatever the purpose, so right after a login code the answer may be 406: the button then counts down
 * the server's seconds (SPEC §7) and the code is asked for again when it allows.
 */
async function requestCode(page: Page, phone: string, purpose: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const since = Date.now() - 1_000;
    await codeButton(page).click();
    await expect.poll(() => codeButton(page).textContent()).toMatch(/^\d+秒后重发$/);
    const sent = await expect
      .poll(async () => (await outbox(server.baseUrl, phone)).find((m) => m.purpose === purpose && m.sentAt >= since)?.code, { timeout: 3_000 })
      .toMatch(/^\d{6}$/)
      .then(
        () => true,
        () => false,
      );
    if (sent) return codeFromOutbox(server.baseUrl, phone, purpose, since);
    if (attempt > 0) throw new Error(`no ${purpose} code arrived`);
    await waitForResend(page);
  }
}

/** Fills the form, asks for a code, reads it from the outbox and logs in. */
async function logInThroughForm(page: Page, phone: string, opts: { shots?: string } = {}): Promise<void> {
  const phoneField = page.getByLabel('手机号');
  await phoneField.fill('');
  await phoneField.pressSequentially(phone);
  const consent = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  if (!(await consent.isChecked())) await consent.check();
  if (opts.shots) await saveScreenshot(page, `${opts.shots}-filled`);
  const code = await requestCode(page, phone, 'login');
  if (opts.shots) {
    await page.getByText(/验证码已发送至/).waitFor();
    await saveScreenshot(page, `${opts.shots}-counting`);
    // A wrong code first: the error is said at the code field (one of the 5 tries per code).
    await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('验证码错误，请重新输入');
    await page.waitForFunction(() => !document.querySelector('.toast'));
    await saveScreenshot(page, `${opts.shots}-error`);
  }
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

async function journey(context: BrowserContext, shots: string) {
  const page = await context.newPage();
  const phone = newPhone('137');
  await page.goto(`${server.baseUrl}/login`);
  // The server's current documents are linked once they arrived.
  await page.getByRole('link', { name: '《隐私政策》' }).waitFor();
  await saveScreenshot(page, `${shots}-empty`);

  // Log in (a new number registers), then the hub shows the account.
  await logInThroughForm(page, phone, { shots });
  await page.waitForURL(`${server.baseUrl}/`);
  await page.getByText(maskPhone(phone)).waitFor();
  const firstToken = await storedToken(page);
  expect(firstToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await checkLoginWith(server.baseUrl, firstToken!)).toEqual({ code: '200', data: { loggedIn: true, phone: maskPhone(phone) } });
  const firstAccount = await userDetail(server.baseUrl, firstToken!);

  // Log out from the login page's logged-in card: the session ends on the server too.
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('button', { name: '退出登录，使用其他手机号' }).click();
  await page.getByLabel('手机号').waitFor();
  expect(await storedToken(page)).toBeNull();
  expect((await checkLoginWith(server.baseUrl, firstToken!)).code).toBe('401');

  // Log in again with the same number once the cooldown allows a new code: the same account.
  await logInThroughForm(page, phone);
  await page.waitForURL(`${server.baseUrl}/`);
  const secondToken = await storedToken(page);
  expect(secondToken).not.toBe(firstToken);
  expect((await checkLoginWith(server.baseUrl, secondToken!)).code).toBe('200');
  expect(await userDetail(server.baseUrl, secondToken!)).toEqual(firstAccount);

  // Deregister: explanation, a fresh code of purpose 'deregister', confirmation, done.
  await page.getByRole('link', { name: '我的', exact: true }).click();
  await page.getByRole('link', { name: '注销账号' }).click();
  await page.getByRole('heading', { name: '注销后将立即删除' }).waitFor();
  const code = await requestCode(page, phone, 'deregister');
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '申请注销' }).click();
  await page.getByRole('dialog', { name: '确认注销账号？' }).getByRole('button', { name: '确认注销' }).click();
  await page.getByRole('heading', { name: '账号已注销' }).waitFor();
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => document.cookie.includes('x-access-token='))).toBe(false);

  // The data is gone: the old token is refused, and the number registers as a brand-new user.
  expect((await checkLoginWith(server.baseUrl, secondToken!)).code).toBe('401');
  await page.getByRole('link', { name: '返回首页' }).click();
  await page.getByRole('link', { name: '登录 / 注册' }).click();
  await logInThroughForm(page, phone);
  await page.waitForURL(`${server.baseUrl}/`);
  const thirdToken = await storedToken(page);
  const newAccount = await userDetail(server.baseUrl, thirdToken!);
  expect(newAccount.inviteCode).not.toBe(firstAccount.inviteCode);
  expect(newAccount.registeredAt).toBeGreaterThan(firstAccount.registeredAt);
  return page;
}

describe('SMS login journey in a mobile browser', () => {
  it('outbox code, log in, check login, log out, log in again, deregister, data gone', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(browser);
    await journey(context, 'login');
    await context.close();
  });
});

describe('SMS login journey inside the native app', () => {
  it('the same journey in the app webview; the consent links open native windows', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'android', safeArea: { top: 24, right: 0, bottom: 34, left: 0 } })],
    });
    const page = await journey(context, 'app-login');
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: '退出登录，使用其他手机号' }).click();
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await expect
      .poll(async () => (await readNativeCalls(page)).find((call) => call.method === 'openWin')?.params)
      .toEqual({ url: `${server.baseUrl}/agreements/privacy-policy.html`, title: '隐私政策' });
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('returnUrl in a real browser (same-origin paths and allowed origins only)', () => {
  it.each([
    ['/nfc?from=login', '/nfc?from=login'],
    ['//evil.example/steal', '/'],
    ['/\\evil.example/steal', '/'],
    ['/\t/evil.example', '/'],
    ['https://evil.example/steal', '/'],
    ['javascript:alert(document.cookie)', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/login?returnUrl=%2F%2Fevil.example', '/'],
  ])('returnUrl %j: after login the page is %s on this origin', async (returnUrl, expected) => {
    const context = await newMobileContext(browser);
    const foreign: string[] = [];
    await context.route((url) => url.hostname.endsWith('evil.example'), (route) => {
      foreign.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      foreign.push(`dialog ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.goto(`${server.baseUrl}/login?returnUrl=${encodeURIComponent(returnUrl)}`);
    await logInThroughForm(page, newPhone('137'));
    await page.waitForURL((url) => url.pathname + url.search === expected);
    expect(new URL(page.url()).origin).toBe(server.baseUrl);
    expect(foreign).toEqual([]);
    await context.close();
  });
});

describe('proof of work in the browser (a human check on suspicious volume)', () => {
  it('the page fetches the solver only when a challenge comes, solves it and the code is sent', { timeout: 90_000 }, async () => {
    // Every send from this address needs a proof of work.
    const strict = await startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '0' } });
    const context = await newMobileContext(browser);
    try {
      const page = await context.newPage();
      const scripts: { url: string; body: Promise<string> }[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('.js')) scripts.push({ url: res.url(), body: res.text().catch(() => '') });
      });
      const solverLoaded = async () => (await Promise.all(scripts.map((s) => s.body))).some((body) => body.includes('PBKDF2'));
      await page.goto(`${strict.baseUrl}/login`);
      await page.getByRole('link', { name: '《隐私政策》' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await solverLoaded()).toBe(false);

      const phone = newPhone('137');
      await page.getByLabel('手机号').pressSequentially(phone);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await codeButton(page).click();
      await expect.poll(() => codeButton(page).textContent(), { timeout: 30_000 }).toMatch(/^\d+秒后重发$/);
      expect(await solverLoaded()).toBe(true);
      const code = await codeFromOutbox(strict.baseUrl, phone, 'login', 0);
      await page.getByLabel('验证码').fill(code);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(`${strict.baseUrl}/`);
    } finally {
      await context.close();
      await strict.stop();
    }
  });
});
