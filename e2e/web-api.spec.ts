// The API client in the browser (SPEC §7, §8): what goes on the wire, and the whole error
// catalogue as the user sees it. The page used is the new-user gift (/cloudSteward/index), whose
// new-user-gift-info call runs on load without a session. Answers the server does not give yet are
// produced here with the server's own key from its data directory, sealed through the real envelope, so
// the client is exercised end to end. The error cases open it with a query parameter, which renders it in
// the browser (no prerendered first screen), as they did before. The gift page reads quietly (it says in
// place what went wrong), so the toasts of SPEC §8 are checked on /nfc, whose brand list toasts its failures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importServerPrivateKey, openRequest, sealResponse, type ApiResponse, type RequestContext } from '@tyd/protocol';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
const privateKeys = new Map<string, CryptoKey>();
const GIFT_API = '**/tydApi/v1/index/new-user-gift-info';
const GIFT_PAGE = '/cloudSteward/index?from=web-api';
const BRANDS_API = '**/tydApi/v1/content/phone-brand-list';
/** What new-user-gift-info answers a visitor (protocol endpoints/rewards/new-user-gift-info.ts). */
const OFFER = {
  state: 'needs-login',
  contents: [{ kind: 'points', points: 100 }],
  deadline: null,
  windowDays: 30,
  claimedAt: null,
  claimedElsewhere: false,
  pointsValidDays: 365,
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const keys = JSON.parse(readFileSync(join(server.dataDir, 'keys.json'), 'utf8')) as { serverKeys: { kid: string; privateKey: string }[] };
  for (const key of keys.serverKeys) privateKeys.set(key.kid, await importServerPrivateKey(key.privateKey));
  context = await newMobileContext(browser);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** Opens the sealed request with the server key and answers `body` sealed with its response key. */
async function answerSealed(route: Route, body: ApiResponse, headers: Record<string, string> = {}) {
  const request = route.request();
  const h = request.headers();
  const context: RequestContext = { method: 'POST', path: new URL(request.url()).pathname, timestamp: h['x-t']!, appId: h['x-appid']!, nonce: h['x-nonce']! };
  const { data } = JSON.parse(request.postData() ?? '{}') as { data: string };
  const opened = await openRequest({ data, context, privateKeyFor: (kid) => privateKeys.get(kid) });
  const sealed = await sealResponse({ responseKey: opened.responseKey, context, body });
  await route.fulfill({ status: 200, contentType: 'application/json', headers, body: JSON.stringify({ data: sealed }) });
}

/** /nfc with its brand list's call answered by `answer`: a page that toasts its failures (SPEC §8). */
async function openNfc(answer: (route: Route) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  await page.route(BRANDS_API, answer);
  await page.goto(`${server.baseUrl}/nfc?from=web-api`);
  return page;
}

async function openGift(answer: (route: Route) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  await page.route(GIFT_API, answer);
  await page.goto(`${server.baseUrl}${GIFT_PAGE}`);
  return page;
}

const toast = (page: Page) => page.locator('.toast');

describe('on the wire', () => {
  it('sends one sealed field and every contract header, echoing the XSRF cookie', async () => {
    const page = await context.newPage();
    const sent = page.waitForRequest((req) => req.url().endsWith('/tydApi/v1/index/new-user-gift-info'));
    await page.goto(`${server.baseUrl}/cloudSteward/index`);
    const req = await sent;
    const headers = req.headers();
    expect(req.method()).toBe('POST');
    expect(Object.keys(JSON.parse(req.postData() ?? '{}'))).toEqual(['data']);
    const xsrf = (await context.cookies(server.baseUrl)).find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(xsrf).toBeTruthy();
    expect(headers).toMatchObject({ 'x-v': '1.1', 'x-appid': 'tyd-h5', 'x-ver': '4.0.1', 'x-client-version': '4.0.1', 'x-xsrf-token': xsrf });
    expect(headers['x-nonce']).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(headers['x-sign']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(Number(headers['x-t']) - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(decodeURIComponent(headers['x-client-info']!))).toEqual({ platform: 'h5', os: 'android', inApp: false, app: null });
    expect(headers).not.toHaveProperty('x-access-token');
    await page.close();
  });

  it('reads a sealed success: the gift on offer', async () => {
    const page = await openGift((route) => answerSealed(route, { code: '200', msg: '成功', data: OFFER }));
    await page.getByRole('region', { name: '新人礼包' }).waitFor();
    expect(await page.getByRole('list', { name: '礼包内容' }).textContent()).toContain('100');
    await page.getByRole('link', { name: '登录领取' }).waitFor();
    await saveScreenshot(page, 'web-gift-offer');
    await page.close();
  });
});

describe('loading toast (SPEC §2, §4)', () => {
  it('a user retry runs under the loading toast, which closes when the answer came', async () => {
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await openGift(async (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 503, body: '' });
      await held;
      return answerSealed(route, { code: '200', msg: '成功', data: OFFER });
    });
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByText('loading...').waitFor();
    await saveScreenshot(page, 'web-loading-toast');
    release();
    await page.getByRole('region', { name: '新人礼包' }).waitFor();
    await expect.poll(() => page.getByText('loading...').count()).toBe(0);
    await page.close();
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('code not 200: toast submsg, else msg', async () => {
    let page = await openNfc((route) => answerSealed(route, { code: '409', msg: '请求冲突，请刷新后重试', submsg: '品牌列表维护中' }));
    await expect.poll(() => toast(page).textContent()).toBe('品牌列表维护中');
    await saveScreenshot(page, 'web-api-toast');
    await page.close();
    page = await openNfc((route) => answerSealed(route, { code: '409', msg: '请求冲突，请刷新后重试' }));
    await expect.poll(() => toast(page).textContent()).toBe('请求冲突，请刷新后重试');
    await page.close();
  });

  it('code 480: nothing is toasted', async () => {
    // On /nfc, whose failures are toasted otherwise: 480 is the one that stays silent.
    const page = await openNfc((route) => answerSealed(route, { code: '480', msg: '操作未完成', submsg: '不应显示' }));
    await page.getByRole('button', { name: '重新加载' }).waitFor();
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });

  it('code 401: the login page opens with the current address as returnUrl', async () => {
    const page = await openGift((route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: '401', msg: '登录已失效，请重新登录' }) }),
    );
    await expect.poll(() => page.title()).toBe('验证码登录');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(GIFT_PAGE);
    await page.close();
  });

  it('subcode 4001: stores server time − local time and reloads once, never in a loop', async () => {
    const serverTime = Date.now() + 3_600_000;
    let answered = 0;
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.route(BRANDS_API, (route) => {
      answered += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'x-server-time': String(serverTime) },
        body: JSON.stringify({ code: '400', subcode: '4001', msg: '请求参数错误', submsg: '手机时间与标准时间不一致，已为您校准' }),
      });
    });
    await page.goto(`${server.baseUrl}/nfc`);
    await expect.poll(() => toast(page).textContent()).toBe('手机时间与标准时间不一致，已为您校准');
    expect(loads).toBe(2);
    expect(answered).toBe(2);
    const offset = Number(await page.evaluate(() => localStorage.getItem('shortTime')));
    expect(offset).toBeGreaterThan(3_500_000);
    expect(offset).toBeLessThanOrEqual(3_600_000);
    expect((await context.cookies(server.baseUrl)).find((c) => c.name === 'shortTime')?.value).toBe(String(offset));
    await page.close();
    await context.clearCookies({ name: 'shortTime' });
  });

  it.each([
    [500, '服务器繁忙，请稍后重试'],
    [502, '服务器繁忙，请稍后重试'],
    [404, '服务不存在'],
    [429, '网络繁忙，请稍后重试'],
  ])('HTTP %i: %s', async (status, text) => {
    const page = await openGift((route) => route.fulfill({ status, body: '' }));
    await expect.poll(() => toast(page).textContent()).toBe(text);
    expect(await page.getByRole('alert').textContent()).toBe(text);
    await page.close();
  });

  it('network error: 网络连接异常，请稍后重试', async () => {
    const page = await openGift((route) => route.abort('connectionreset'));
    await expect.poll(() => toast(page).textContent()).toBe('网络连接异常，请稍后重试');
    await page.close();
  });

  it('an answer without a code field: toast 服务器繁忙 while the call fails with 接口数据格式错误', async () => {
    const page = await openGift((route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ msg: 'no code' }) }));
    await expect.poll(() => toast(page).textContent()).toBe('服务器繁忙，请稍后重试');
    expect(await page.getByRole('alert').textContent()).toBe('接口数据格式错误');
    await page.close();
  });
});
