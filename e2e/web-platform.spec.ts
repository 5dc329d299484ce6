// The web platform in a real browser (SPEC §2, §4): every address from outside stays on this origin
// (the three open-redirect reproductions: authorised login, login's 继续, the 500 page's retry),
// Back and Forward across a guarded route keep the address bar and the page in step, one person's
// data never shows to the next on the same page, and a page that cannot be fetched offline says
// 网络不给力 instead of reloading into the browser's own error page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { maskPhone, authorizedCode, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_UP_MS } from '../apps/web/src/lib/follow-up-presses';
import { ApiClient } from '../apps/server/test/support/api-client';
import { signUp } from '../apps/server/test/support/accounts';
import { launchBrowser, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript, readNativeCalls } from './support/native-shell';
import { expectFitsThePhone } from './support/layout';
import { newPhone } from './support/phones';
import { codeFromOutbox } from './support/sms-outbox';
import { startServer, type RunningServer } from './support/server';

const PHONE_A = newPhone('135');
const PHONE_B = newPhone('136');
const FIXED_CODE_A = '246810';
const FIXED_CODE_B = '135790';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      env: { SMS_SANDBOX_FIXED_CODES: `${PHONE_A}=${FIXED_CODE_A},${PHONE_B}=${FIXED_CODE_B}`, HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_COOLDOWN_SECONDS: '1' },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that records every host it sends a request to. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; foreignHosts: Set<string> }> {
  const page = await context.newPage();
  const ours = new URL(server.baseUrl).host;
  const foreignHosts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.host !== ours) foreignHosts.add(url.host);
  });
  return { page, foreignHosts };
}

/** A fresh account made through the API, its token put into the page as a login would. */
async function loggedInPage(context: BrowserContext): Promise<{ page: Page; foreignHosts: Set<string>; client: ApiClient }> {
  const client = await ApiClient.fromPage(server.baseUrl);
  const result = await signUp(client, server.baseUrl, newPhone('134'));
  expect(result.response?.code).toBe('200');
  const watched = await watchedPage(context);
  await watched.page.goto(`${server.baseUrl}/nfc`);
  await watched.page.evaluate((token) => localStorage.setItem('accessToken', token), client.accessToken!);
  return { ...watched, client };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const originOf = (page: Page) => new URL(page.url()).origin;

describe('addresses from outside never leave this origin', () => {
  it('authorised login with returnUrl=/.//evil.example/x logs in and stays here', async () => {
    const context = await newMobileContext(browser);
    const { page, foreignHosts, client } = await loggedInPage(context);
    const minted = await client.call(authorizedCode, {});
    const authCode = (minted.response?.data as { authCode: string }).authCode;
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.baseUrl}/others/tydPreJump?code=${authCode}&returnUrl=%2F.%2F%2Fevil.example%2Fx`);
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(originOf(page)).toBe(server.baseUrl);
    expect(pathOf(page)).toBe('/');
    expect(foreignHosts).toEqual(new Set());
    await context.close();
  });

  it('/login?returnUrl=/.//evil.example with a session: 继续 goes home', async () => {
    const context = await newMobileContext(browser);
    const { page, foreignHosts } = await loggedInPage(context);
    await page.goto(`${server.baseUrl}/login?returnUrl=/.//evil.example`);
    await page.getByRole('button', { name: '继续' }).click();
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(originOf(page)).toBe(server.baseUrl);
    expect(pathOf(page)).toBe('/');
    expect(foreignHosts).toEqual(new Set());
    await context.close();
  });

  it.each(['%2F%09%2Fevil.example', '%2F.%2F%2Fevil.example', '%2F%5Cevil.example', 'https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example'])(
    '/error500?from=%s: 重新加载 stays here',
    async (from) => {
      const context = await newMobileContext(browser);
      const { page, foreignHosts } = await watchedPage(context);
      await page.goto(`${server.baseUrl}/error500?from=${from}`);
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.getByRole('navigation', { name: '主导航' }).waitFor();
      expect(originOf(page)).toBe(server.baseUrl);
      expect(pathOf(page)).toBe('/');
      expect(foreignHosts).toEqual(new Set());
      await context.close();
    },
  );

  it('/error500?from=/nfc: 重新加载 returns to the page that failed', async () => {
    const context = await newMobileContext(browser);
    const { page } = await watchedPage(context);
    await page.goto(`${server.baseUrl}/error500?from=%2Fnfc`);
    await saveScreenshot(page, 'platform-error500');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.waitForURL(`${server.baseUrl}/nfc`);
    await context.close();
  });
});

describe('history across a guarded route', () => {
  it('Forward into a page that now needs a login, then Back and Forward again: address bar and page agree', async () => {
    const context = await newMobileContext(browser);
    const { page } = await loggedInPage(context);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('link', { name: '注销账号' }).click();
    await page.waitForURL(`${server.baseUrl}/mine/signOff`);
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/mine`);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog', { name: '确定退出登录？' }).getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    expect(pathOf(page)).toBe('/');

    // /mine/signOff is ahead in history; logged out, the guard sends Forward to login instead.
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/mine/signOff');
    await page.getByLabel('手机号').waitFor();

    // Back returns to home, page and address together; Forward returns to the login.
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('手机号').waitFor();
    await page.goBack();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    await context.close();
  });
});

/** Logs in through the /login form with a fixed sandbox code. */
async function logInThroughForm(page: Page, phone: string, code: string) {
  const phoneField = page.getByLabel('手机号');
  await phoneField.fill('');
  await phoneField.pressSequentially(phone);
  const consent = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  if (!(await consent.isChecked())) await consent.check();
  await page.locator('.sms-code-button').click();
  await page
    .getByText(/验证码已发送/)
    .first()
    .waitFor();
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // A person's next press comes after the double-tap window in which presses near 登录 are taken for its
  // follow-ups and swallowed (apps/web/src/lib/follow-up-presses.ts); a script is faster than that.
  await page.waitForTimeout(FOLLOW_UP_MS);
}

describe('one person’s data never shows to the next on the same page', () => {
  it('A logs in and out, B logs in without a reload: B sees B, and B’s answers come from the server', async () => {
    const context = await newMobileContext(browser);
    const { page } = await watchedPage(context);
    const checkLogins: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/tydApi/v1/user/check-login') checkLogins.push(Date.now());
    });

    await page.goto(`${server.baseUrl}/mine`);
    await page.getByRole('link', { name: '登录 / 注册' }).click();
    await logInThroughForm(page, PHONE_A, FIXED_CODE_A);
    await page.waitForURL(`${server.baseUrl}/mine`);
    await page.getByText(maskPhone(PHONE_A)).waitFor();
    await saveScreenshot(page, 'platform-mine-logged-in');

    await page.getByRole('button', { name: '退出登录' }).click();
    await saveScreenshot(page, 'platform-mine-logout-confirm');
    await page.getByRole('dialog', { name: '确定退出登录？' }).getByRole('button', { name: '退出登录' }).click();
    await page.getByText('已退出登录').waitFor();
    await saveScreenshot(page, 'platform-home-after-logout');

    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('link', { name: '登录 / 注册' }).click();
    await logInThroughForm(page, PHONE_B, FIXED_CODE_B);
    const loggedInAt = Date.now();
    await page.waitForURL(`${server.baseUrl}/mine`);
    await page.getByText(maskPhone(PHONE_B)).waitFor();
    await expect.poll(() => checkLogins.filter((at) => at >= loggedInAt - 2_000).length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.mine__hint').textContent()).toBe('已登录');
    expect(await page.locator('body').innerText()).not.toContain(maskPhone(PHONE_A));
    await context.close();
  });
});

describe('offline', () => {
  it('a page whose chunk cannot be fetched shows 网络不给力 with 重试, and the page once back online', async () => {
    const context = await newMobileContext(browser);
    const { page } = await watchedPage(context);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    // The navigation is prerendered: the app, and what it fetches at start (the API transport, telemetry),
    // must have arrived before the connection goes; only the page chunk is to fail.
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('link', { name: /NFC读卡位置说明/ }).click();
    await page.getByRole('heading', { name: '网络不给力' }).waitFor();
    expect(pathOf(page)).toBe('/nfc');
    await saveScreenshot(page, 'platform-offline');
    // The retry has failed before the connection comes back (else it would find the site and reload).
    const retried = page.waitForEvent('requestfailed', (request) => /\/nfc-page-[^/]+\.js$/.test(request.url()));
    await page.getByRole('button', { name: '重试' }).click();
    await retried;
    await page.getByRole('heading', { name: '网络不给力' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: '重试' }).click();
    await page.getByRole('heading', { name: 'NFC读卡位置说明' }).waitFor({ state: 'attached' });
    expect(pathOf(page)).toBe('/nfc');
    await context.close();
  });
});

describe('inside the app, the app’s login is the page’s', () => {
  it('adopts the app’s token at start: home shows the account, no web login', async () => {
    const client = await ApiClient.fromPage(server.baseUrl);
    const phone = newPhone('133');
    await signUp(client, server.baseUrl, phone);
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ appInfo: { ...DEFAULT_APP_INFO, token: client.accessToken!, phone: maskPhone(phone) } })],
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByText(maskPhone(phone)).waitFor();
    await expect.poll(() => page.locator('.home__hint').textContent()).toBe('欢迎使用通盈达');
    await saveScreenshot(page, 'platform-app-home-adopted');
    // Home is designed full-screen: the app's bars go; a page load elsewhere asks for them back.
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((call) => call.method === 'hiddenStatusBarAndTitleBar').map((call) => call.params))
      .toEqual([{ hidden: true }]);
    // The page's big heading yields to the app's title bar (the app gets the title).
    await page.goto(`${server.baseUrl}/nfc`);
    await page.getByRole('heading', { name: 'NFC读卡位置说明' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { name: 'NFC读卡位置说明' }).boundingBox()).toEqual(expect.objectContaining({ width: 1, height: 1 }));
    await expect.poll(async () => (await readNativeCalls(page)).some((call) => call.method === 'setTitle')).toBe(true);
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((call) => call.method === 'hiddenStatusBarAndTitleBar').map((call) => call.params))
      .toEqual([{ hidden: false }]);
    await saveScreenshot(page, 'platform-app-nfc');
    await context.close();
  });

  it('a page that needs a session opens the app’s login window, and opens itself once the app logged in', async () => {
    const client = await ApiClient.fromPage(server.baseUrl);
    await signUp(client, server.baseUrl, newPhone('133'));
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.iosZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'ios', loginToken: client.accessToken! })],
    });
    const page = await context.newPage();
    // Logged out, deregistration is asked for by address: the app's login window opens (home shows
    // meanwhile), and once the app logged in the page asked for opens. The web login never shows.
    let webLoginShown = false;
    page.on('framenavigated', (frame) => {
      if (new URL(frame.url()).pathname === '/login') webLoginShown = true;
    });
    await page.goto(`${server.baseUrl}/mine/signOff`);
    await page.waitForURL(`${server.baseUrl}/mine/signOff`);
    await page.getByRole('heading', { name: '注销后将立即删除' }).waitFor();
    const calls = await readNativeCalls(page);
    expect(calls.some((call) => call.method === 'openWin' && (call.params as { page?: string }).page === 'login')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(client.accessToken);
    expect(webLoginShown).toBe(false);
    await context.close();
  });

  it('every way to sign in inside the app goes through the app’s login: 登录 / 注册 on 首页 and 我的, /login by address, 前往登录 after a failed authorisation', async () => {
    const client = await ApiClient.fromPage(server.baseUrl);
    await signUp(client, server.baseUrl, newPhone('133'));
    const entries: { name: string; start: string; tap?: string; lands: string }[] = [
      { name: '首页', start: '/', tap: '登录 / 注册', lands: '/' },
      { name: '我的', start: '/mine', tap: '登录 / 注册', lands: '/mine' },
      { name: '/login by address', start: '/login?returnUrl=%2Fmine', lands: '/mine' },
      { name: 'a failed authorisation', start: `/others/tydPreJump?code=${'x'.repeat(43)}&returnUrl=%2Fmine`, tap: '前往登录', lands: '/mine' },
    ];
    for (const shell of ['android', 'ios'] as const) {
      for (const entry of entries) {
        const context = await newMobileContext(browser, {
          userAgent: shell === 'ios' ? APP_USER_AGENTS.iosZhongduoduo : APP_USER_AGENTS.androidZhongduoduo,
          initScripts: [nativeShellScript({ platform: shell, loginToken: client.accessToken! })],
        });
        // Whether the web SMS form (its 获取验证码 button) was ever on the page, from the first paint on.
        await context.addInitScript({
          content: `new MutationObserver(() => { if (document.querySelector('.sms-code-button')) window.__webLoginSeen = true; }).observe(document, { subtree: true, childList: true });`,
        });
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}${entry.start}`);
        await waitForApp(page);
        if (entry.tap) await page.getByRole('link', { name: entry.tap, exact: true }).click();
        await expect
          .poll(async () => (await readNativeCalls(page)).some((call) => call.method === 'openWin' && (call.params as { page?: string }).page === 'login'), {
            message: `${shell} ${entry.name}: openWin login`,
          })
          .toBe(true);
        // The fake app logs in and shows the webview again: the page the person was going to, signed in.
        await page.waitForURL(`${server.baseUrl}${entry.lands}`);
        await expect
          .poll(() => page.evaluate(() => localStorage.getItem('accessToken')), { message: `${shell} ${entry.name}: session` })
          .toBe(client.accessToken);
        expect(
          await page.evaluate(() => (window as unknown as { __webLoginSeen?: boolean }).__webLoginSeen ?? false),
          `${shell} ${entry.name}: the web login showed`,
        ).toBe(false);
        expect(await page.getByLabel('手机号').count()).toBe(0);
        await context.close();
      }
    }
  });

  it('/download without a configured link shows no button that leads nowhere, and the server’s own page looks like the app', async () => {
    // This server configures no APP_DOWNLOAD_*_URL.
    for (const dark of [false, true]) {
      const context = await newMobileContext(browser);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.goto(`${server.baseUrl}/download`);
      await waitForApp(page);
      await page.getByRole('status').getByText('APP 暂未开放下载').waitFor();
      expect(await page.getByRole('link', { name: /版下载/ }).count()).toBe(0);
      await expectFitsThePhone(page);
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 812 });
        await saveScreenshot(page, `platform-download-none-${width}${dark ? '-dark' : ''}`);
      }
      await page.getByRole('link', { name: '返回首页' }).click();
      await page.waitForURL(`${server.baseUrl}/`);
      // A tap before the app ran (the build's first screen has both buttons) lands on the server's page:
      // styled like the app, with the way back.
      await page.goto(`${server.baseUrl}/download/ios`);
      await page.getByRole('heading', { name: '暂无可用的下载地址' }).waitFor();
      const look = await page.evaluate(() => {
        const link = document.querySelector('a')!.getBoundingClientRect();
        return { background: getComputedStyle(document.body).backgroundColor, linkHeight: link.height, linkWidth: link.width };
      });
      expect(look.background).toBe(dark ? 'rgb(16, 18, 22)' : 'rgb(245, 246, 248)');
      expect(look.linkHeight).toBeGreaterThanOrEqual(44);
      await saveScreenshot(page, `platform-download-no-link-page${dark ? '-dark' : ''}`);
      await page.getByRole('link', { name: '返回下载页' }).click();
      await page.waitForURL(`${server.baseUrl}/download`);
      await context.close();
    }
  });

  it('帮助与客服 without a configured service phone advertises no hotline: 联系客服 and where to ask', async () => {
    // This server configures no SERVICE_PHONE.
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/help`);
    await waitForApp(page);
    const contact = page.getByRole('region', { name: '联系客服' });
    await contact.getByText('请在下方留言提问，客服会尽快回复。').waitFor();
    expect(await contact.getByRole('heading', { name: '联系客服' }).count()).toBe(1);
    expect(await contact.getByText('客服热线').count()).toBe(0);
    expect(await page.locator('a[href^="tel:"]').count()).toBe(0);
    await context.close();
  });

  it('page-views sent to the app carry no one-time code or invite code', async () => {
    const context = await newMobileContext(browser, { userAgent: APP_USER_AGENTS.androidZhongduoduo, initScripts: [nativeShellScript()] });
    const page = await context.newPage();
    // The pre-jump page, opened by the app with a one-time code (a spent one here), and an invite code.
    await page.goto(`${server.baseUrl}/others/tydPreJump?code=${'A'.repeat(43)}&inviteCode=ABCD2345&returnUrl=%2Fnfc&utm_source=sms`);
    await page.getByRole('heading', { name: '授权登录未成功' }).waitFor();
    await expect.poll(async () => (await readNativeCalls(page)).filter((call) => call.method === 'logEvent').length).toBeGreaterThan(0);
    const events = (await readNativeCalls(page)).filter((call) => call.method === 'logEvent').map((call) => JSON.stringify(call.params));
    expect(events.join('\n')).not.toContain('ABCD2345');
    expect(events.join('\n')).not.toContain('A'.repeat(43));
    expect(events.join('\n')).not.toContain('returnUrl');
    await context.close();
  });
});

describe('home and 我的 on small and large phones', () => {
  it.each([320, 375, 414])('%i px wide, logged out and in, in a browser and inside the app', async (width) => {
    const client = await ApiClient.fromPage(server.baseUrl);
    const phone = newPhone('132');
    await signUp(client, server.baseUrl, phone);
    const places = [
      { where: 'web', options: {} },
      {
        where: 'app',
        options: {
          userAgent: APP_USER_AGENTS.iosZhongduoduo,
          initScripts: [nativeShellScript({ platform: 'ios', safeArea: { top: 0, right: 0, bottom: 34, left: 0 } })],
        },
      },
    ];
    for (const { where, options } of places) {
      const context = await newMobileContext(browser, options);
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      for (const state of ['out', 'in'] as const) {
        if (state === 'in') {
          await page.evaluate((token) => localStorage.setItem('accessToken', token), client.accessToken!);
        }
        for (const [path, name] of [
          ['/', 'home'],
          ['/mine', 'mine'],
        ] as const) {
          await page.goto(`${server.baseUrl}${path}`);
          await page.getByRole('navigation', { name: '主导航' }).waitFor();
          if (state === 'in') await page.getByText(maskPhone(phone)).first().waitFor();
          else await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
          await expectFitsThePhone(page, width);
          await saveScreenshot(page, `platform-${where}-${name}-${state}-${width}`);
        }
      }
      await context.close();
    }
  });
});

describe('更换手机号', () => {
  it('verifies the current phone, binds a new one, and the account answers to the new number', async () => {
    const client = await ApiClient.fromPage(server.baseUrl);
    const oldPhone = newPhone('131');
    const newNumber = newPhone('131');
    await signUp(client, server.baseUrl, oldPhone);
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/nfc`);
    await page.evaluate((token) => localStorage.setItem('accessToken', token), client.accessToken!);
    await page.goto(`${server.baseUrl}/mine`);
    await page.getByRole('link', { name: /更换手机号/ }).click();
    await page.getByRole('heading', { name: /验证当前手机号/ }).waitFor();
    // The sign-up code went to this number moments ago: wait out the (shortened, 1 s) resend cooldown.
    await page.waitForTimeout(1_100);
    let since = Date.now() - 1_000;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await codeFromOutbox(server.baseUrl, oldPhone, 'verify-phone', since));
    await saveScreenshot(page, 'platform-change-phone-verify');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('heading', { name: /绑定新手机号/ }).waitFor();
    await page.getByLabel('新手机号', { exact: true }).pressSequentially(newNumber);
    since = Date.now() - 1_000;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await codeFromOutbox(server.baseUrl, newNumber, 'change-phone', since));
    await saveScreenshot(page, 'platform-change-phone-new');
    await page.getByRole('button', { name: '确认更换' }).click();
    await page.waitForURL(`${server.baseUrl}/mine`);
    await page.getByText(maskPhone(newNumber)).first().waitFor();
    const check = await client.call(checkLogin, {});
    expect(check.response?.data).toEqual({ loggedIn: true, phone: maskPhone(newNumber) });
    await context.close();
  });
});
