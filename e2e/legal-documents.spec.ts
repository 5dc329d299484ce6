// 协议与政策 from 我的, against the real server: a person who registered through /login finds the privacy
// policy and the service agreement with the version they agreed to and today's date (Beijing), and each
// document opens (inside the app in a native window). Screenshots at 320, 375 and 414 px in the browser and
// the app shell.
import type { Browser, Page } from 'playwright-core';
import { chinaDate } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript, readNativeCalls, runsInApp } from './support/native-shell';
import { newPhone } from './support/phones';
import { codeFromOutbox } from './support/sms-outbox';
import { startServer, type RunningServer } from './support/server';
import { signInThroughApp } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Registers `phone` through the /login form (the agreement ticked), or inside the app through the app's login, and lands on 我的. */
async function registerThroughForm(page: Page, phone: string): Promise<void> {
  if (await runsInApp(page)) return signInThroughApp(page, server.baseUrl, phone, '/mine');
  await page.goto(`${server.baseUrl}/login?returnUrl=%2Fmine`);
  await waitForApp(page);
  await page.getByLabel('手机号').pressSequentially(phone);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  const since = Date.now() - 1_000;
  await page.locator('.sms-code-button').click();
  await page.getByLabel('验证码').fill(await codeFromOutbox(server.baseUrl, phone, 'login', since));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`${server.baseUrl}/mine`);
}

describe('协议与政策 from 我的', () => {
  it.each([
    ['browser', null],
    ['app', 'android'],
  ] as const)('%s: each agreement with the version agreed and the date; the document opens', { timeout: 90_000 }, async (name, shell) => {
    const context = await newMobileContext(
      browser,
      shell
        ? {
            userAgent: APP_USER_AGENTS.androidZhongduoduo,
            initScripts: [nativeShellScript({ platform: shell, appInfo: DEFAULT_APP_INFO, safeArea: { top: 24, right: 0, bottom: 34, left: 0 } })],
          }
        : {},
    );
    const page = await context.newPage();
    await registerThroughForm(page, newPhone('137'));
    await page.getByRole('link', { name: /协议与政策/ }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `mine-${name}-agreements-entry`);
    await page.getByRole('link', { name: /协议与政策/ }).tap();
    await page.waitForURL(`${server.baseUrl}/mine/agreements`);
    const list = page.getByRole('list', { name: '登录时同意的协议' });
    const today = chinaDate(Date.now());
    await expect
      .poll(() => list.getByRole('link').allTextContents())
      .toEqual([`《隐私政策》您于${today}同意 · 版本 2026-11-01`, `《用户服务协议》您于${today}同意 · 版本 2026-11-01`]);
    for (const width of [320, 375, 414]) {
      await page.setViewportSize({ width, height: 812 });
      await saveScreenshot(page, `agreements-${name}-${width}`);
    }
    if (shell) {
      await list.getByRole('link', { name: /《用户服务协议》/ }).tap();
      await expect
        .poll(async () => (await readNativeCalls(page)).find((call) => call.method === 'openWin' && (call.params as { url?: string }).url)?.params)
        .toEqual({ url: `${server.baseUrl}/agreements/service-agreement.html`, title: '用户服务协议' });
      expect(new URL(page.url()).pathname).toBe('/mine/agreements');
    } else {
      const [tab] = await Promise.all([context.waitForEvent('page'), list.getByRole('link', { name: /《隐私政策》/ }).tap()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe('/agreements/privacy-policy.html');
    }
    await context.close();
  });
});
