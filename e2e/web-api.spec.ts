// The API client in the browser (SPEC §7, §8): what goes on the wire, and the whole error
// catalogue as the user sees it. The page used is /download, whose getAppDownloadUrl call runs on
// load. Answers the server does not give yet are produced here with the server's own key from its
// data directory, sealed through the real envelope, so the client is exercised end to end. The error
// cases open it with a query parameter: such an address gets no first screen with the server's own
// answer (docs/architecture.md "Server answers in the first screen"), which the page would keep showing
// when its own call fails, so the page's first call is the one whose answer the test produces.
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
const DOWNLOAD_API = '**/tydApi/v1/user/getAppDownloadUrl';
const DOWNLOAD_PAGE = '/download?from=web-api';

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

async function openDownload(answer: (route: Route) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  await page.route(DOWNLOAD_API, answer);
  await page.goto(`${server.baseUrl}${DOWNLOAD_PAGE}`);
  return page;
}

const toast = (page: Page) => page.locator('.toast');

describe('on the wire', () => {
  it('sends one sealed field and every contract header, echoing the XSRF cookie', async () => {
    const page = await context.newPage();
    const sent = page.waitForRequest((req) => req.url().endsWith('/tydApi/v1/user/getAppDownloadUrl'));
    await page.goto(`${server.baseUrl}/download`);
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

  it('reads a sealed success: the download links', async () => {
    const page = await openDownload((route) =>
      answerSealed(route, { code: '200', msg: '成功', data: { androidUrl: 'https://dl.example.com/tyd.apk', iosUrl: 'https://apps.apple.com/cn/app/id1' } }),
    );
    await page.getByRole('link', { name: 'Android 版下载' }).waitFor();
    expect(await page.getByRole('link', { name: 'iPhone 版下载' }).getAttribute('href')).toBe('https://apps.apple.com/cn/app/id1');
    await saveScreenshot(page, 'web-download-links');
    await page.close();
  });
});

describe('loading toast (SPEC §2, §4)', () => {
  it('a user retry runs under the loading toast, which closes when the answer came', async () => {
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await openDownload(async (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 503, body: '' });
      await held;
      return answerSealed(route, { code: '200', msg: '成功', data: { androidUrl: 'https://dl.example.com/tyd.apk', iosUrl: null } });
    });
    await page.getByRole('button', { name: '重新获取' }).click();
    await page.getByText('loading...').waitFor();
    await saveScreenshot(page, 'web-loading-toast');
    release();
    await page.getByRole('link', { name: 'Android 版下载' }).waitFor();
    await expect.poll(() => page.getByText('loading...').count()).toBe(0);
    await page.close();
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('code not 200: toast submsg, else msg', async () => {
    let page = await openDownload((route) => answerSealed(route, { code: '409', msg: '请求冲突，请刷新后重试', submsg: '下载地址维护中' }));
    await expect.poll(() => toast(page).textContent()).toBe('下载地址维护中');
    await saveScreenshot(page, 'web-api-toast');
    await page.close();
    page = await openDownload((route) => answerSealed(route, { code: '409', msg: '请求冲突，请刷新后重试' }));
    await expect.poll(() => toast(page).textContent()).toBe('请求冲突，请刷新后重试');
    await page.close();
  });

  it('code 480: nothing is toasted', async () => {
    const page = await openDownload((route) => answerSealed(route, { code: '480', msg: '操作未完成', submsg: '不应显示' }));
    await page.getByRole('button', { name: '重新获取' }).waitFor();
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });

  it('code 401: the login page opens with the current address as returnUrl', async () => {
    const page = await openDownload((route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: '401', msg: '登录已失效，请重新登录' }) }));
    await expect.poll(() => page.title()).toBe('验证码登录');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(DOWNLOAD_PAGE);
    await page.close();
  });

  it('subcode 4001: stores server time − local time and reloads once, never in a loop', async () => {
    const serverTime = Date.now() + 3_600_000;
    let answered = 0;
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.route(DOWNLOAD_API, (route) => {
      answered += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'x-server-time': String(serverTime) },
        body: JSON.stringify({ code: '400', subcode: '4001', msg: '请求参数错误', submsg: '手机时间与标准时间不一致，已为您校准' }),
      });
    });
    await page.goto(`${server.baseUrl}/download`);
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
    const page = await openDownload((route) => route.fulfill({ status, body: '' }));
    await expect.poll(() => toast(page).textContent()).toBe(text);
    expect(await page.getByRole('alert').textContent()).toBe(text);
    await page.close();
  });

  it('network error: 网络连接异常，请稍后重试', async () => {
    const page = await openDownload((route) => route.abort('connectionreset'));
    await expect.poll(() => toast(page).textContent()).toBe('网络连接异常，请稍后重试');
    await page.close();
  });

  it('an answer without a code field: toast 服务器繁忙 while the call fails with 接口数据格式错误', async () => {
    const page = await openDownload((route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ msg: 'no code' }) }));
    await expect.poll(() => toast(page).textContent()).toBe('服务器繁忙，请稍后重试');
    expect(await page.getByRole('alert').textContent()).toBe('接口数据格式错误');
    await page.close();
  });
});
