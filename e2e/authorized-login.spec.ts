// /others/tydPreJump against the real server: a one-time authorisation code minted by a logged-in
// client (authorized-code) logs the browser in and goes on to a safe target; a used, expired or forged code
// gets a clear page with ways forward and no loop. In a plain browser and inside the simulated app.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HEADER, maskPhone, authorizedCode, checkLogin as checkLoginEndpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../apps/server/test/support/api-client';
import { signUp } from '../apps/server/test/support/accounts';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { APP_USER_AGENTS, nativeShellScript, runsInApp } from './support/native-shell';
import { watchNetwork } from './support/network-quiet';
import { startServer, type RunningServer } from './support/server';

// The shortest lifetime the server allows, so "expired" is seconds away.
const AUTH_CODE_TTL_SECONDS = 10;
let server: RunningServer;
let browser: Browser;
let owner: ApiClient;
let ownerPhone: string;
/**
 * Minted at the start, for the expiry check, which then waits only what the tests before it did not take;
 * `expiredFrom`: the server's time (x-server-time) by which it has surely expired.
 */
let expiring: { code: string; expiredFrom: number };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { AUTH_CODE_TTL_SECONDS: String(AUTH_CODE_TTL_SECONDS), HUMAN_CHECK_IP_PER_HOUR: '1000' } }),
    launchBrowser(),
  ]);
  ownerPhone = `135${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
  owner = await ApiClient.fromPage(server.baseUrl);
  expect((await signUp(owner, server.baseUrl, ownerPhone)).response?.code).toBe('200');
  const minted = await owner.call(authorizedCode, {});
  expect(minted.response?.code).toBe('200');
  // The code expires at its creation + its lifetime (`expires_at <= now`), and it was created before this
  // answer left the server: the answer's own time + the lifetime is at or after its expiry.
  const { authCode, expiresInSeconds } = minted.response!.data!;
  expiring = { code: authCode, expiredFrom: Number(minted.headers.get(HEADER.serverTime)) + expiresInSeconds * 1000 };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the native app does: mint a code for its own account (authorized-code). */
async function mintCode(): Promise<string> {
  const result = await owner.call(authorizedCode, {});
  expect(result.response?.code).toBe('200');
  return (result.response!.data as { authCode: string }).authCode;
}

async function checkLogin(token: string): Promise<string | undefined> {
  const client = await ApiClient.fromPage(server.baseUrl);
  client.accessToken = token;
  return (await client.call(checkLoginEndpoint, {})).response?.code;
}

async function openPreJump(context: BrowserContext, query: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/others/tydPreJump${query}`);
  return page;
}

async function expectFailurePage(page: Page, message: string) {
  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: 15_000 });
  expect(await alert.textContent()).toBe(message);
  expect(await page.title()).toBe('授权登录');

  // Inside the app the way on is the app's login (app/app-login.ts), not a code form of this page.
  const inApp = await runsInApp(page);
  const login = page.getByRole('link', { name: inApp ? '前往登录' : '使用验证码登录' });
  expect(await login.getAttribute('href')).toMatch(/^\/login/);
  expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  // No loop: once the page has shown the failure it settles (nothing in flight, its main thread idle) and
  // is still where it was; a loop would have navigated or fetched again meanwhile.
  const network = watchNetwork(page);
  await network.quiet();
  network.stop();
  expect(new URL(page.url()).pathname).toBe('/others/tydPreJump');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
}

describe('/others/tydPreJump in a mobile browser', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newMobileContext(browser);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a fresh code logs in as its account and goes on to the safe returnUrl', async () => {
    const page = await openPreJump(context, `?code=${await mintCode()}&returnUrl=${encodeURIComponent('/nfc')}`);
    await page.waitForURL(`${server.baseUrl}/nfc`);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(await checkLogin(token!)).toBe('200');
    expect(await page.evaluate(() => localStorage.getItem('phone'))).toBe(maskPhone(ownerPhone));
    // The code's page was replaced: Back does not present the code again.
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/others/tydPreJump');
    await page.close();
  });

  it('a hostile returnUrl is ignored: the hub opens', async () => {
    const page = await openPreJump(context, `?code=${await mintCode()}&returnUrl=${encodeURIComponent('//evil.example/steal')}`);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.close();
  });

  it('a used code: a clear page with ways forward, and the session it gave is revoked', async () => {
    const code = await mintCode();
    const first = await openPreJump(context, `?code=${code}`);
    await first.waitForURL(`${server.baseUrl}/`);
    const firstToken = await first.evaluate(() => localStorage.getItem('accessToken'));
    await first.evaluate(() => localStorage.clear());
    await first.close();

    const again = await openPreJump(context, `?code=${code}&returnUrl=%2Fnfc`);
    await expectFailurePage(again, '授权已使用，请返回重新授权');
    expect(await again.getByRole('link', { name: '使用验证码登录' }).getAttribute('href')).toBe('/login?returnUrl=%2Fnfc');
    await saveScreenshot(again, 'tyd-pre-jump-error');
    expect(await checkLogin(firstToken!)).toBe('401');
    // The way forward works: code login, back to the target afterwards.
    await again.getByRole('link', { name: '使用验证码登录' }).click();
    await again.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/nfc');
    await again.close();
  });

  it('a forged code and a missing code are refused clearly', async () => {
    const forged = await openPreJump(context, `?code=${'A'.repeat(43)}`);
    await expectFailurePage(forged, '授权无效，请返回重新授权');
    await forged.close();
    const missing = await openPreJump(context, '');
    await expectFailurePage(missing, '授权链接无效，请返回重新授权');
    await missing.close();
  });

  it('an expired code is refused clearly', async () => {
    // Opened once the server's own clock has passed the code's expiry (read from its x-server-time, not
    // from this process's clock and a margin).
    await expect
      .poll(async () => Number((await fetch(`${server.baseUrl}/healthz`)).headers.get(HEADER.serverTime)), {
        timeout: (AUTH_CODE_TTL_SECONDS + 5) * 1000,
        interval: 250,
      })
      .toBeGreaterThanOrEqual(expiring.expiredFrom);
    const page = await openPreJump(context, `?code=${expiring.code}`);
    await expectFailurePage(page, '授权已过期，请返回重新授权');
    await page.close();
  });
});

describe('/others/tydPreJump inside the app', () => {
  it('the app opens the page with a code it minted: logged in, on to the target', async () => {
    const app = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.iosZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'ios' })],
    });
    const page = await openPreJump(app, `?code=${await mintCode()}&returnUrl=${encodeURIComponent('/discover/notice')}`);
    await page.waitForURL(`${server.baseUrl}/discover/notice`);
    expect(await checkLogin((await page.evaluate(() => localStorage.getItem('accessToken')))!)).toBe('200');
    const failed = await openPreJump(app, `?code=${'B'.repeat(43)}`);
    await expectFailurePage(failed, '授权无效，请返回重新授权');
    await saveScreenshot(failed, 'app-tyd-pre-jump-error');
    await app.close();
  });
});
