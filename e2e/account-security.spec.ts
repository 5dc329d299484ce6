// 账户与安全 against the real server and the real web build (docs/api.md "Account security"): two browsers
// logged in as one account see each other in 登录设备管理 (本机 marked, the other named by its model and
// browser), one signs the other out after a confirmation, and the other's next call sends it to login with
// 已在其他设备上将本设备下线; 登录记录 shows the sign-ins. Then inside the simulated app: the title bar names
// the page, the app's session is 本机 as 通盈达App, it signs a browser out, and when a browser signs the app
// out in turn, the app's login opens and the page says why. Taps are real touch events. Screenshots at 320,
// 375 and 414 px.
import { sendSmsCode, userLoginV1 } from '@tyd/protocol';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_VERSION, latestCode } from '../apps/server/test/support/accounts';
import { ApiClient } from '../apps/server/test/support/api-client';
import { MOBILE_BROWSER_UA, launchBrowser, newMobileContext, waitForApp } from './support/browser';
import { expectFitsThePhone, screenshotsAtWidths } from './support/layout';
import { APP_USER_AGENTS, readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { logInThroughForm, loggedInContext } from './support/sign-in';
import { sendWhenCooledDown } from './support/sms-outbox';

/** Short, so a login of one number follows another soon (each waits for the server's cooldown, not a guess). */
const SMS_COOLDOWN_SECONDS = 1;
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const SIGNED_OUT = '已在其他设备上将本设备下线，请重新登录';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_COOLDOWN_SECONDS: String(SMS_COOLDOWN_SECONDS) } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A real tap (touchstart/touchend and the click that follows) at the middle of `target`. */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * A login of `phone` through the API as a client with this user agent and client info makes it (the app's
 * own login, or a browser elsewhere); its token. Its code is sent once the number's cooldown from the
 * previous login is over (sendWhenCooledDown).
 */
async function apiLogin(phone: string, userAgent: string, inApp: boolean): Promise<string> {
  const client = await ApiClient.fromPage(server.baseUrl);
  const clientInfo = encodeURIComponent(JSON.stringify({ platform: 'h5', os: 'android', inApp, app: inApp ? 'zhongduoduo' : null }));
  const as = async (prepared: Awaited<ReturnType<ApiClient['prepare']>>) =>
    client.send({ ...prepared, headers: { ...prepared.headers, 'user-agent': userAgent } });
  await sendWhenCooledDown(async () => as(await client.prepare(sendSmsCode, { phone, purpose: 'login' }, { clientInfo })));
  const smsCode = await latestCode(server.baseUrl, phone);
  const login = await as(await client.prepare(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION }, { clientInfo }));
  expect(login.response?.code, JSON.stringify(login.response)).toBe('200');
  return (login.response!.data as { accessToken: string }).accessToken;
}

const devices = (page: Page) => page.getByRole('list', { name: '登录设备列表' }).getByRole('listitem');

async function openSecurity(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/mine/security`);
  await waitForApp(page);
  await devices(page).first().waitFor();
}

describe('账户与安全', () => {
  it('two browsers of one account see each other; one signs the other out, which is told why', async () => {
    const phone = newPhone('136');
    const contextA = await newMobileContext(browser, { userAgent: MOBILE_BROWSER_UA });
    const pageA = await contextA.newPage();
    // 我的 → 账户与安全 needs a login: the form leads back to it.
    await pageA.goto(`${server.baseUrl}/login?returnUrl=${encodeURIComponent('/mine/security')}`);
    await logInThroughForm(pageA, server.baseUrl, phone);
    await pageA.waitForURL(`${server.baseUrl}/mine/security`);

    const contextB = await newMobileContext(browser, { userAgent: IPHONE_SAFARI });
    const pageB = await contextB.newPage();
    await pageB.goto(`${server.baseUrl}/mine`);
    await waitForApp(pageB);
    await tap(pageB, pageB.getByRole('link', { name: /登录/ }).first());
    await logInThroughForm(pageB, server.baseUrl, phone);
    await pageB.goto(`${server.baseUrl}/mine`);
    await waitForApp(pageB);
    await tap(pageB, pageB.getByRole('link', { name: /账户与安全/ }).first());
    await pageB.waitForURL(`${server.baseUrl}/mine/security`);
    expect(await pageB.title()).toBe('账户与安全');
    await devices(pageB).nth(1).waitFor();

    // Each sees both: itself first as 本机, the other by its model and browser.
    await openSecurity(pageA);
    await devices(pageA).nth(1).waitFor();
    const seenByA = await devices(pageA).allTextContents();
    expect(seenByA).toHaveLength(2);
    expect(seenByA[0]).toContain('本机');
    expect(seenByA[0]).toContain('Pixel 8 · Android 14');
    expect(seenByA[1]).toContain('iPhone · iOS 17.5');
    expect(seenByA[1]).toContain('Safari · 内网 · 127.0.*.*');
    const seenByB = await devices(pageB).allTextContents();
    expect(seenByB[0]).toContain('本机');
    expect(seenByB[0]).toContain('iPhone');
    expect(seenByB[1]).toContain('Pixel 8');
    await pageA.getByRole('list', { name: '登录记录列表' }).getByText('登录成功').nth(1).waitFor();
    await screenshotsAtWidths(pageA, 'account-security-devices');
    await screenshotsAtWidths(pageA, 'account-security-records', pageA.getByRole('heading', { name: /登录记录/ }));

    // 下线 asks first; 取消 ends nothing.
    await tap(pageA, pageA.getByRole('button', { name: /^下线 iPhone/ }));
    const dialog = pageA.getByRole('dialog', { name: '确定下线该设备？' });
    await dialog.waitFor();
    await screenshotsAtWidths(pageA, 'account-security-confirm');
    await tap(pageA, dialog.getByRole('button', { name: '取消' }));
    expect(await devices(pageA).count()).toBe(2);
    await tap(pageA, pageA.getByRole('button', { name: /^下线 iPhone/ }));
    await tap(pageA, pageA.getByRole('dialog').getByRole('button', { name: '下线', exact: true }));
    await pageA.getByText('已下线该设备').waitFor();
    await expect.poll(() => devices(pageA).count()).toBe(1);
    await pageA.getByText('仅本机登录，未发现其他设备。').waitFor();
    await expectFitsThePhone(pageA);

    // B's next call (the person comes back to the page) is refused: it lands on login, which says it was
    // signed out from another device.
    await pageB.reload();
    await pageB.waitForURL(/\/login\?returnUrl=/, { timeout: 15_000 });
    await waitForApp(pageB);
    expect(await pageB.getByRole('note').textContent()).toBe(SIGNED_OUT);
    await screenshotsAtWidths(pageB, 'account-security-signed-out');
    await contextA.close();
    await contextB.close();
  });

  it('inside the app: 本机 is the app; it signs a browser out, and a browser signing the app out is said in the app', async () => {
    const phone = newPhone('136');
    const appToken = await apiLogin(phone, APP_USER_AGENTS.androidZhongduoduo, true);
    const browserToken = await apiLogin(phone, IPHONE_SAFARI, false);

    const app = await loggedInContext(browser, appToken, phone, 'android');
    const appPage = await app.newPage();
    await openSecurity(appPage);
    expect(await appPage.evaluate(() => document.documentElement.classList.contains('in-app'))).toBe(true);
    await expect
      .poll(async () => (await readNativeCalls(appPage)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
      .toContain('账户与安全');
    await devices(appPage).nth(1).waitFor();
    const seen = await devices(appPage).allTextContents();
    expect(seen[0]).toContain('本机');
    expect(seen[0]).toContain('通盈达App');
    expect(seen[1]).toContain('iPhone · iOS 17.5');
    await screenshotsAtWidths(appPage, 'account-security-app');

    // The app signs the browser out.
    const web = await loggedInContext(browser, browserToken, phone);
    const webPage = await web.newPage();
    await openSecurity(webPage);
    await tap(appPage, appPage.getByRole('button', { name: '下线其他所有设备' }));
    await tap(appPage, appPage.getByRole('dialog', { name: '下线其他所有设备？' }).getByRole('button', { name: '全部下线' }));
    await appPage.getByText('已下线1台设备').waitFor();
    await webPage.reload();
    await webPage.waitForURL(/\/login\?returnUrl=/, { timeout: 15_000 });
    expect(await webPage.getByRole('note').textContent()).toBe(SIGNED_OUT);

    // A new browser login signs the app out: the app's next call opens the app's login, and the page says why.
    const thirdToken = await apiLogin(phone, MOBILE_BROWSER_UA, false);
    const third = await loggedInContext(browser, thirdToken, phone);
    const thirdPage = await third.newPage();
    await openSecurity(thirdPage);
    await tap(thirdPage, thirdPage.getByRole('button', { name: /^下线 .*Android/ }));
    await tap(thirdPage, thirdPage.getByRole('dialog').getByRole('button', { name: '下线', exact: true }));
    await thirdPage.getByText('已下线该设备').waitFor();

    await appPage.reload();
    await expect
      .poll(async () => (await readNativeCalls(appPage)).some((c) => c.method === 'openWin' && (c.params as { page?: string }).page === 'login'))
      .toBe(true);
    // Said in the page (and at once in a toast), with the way back to login.
    await appPage.getByRole('region', { name: '未登录' }).getByText(SIGNED_OUT).waitFor();
    await appPage.getByRole('link', { name: '重新登录' }).waitFor();
    await screenshotsAtWidths(appPage, 'account-security-app-signed-out');
    await app.close();
    await web.close();
    await third.close();
  });
});
