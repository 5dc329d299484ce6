// The web app inside the simulated native shell (docs/bridge.md): app user agent plus a fake bridge
// (e2e/support/native-shell.ts) that records every message. Checks what the shell receives
// (page-views, titles, app info, the native login on 401), that the app's version reaches the
// API, safe-area insets the shell injects, and a screenshot of every page as the app shows it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow } from './support/layout';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript, readNativeCalls } from './support/native-shell';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let app: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  app = await newMobileContext(browser, {
    userAgent: APP_USER_AGENTS.androidZhongduoduo,
    initScripts: [nativeShellScript({ platform: 'android', safeArea: { top: 24, right: 0, bottom: 34, left: 0 } })],
  });
});

afterAll(async () => {
  await app?.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string, ctx: BrowserContext = app): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
  return page;
}

/** What the shell shows: titles it was sent, and page-views it recorded (other analytics events aside). */
async function titlesAndPageViews(page: Page) {
  const calls = await readNativeCalls(page);
  return {
    titles: calls.filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title),
    pageViews: calls.filter((c) => c.method === 'logEvent' && (c.params as { en?: string }).en === 'pageview').map((c) => (c.params as { purl: string }).purl),
  };
}

describe('page-views and titles sent to the app (SPEC §2)', () => {
  it('asks for the app info first, then sends each page’s title and a page-view', async () => {
    const page = await open('/');
    await expect.poll(() => titlesAndPageViews(page)).toEqual({ titles: ['通盈达'], pageViews: ['/'] });
    expect((await readNativeCalls(page))[0]?.method).toBe('getAppInfo');
    // Inside the app there is nothing to download: APP下载 is the browser's only.
    expect(await page.getByRole('link', { name: /APP下载/ }).isVisible()).toBe(false);
    await page.getByRole('link', { name: /公司公告/ }).click();
    await expect.poll(() => titlesAndPageViews(page)).toEqual({ titles: ['通盈达', '公司公告'], pageViews: ['/', '/discover/notice'] });
    const pageView = (await readNativeCalls(page)).find((c) => c.method === 'logEvent' && (c.params as { purl?: string }).purl === '/discover/notice');
    expect(pageView?.params).toMatchObject({ en: 'pageview', title: '公司公告' });
    await page.close();
  });

  it('a default-title route sends neither a title nor a page-view', async () => {
    const page = await open('/discover/detail');
    await expect.poll(async () => (await readNativeCalls(page)).map((c) => c.method)).toContain('getAppInfo');
    // A title would be posted in the same turn as getAppInfo: both wait for the one bridge module.
    expect(await titlesAndPageViews(page)).toEqual({ titles: [], pageViews: [] });
    expect(await page.title()).toBe('通盈达');
    await page.close();
  });
});

describe('API calls inside the app', () => {
  it('x-ver carries the app’s version and x-client-info says inApp', async () => {
    const page = await app.newPage();
    // The new-user gift asks new-user-gift-info on load, with or without a session.
    const sent = page.waitForRequest((req) => req.url().endsWith('/tydApi/v1/index/new-user-gift-info'));
    await page.goto(`${server.baseUrl}/cloudSteward/index`);
    const headers = (await sent).headers();
    expect(headers['x-ver']).toBe(DEFAULT_APP_INFO.appVer);
    expect(JSON.parse(decodeURIComponent(headers['x-client-info']!))).toEqual({ platform: 'h5', os: 'android', inApp: true, app: 'zhongduoduo' });
    await page.close();
  });

  it('code 401 opens the native login window; the page stays', async () => {
    const page = await app.newPage();
    await page.route('**/tydApi/v1/index/new-user-gift-info', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: '401', msg: '登录已失效，请重新登录' }) }),
    );
    await page.goto(`${server.baseUrl}/cloudSteward/index`);
    await expect.poll(async () => (await readNativeCalls(page)).find((call) => call.method === 'openWin')?.params).toEqual({ page: 'login' });
    expect(new URL(page.url()).pathname).toBe('/cloudSteward/index');
    await page.close();
  });
});

describe('the shell', () => {
  it('safe-area insets injected by the shell pad the page', async () => {
    const page = await open('/nfc');
    const padding = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('main')!);
      return [style.paddingTop, style.paddingBottom];
    });
    expect(padding).toEqual(['40px', '58px']);
    await page.close();
  });

  it('/test shows the bridge connected and what the app said, nothing secret', async () => {
    const page = await open('/test');
    await page.getByText('已连接').waitFor();
    expect(await page.locator('dt:text-is("App 版本") + dd').textContent()).toBe('5.2.0');
    expect(await page.locator('dt:text-is("App") + dd').textContent()).toBe('zhongduoduo');
    await saveScreenshot(page, 'app-test');
    await page.close();
  });

  it('iOS: the same protocol through webkit.messageHandlers', async () => {
    const ios = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.iosZhongduoduo,
      initScripts: [nativeShellScript({ platform: 'ios', appInfo: { ...DEFAULT_APP_INFO, appVer: '5.3.0' } })],
    });
    const page = await open('/test', ios);
    await page.getByText('已连接').waitFor();
    expect(await page.locator('dt:text-is("App 版本") + dd').textContent()).toBe('5.3.0');
    expect(await page.locator('dt:text-is("系统") + dd').textContent()).toBe('iOS');
    await ios.close();
  });

  it('a shell whose bridge never answers: the page still works and says so', async () => {
    const mute = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidPlanner,
      initScripts: [nativeShellScript({ silentMethods: ['getAppInfo', 'setTitle', 'logEvent'] })],
    });
    // The page's clock is moved past the bridge's timeouts (BRIDGE_TIMEOUT_MS each, native-bridge.ts)
    // instead of the journey waiting them out; the page still decides from its own timers.
    await mute.clock.install();
    const page = await open('/test', mute);
    const silent = page.getByText(/无应答/);
    await expect
      .poll(async () => {
        await page.clock.fastForward(1_000);
        return silent.count();
      })
      .toBeGreaterThan(0);
    expect(await page.locator('dt:text-is("App") + dd').textContent()).toBe('planner');
    await mute.close();
  });
});

// /login is not among them: inside the app the app's login opens instead (web-platform.spec.ts).
describe('every page inside the app', () => {
  it.each([
    ['/', 'app-hub'],
    ['/download', 'app-download'],
    ['/error500', 'app-error500'],
    ['/nfc', 'app-nfc'],
    ['/discover/detail', 'app-discover-detail'],
    ['/discover/notice', 'app-discover-notice'],
    ['/others/tydPreJump', 'app-tyd-pre-jump'],
    ['/cloudSteward/index', 'app-cloud-steward'],
    ['/anything-else', 'app-404'],
  ])('%s renders inside the app', async (path, shot) => {
    const page = await open(path);
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, shot);
    await page.close();
  });
});
