// Consent renewal (docs/api.md "Consent") against the real server: a user signs up through /login, the operator
// publishes a new privacy policy (the server restarts on the same data with another
// PRIVACY_POLICY_VERSION), and the next page load asks again. In a mobile browser the user agrees and
// is not asked after a reload; inside the simulated native shell the changed document opens in a
// native window, and declining ends the session. Screenshot `consent-renewal` for review.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { APP_USER_AGENTS, nativeShellScript, readNativeCalls, runsInApp } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { logInThroughForm, signInThroughApp } from './support/sign-in';

const ENV = { HUMAN_CHECK_IP_PER_HOUR: '1000' };
const NEW_POLICY_VERSION = '2026-12-01';
let browser: Browser;
const servers: RunningServer[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Signs up through the /login form with the code from the sandbox outbox, or inside the app through the
 * app's login (signInThroughApp); ends on the hub.
 */
async function signUp(page: Page, baseUrl: string, phone: string): Promise<void> {
  if (await runsInApp(page)) return signInThroughApp(page, baseUrl, phone, '/');
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('link', { name: '《隐私政策》' }).waitFor();
  await logInThroughForm(page, baseUrl, phone);
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * Signs up on a first server, then "publishes" a new privacy policy: the server is stopped and started
 * again on the same data directory with a new version. The browser keeps its session cookie (cookies
 * are per host, not per port), so the page at the new address is still logged in.
 */
async function signUpThenNewPolicy(context: BrowserContext): Promise<{ page: Page; server: RunningServer }> {
  const first = await startServer({ env: ENV });
  const page = await context.newPage();
  await signUp(page, first.baseUrl, newPhone('136'));
  await first.kill();
  const server = await startServer({ dataDir: first.dataDir, env: { ...ENV, PRIVACY_POLICY_VERSION: NEW_POLICY_VERSION } });
  servers.push(server);
  return { page, server };
}

/** Loads `path` and waits for the consent check's answer (a POST to privacy-policy-status). */
async function loadAndCheck(page: Page, url: string): Promise<void> {
  const checked = page.waitForResponse((res) => res.url().endsWith('/tydApi/v1/user/privacy-policy-status'));
  await page.goto(url);
  await checked;
}

const renewalDialog = (page: Page) => page.getByRole('dialog', { name: '协议更新提示' });

describe('consent renewal in a mobile browser', () => {
  it('a new policy version asks again on the next page load; agreeing closes it for good', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(browser);
    const { page, server } = await signUpThenNewPolicy(context);

    // Not on the login page, even with a session that must renew.
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: '退出登录，使用其他手机号' }).waitFor();
    expect(await renewalDialog(page).count()).toBe(0);

    await page.goto(`${server.baseUrl}/`);
    const dialog = renewalDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('link', { name: '《隐私政策》' }).waitFor();
    await saveScreenshot(page, 'consent-renewal');
    // 44 px targets (WCAG 2.5.5) inside a 375 px screen.
    for (const name of ['同意并继续', '不同意']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }

    await dialog.getByRole('button', { name: '同意并继续' }).click();
    await dialog.waitFor({ state: 'detached' });
    await loadAndCheck(page, `${server.baseUrl}/`);
    await page.getByText('欢迎使用通盈达').waitFor();
    expect(await renewalDialog(page).count()).toBe(0);
    // Still logged in (on this address the session came from its cookie).
    expect(await page.evaluate(() => document.cookie)).toMatch(/x-access-token=[A-Za-z0-9_-]{43}/);
    await context.close();
  });
});

describe('consent renewal inside the native app', () => {
  it('the document opens in a native window; declining explains, then logs out', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'android', safeArea: { top: 24, right: 0, bottom: 34, left: 0 } })],
    });
    const { page, server } = await signUpThenNewPolicy(context);
    await page.goto(`${server.baseUrl}/nfc`);
    const dialog = renewalDialog(page);
    await dialog.getByRole('link', { name: '《隐私政策》' }).click();
    await expect
      .poll(async () => (await readNativeCalls(page)).find((call) => call.method === 'openWin')?.params)
      .toEqual({ url: `${server.baseUrl}/agreements/privacy-policy.html`, title: '隐私政策' });
    await saveScreenshot(page, 'app-consent-renewal');

    await dialog.getByRole('button', { name: '不同意' }).click();
    const confirm = page.getByRole('dialog', { name: '确定不同意吗？' });
    await confirm.getByText('您的账号会保留，但将退出登录').waitFor();
    await saveScreenshot(page, 'app-consent-renewal-decline');
    await confirm.getByRole('button', { name: '不同意并退出' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => document.cookie.includes('x-access-token='))).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/nfc');
    await context.close();
  });
});
