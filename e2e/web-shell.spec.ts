// The web app shell in a plain mobile browser: every route with its title and a
// screenshot, navigation behaviour (SPEC §2), the quiet login check against the real server,
// and recovery from a page chunk that fails to load.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow, expectTouchTargets } from './support/layout';
import { launchBrowser, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { WECHAT_USER_AGENT } from './support/native-shell';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  context = await newMobileContext(browser);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string, ctx: BrowserContext = context): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('main h1').first().waitFor();
  await waitForApp(page);
  return page;
}

/** Data-driven pages mark what is still loading aria-busy: wait for their final state before a picture. */
async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

const PAGES: [path: string, title: string, heading: string, shot: string][] = [
  ['/', '通盈达', '通盈达', 'web-hub'],
  ['/login', '验证码登录', '验证码登录', 'web-login'],
  ['/test', '通盈达', '环境诊断', 'web-test'],
  ['/download', 'APP下载', '下载通盈达 APP', 'web-download'],
  ['/error500', '500', '500 页面加载失败', 'web-error500'],
  ['/nfc', 'NFC读卡位置说明', 'NFC读卡位置说明', 'web-nfc'],
  ['/discover/detail', '通盈达', '资讯详情', 'web-discover-detail'],
  ['/discover/notice', '公司公告', '公司公告', 'web-discover-notice'],
  ['/others/tydPreJump', '授权登录', '授权登录', 'web-tyd-pre-jump'],
  ['/cloudSteward/index', '新人礼', '新人礼', 'web-cloud-steward'],
  ['/no/such/page', '404', '404 页面不存在', 'web-404'],
];

describe('every route in a mobile browser (SPEC §2)', () => {
  it.each(PAGES)('%s: title %s, heading, fits 375 px, 44 px targets', async (path, title, heading, shot) => {
    const page = await open(path);
    await expect.poll(() => page.title()).toBe(title);
    expect((await page.locator('main h1').first().textContent())?.trim()).toBe(heading);
    await settled(page);
    await saveScreenshot(page, shot);
    await expectNoHorizontalOverflow(page);
    await expectTouchTargets(page);
    await page.close();
  });

  it('/download inside WeChat shows the open-in-browser hint', async () => {
    const wechat = await newMobileContext(browser, { userAgent: WECHAT_USER_AGENT });
    const page = await open('/download', wechat);
    await expect.poll(() => page.getByRole('note').textContent()).toContain('在浏览器打开');
    await settled(page);
    await saveScreenshot(page, 'web-download-wechat');
    await wechat.close();
  });
});

describe('navigation behaviour (SPEC §2)', () => {
  it('links navigate inside the page (no reload) and set the title; back returns', async () => {
    const page = await open('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: /公司公告/ }).click();
    await expect.poll(() => page.title()).toBe('公司公告');
    expect(new URL(page.url()).pathname).toBe('/discover/notice');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await expect.poll(() => page.title()).toBe('通盈达');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.close();
  });

  it('a new page starts at the top; back restores the scroll position', async () => {
    const page = await open('/');
    // Home's tiles and feed settle first: content arriving above would move the position (scroll anchoring).
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      document.body.style.paddingBottom = '2000px';
      window.scrollTo(0, 400);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/nfc"]')!.click());
    await expect.poll(() => page.title()).toBe('NFC读卡位置说明');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.title()).toBe('通盈达');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.close();
  });

  it('login: white background and pageTitle override; another page resets the background', async () => {
    const page = await open(`/login?pageTitle=${encodeURIComponent('登录领取新人礼')}`);
    await expect.poll(() => page.title()).toBe('登录领取新人礼');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect.poll(() => page.title()).toBe('通盈达');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 246, 248)');
    await page.close();
  });

  it('stores the page performance record (path, start, done=false) before each navigation', async () => {
    const page = await open('/');
    // Record every write of the record: telemetry later marks it done, so the first write is the one to check.
    await page.evaluate(() => {
      const writes: string[] = [];
      (window as unknown as { perfWrites: string[] }).perfWrites = writes;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === 'perf:/nfc') writes.push(`${value}|${document.title}`);
        return setItem.call(this, key, value);
      };
    });
    const before = Date.now();
    await page.getByRole('link', { name: /NFC读卡位置说明/ }).click();
    await expect.poll(() => page.title()).toBe('NFC读卡位置说明');
    const [first] = await page.evaluate(() => (window as unknown as { perfWrites: string[] }).perfWrites);
    const [value, titleThen] = first!.split('|');
    expect(JSON.parse(value!)).toMatchObject({ _pn: '/nfc', _du: false });
    expect(JSON.parse(value!)._st).toBeGreaterThanOrEqual(before - 5_000);
    // Written before the navigation completed: the title was still the hub's.
    expect(titleThen).toBe('通盈达');
    await page.close();
  });

  it('a page that needs a session sends a logged-out user to login, returning there after', async () => {
    const page = await open('/mine/signOff');
    await expect.poll(() => page.title()).toBe('验证码登录');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/mine/signOff');
    await page.close();
  });

  it('a double tap on a link navigates once: one history entry', async () => {
    const page = await open('/');
    const entries = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: /APP下载/ }).dblclick();
    await expect.poll(() => page.title()).toBe('APP下载');
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect.poll(() => page.title()).toBe('通盈达');
    await page.close();
  });
});

describe('session against the real server', () => {
  it('a stale token is checked quietly by check-login (401) and cleared; no toast, no jump to login', async () => {
    const ctx = await newMobileContext(browser);
    await ctx.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('accessToken', 'stale-token');
        localStorage.setItem('phone', '138****5678');
      }
    });
    const page = await ctx.newPage();
    const answer = page.waitForResponse((res) => res.url().endsWith('/tydApi/v1/user/check-login'));
    await page.goto(`${server.baseUrl}/`);
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().headers()['x-access-token']).toBe('stale-token');
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('phone')])).toEqual([null, null]);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('status').first().textContent()).toBe('');
    await ctx.close();
  });
});

describe('page chunk that fails to load (SPEC §8 ChunkLoadError)', () => {
  it('reloads once at the target address, then shows the 500 view whose retry works', async () => {
    const ctx = await newMobileContext(browser);
    let blocked = 0;
    await ctx.route(/\/assets\/nfc-page-[^/]+\.js$/, (route) => {
      blocked += 1;
      return route.abort('failed');
    });
    const page = await ctx.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(`${server.baseUrl}/`);
    await page.locator('main h1').waitFor();
    await waitForApp(page);
    await page.getByRole('link', { name: /NFC读卡位置说明/ }).click();
    await page.getByRole('button', { name: '重新加载' }).waitFor();
    expect(loads).toBe(2);
    // The page chunk is blocked for its preload link and for its import, on both loads.
    expect(blocked).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/nfc');
    await expect.poll(() => page.title()).toBe('500');
    await saveScreenshot(page, 'web-chunk-failure');
    await ctx.unroute(/\/assets\/nfc-page-[^/]+\.js$/);
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect.poll(() => page.title()).toBe('NFC读卡位置说明');
    await ctx.close();
  });
});
