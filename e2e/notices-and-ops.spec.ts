// What a person meets in notices and messages, and what an operator meets in /ops, against the real server
// and the real web build, in a mobile browser and in the simulated app shell: a notice's Markdown (a tel:
// link) is a link on 通知详情 and plain text in the list; the home banner shows the whole title at 320 px
// and a tap anywhere on it but × opens the notice; 消息中心 opens where the unread items are; a list that
// fails shows 服务器繁忙 once, with 重新加载 apart from it and no 全部已读, also when the whole server fails (the
// page's background checks toast nothing); a notice read from home's banner is read; a notice link without a
// notice says so and leads to the list. /ops/content asks nothing before the
// operator signs in, says 已发布 once, and takes a Beijing time typed as YYYY-MM-DD HH:mm on an English
// system; /ops/rewards' audit names fields in words. Taps are real touch events (page.touchscreen).
// Screenshots at 320, 375 and 414 px.
import { OPS_CONTENT_PATH, OPS_PATH, opsUrl, clearUnreadNotice } from '@tyd/protocol';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../apps/server/test/support/accounts';
import { ApiClient } from '../apps/server/test/support/api-client';
import { DEVICE_SCALE, launchBrowser, newMobileContext, waitForApp } from './support/browser';
import { screenshotsAtWidths } from './support/layout';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript } from './support/native-shell';
import { newPhone } from './support/phones';
import { addOperator, currentCode, opsApiClient, signedInOperator } from './support/operators';
import { startServer, type RunningServer } from './support/server';

const NOTICE_TITLE = '系统维护通知：11月30日凌晨2:00-4:00系统升级，期间暂停借款与还款服务';
const NOTICE_BODY = '维护期间如有疑问，请致电客服 [400-000-0000](tel:4000000000)。\n**还款不受影响**。';

let server: RunningServer;
let browser: Browser;
let noticeId = '';

/** The ops API as operators signed in (support/operators.ts): rewards calls as a rewards manager, the rest as a content editor. */
let contentEditor: Awaited<ReturnType<typeof opsApiClient>>;
let rewardsManager: Awaited<ReturnType<typeof opsApiClient>>;
const ops = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  (path.startsWith(OPS_PATH.rewards) ? rewardsManager : contentEditor).call<T>(method, path, body);

/** A new account's access token (it has one unread message: the welcome). */
async function newAccount(): Promise<string> {
  const client = await ApiClient.fromPage(server.baseUrl);
  const result = await signUp(client, server.baseUrl, newPhone('136'));
  expect(result.response?.code).toBe('200');
  return client.accessToken!;
}

async function loggedIn(token: string, inApp = false): Promise<BrowserContext> {
  if (inApp)
    return newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ appInfo: { ...DEFAULT_APP_INFO, token } })],
    });
  const context = await newMobileContext(browser);
  await context.addInitScript((t) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('accessToken', t);
  }, token);
  return context;
}

/** A real tap (touchstart/touchend and the click that follows) at the middle of `target`, or at `x` px from its left. */
async function tap(page: Page, target: Locator, x?: number): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + (x ?? box.width / 2), box.y + box.height / 2);
}

const atWidths = (page: Page, name: string, target?: Locator) => screenshotsAtWidths(page, `notices-${name}`, target);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
  [contentEditor, rewardsManager] = await Promise.all([opsApiClient(server, 'content_editor'), opsApiClient(server, 'rewards_manager')]);
  const { id } = await ops<{ id: string }>('POST', OPS_CONTENT_PATH, {
    kind: 'notice',
    title: NOTICE_TITLE,
    body: NOTICE_BODY,
    important: true,
    by: '运营e2e',
  });
  await ops('POST', `${OPS_CONTENT_PATH}/${id}/publish`, { by: '运营e2e' });
  noticeId = id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('notices', () => {
  for (const inApp of [false, true]) {
    const where = inApp ? 'in the app shell' : 'in a mobile browser';
    const suffix = inApp ? '-in-app' : '';

    it(`shows the banner's whole title at 320 px and opens the notice on a tap of its icon, ${where}`, async () => {
      const context = await loggedIn(await newAccount(), inApp);
      const page = await context.newPage();
      await page.setViewportSize({ width: 320, height: 812 });
      await page.goto(`${server.baseUrl}/`);
      const banner = page.getByRole('complementary', { name: '重要通知' });
      const title = banner.getByText(NOTICE_TITLE);
      await title.waitFor();
      await waitForApp(page);
      // Nothing cut: the text fits its box (no ellipsis), on more than one line at 320 px.
      const fit = await title.evaluate((el) => ({
        clipped: el.scrollWidth > el.clientWidth + 1,
        lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
      }));
      expect(fit.clipped).toBe(false);
      expect(fit.lines).toBeGreaterThanOrEqual(2);
      await atWidths(page, `home-banner${suffix}`);
      // A tap on the loudspeaker at the banner's left opens the notice, as a tap on the text does.
      await page.setViewportSize({ width: 320, height: 812 });
      await tap(page, banner, 16);
      await page.waitForURL(`${server.baseUrl}/messages/notice?id=${noticeId}`);
      await page.getByRole('heading', { name: NOTICE_TITLE }).waitFor();
      await context.close();
    });

    it(`renders the notice's Markdown: a tel: link on 通知详情, plain text in the list, ${where}`, async () => {
      const context = await loggedIn(await newAccount(), inApp);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/messages/notice?id=${noticeId}`);
      await page.getByRole('heading', { name: NOTICE_TITLE }).waitFor();
      const body = page.locator('.rich-text');
      expect(await body.getByRole('link', { name: '400-000-0000' }).getAttribute('href')).toBe('tel:4000000000');
      expect(await body.textContent()).not.toMatch(/[[\]()*]/);
      await atWidths(page, `detail${suffix}`);
      await page.goto(`${server.baseUrl}/messages?tab=notices`);
      const item = page.getByRole('list', { name: '通知列表' }).getByRole('listitem').filter({ hasText: NOTICE_TITLE });
      await item.waitFor();
      expect(await item.locator('.notice-item__summary').textContent()).toBe('维护期间如有疑问，请致电客服 400-000-0000。 还款不受影响。');
      await atWidths(page, `list${suffix}`);
      await context.close();
    });
  }

  for (const inApp of [false, true]) {
    const where = inApp ? 'in the app shell' : 'in a mobile browser';
    const suffix = inApp ? '-in-app' : '';

    it(`counts a notice read from home's banner as read: 消息中心 then opens on 我的消息, where the welcome is unread, ${where}`, async () => {
      const context = await loggedIn(await newAccount(), inApp);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      await waitForApp(page);
      // A new account: the notice and the welcome message are unread.
      await page.getByRole('link', { name: /^消息中心\s*您有2条未读消息/ }).waitFor();
      await tap(page, page.getByRole('complementary', { name: '重要通知' }).getByText(NOTICE_TITLE));
      await page.waitForURL(`${server.baseUrl}/messages/notice?id=${noticeId}`);
      await page.getByRole('heading', { name: NOTICE_TITLE }).waitFor();
      await page.goBack();
      await tap(page, page.getByRole('link', { name: /^消息中心\s*您有1条未读消息/ }));
      await page.waitForURL(`${server.baseUrl}/messages`);
      await page
        .getByRole('list', { name: '消息列表' })
        .getByRole('button', { name: /欢迎来到通盈达/ })
        .waitFor();
      const tabs = page.getByRole('navigation', { name: '消息分类' });
      expect(await tabs.getByRole('link', { name: /我的消息/ }).getAttribute('aria-current')).toBe('page');
      // On 通知 the notice is read: no unread mark, no 全部已读.
      await tap(page, tabs.getByRole('link', { name: /^通知/ }));
      const item = page.getByRole('list', { name: '通知列表' }).getByRole('listitem').filter({ hasText: NOTICE_TITLE });
      await item.waitFor();
      expect(await item.getByLabel('未读').count()).toBe(0);
      expect(await page.getByRole('button', { name: '全部已读' }).count()).toBe(0);
      await atWidths(page, `read-from-banner${suffix}`);
      await context.close();
    });

    it(`says a notice link without a notice is gone, with 返回通知列表 and no 重新加载, ${where}`, async () => {
      const context = await loggedIn(await newAccount(), inApp);
      const page = await context.newPage();
      // An id no notice has, and one no id can be (not even asked).
      for (const id of ['does-not-exist', '%3Cbad%20id%3E']) {
        await page.goto(`${server.baseUrl}/messages/notice?id=${id}`);
        await page.getByText('该通知不存在或已下线').waitFor();
        expect(await page.getByRole('button', { name: '重新加载' }).count()).toBe(0);
        expect(await page.getByText('请求参数错误').count()).toBe(0);
        expect(await page.locator('.toast--fail').count()).toBe(0);
      }
      await atWidths(page, `detail-missing${suffix}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await atWidths(page, `detail-missing-dark${suffix}`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 375, height: 812 });
      await tap(page, page.getByRole('link', { name: '返回通知列表' }));
      await page.waitForURL(`${server.baseUrl}/messages?tab=notices`);
      await page.getByRole('list', { name: '通知列表' }).getByText(NOTICE_TITLE).waitFor();
      // An announcement link the same way, to 公司公告.
      await page.goto(`${server.baseUrl}/discover/notice?id=does-not-exist`);
      await page.getByText('该公告不存在或已下线').waitFor();
      expect(await page.getByRole('link', { name: '返回公告列表' }).getAttribute('href')).toBe('/discover/notice');
      expect(await page.getByRole('button', { name: '重新加载' }).count()).toBe(0);
      await context.close();
    });
  }

  it('says a whole-server failure on 消息中心 once, in the list: the page’s background checks toast nothing', async () => {
    const context = await loggedIn(await newAccount());
    await context.route('**/tydApi/**', (route) => route.fulfill({ status: 500, body: '' }));
    const page = await context.newPage();
    // The consent-renewal check runs on every page once the first one is up (apps/web/src/app/consent-renewal-host.tsx).
    const consentCheck = page.waitForResponse((response) => response.url().includes('/v1/user/privacy-policy-status'));
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('alert').getByText('服务器繁忙，请稍后重试').waitFor();
    await consentCheck;
    // The toast layer would show it a second time; give it the frames it would take, then look.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.getByText('服务器繁忙，请稍后重试').count()).toBe(1);
    expect(await page.locator('.toast--fail').count()).toBe(0);
    await atWidths(page, 'messages-server-down');
    await page.emulateMedia({ colorScheme: 'dark' });
    await atWidths(page, 'messages-server-down-dark');
    await context.close();
  });

  it('a failed background check toasts nothing on the page being read', async () => {
    const context = await loggedIn(await newAccount());
    await context.route('**/tydApi/v1/user/privacy-policy-status', (route) => route.fulfill({ status: 500, body: '' }));
    const page = await context.newPage();
    const consentCheck = page.waitForResponse((response) => response.url().includes('/v1/user/privacy-policy-status'));
    await page.goto(`${server.baseUrl}/messages/notice?id=${noticeId}`);
    await page.getByRole('heading', { name: NOTICE_TITLE }).waitFor();
    await consentCheck;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('.toast--fail').count()).toBe(0);
    expect(await page.getByText('服务器繁忙，请稍后重试').count()).toBe(0);
    await context.close();
  });

  it('opens 消息中心 on 我的消息 when only messages are unread', async () => {
    const token = await newAccount();
    const client = await ApiClient.fromPage(server.baseUrl);
    client.accessToken = token;
    expect((await client.call(clearUnreadNotice, {})).response?.code).toBe('200');
    const context = await loggedIn(token);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await waitForApp(page);
    await tap(page, page.getByRole('link', { name: /^消息中心\s*您有1条未读消息/ }));
    await page.waitForURL(`${server.baseUrl}/messages`);
    await page
      .getByRole('list', { name: '消息列表' })
      .getByRole('button', { name: /欢迎来到通盈达/ })
      .waitFor();
    expect(await page.getByRole('link', { name: /我的消息/ }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByText('暂无记录').count()).toBe(0);
    await atWidths(page, 'messages-opens-mine');
    await context.close();
  });

  it('shows a failed list once: 服务器繁忙 inline, no toast, 重新加载 apart from the text, no 全部已读', async () => {
    const context = await loggedIn(await newAccount());
    const page = await context.newPage();
    await context.route('**/tydApi/v1/notice/notice-list', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`${server.baseUrl}/messages?tab=notices`);
    const failure = page.getByRole('alert');
    await failure.getByText('服务器繁忙，请稍后重试').waitFor();
    // The toast layer would show it a second time; give it the frames it would take, then look.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.getByText('服务器繁忙，请稍后重试').count()).toBe(1);
    expect(await page.locator('.toast--fail').count()).toBe(0);
    expect(await page.getByRole('button', { name: '全部已读' }).count()).toBe(0);
    const text = (await failure.getByText('服务器繁忙，请稍后重试').boundingBox())!;
    const retry = (await failure.getByRole('button', { name: '重新加载' }).boundingBox())!;
    expect(retry.y - (text.y + text.height)).toBeGreaterThanOrEqual(8);
    await atWidths(page, 'messages-failed');
    // 重新加载 after the server is back: the list, and 全部已读 with it.
    await context.unroute('**/tydApi/v1/notice/notice-list');
    await tap(page, failure.getByRole('button', { name: '重新加载' }));
    await page.getByRole('list', { name: '通知列表' }).getByText(NOTICE_TITLE).waitFor();
    await page.getByRole('button', { name: '全部已读' }).waitFor();
    expect(await page.locator('.toast--fail').count()).toBe(0);
    await context.close();
  });
});

describe('the operators’ pages', () => {
  /** An operator's desktop browser set to English: where datetime-local showed mm/dd/yyyy. */
  const operatorContext = () =>
    browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: DEVICE_SCALE,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });

  it('/ops/content asks nothing before sign-in, says 已发布 once, and schedules a Beijing time typed on an English system', async () => {
    const context = await operatorContext();
    const page = await context.newPage();
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ops/api/')) asked.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      // The session asked for before signing in answers 401, which the browser logs: expected.
      if (message.type() === 'error' && !message.text().includes('status of 401')) errors.push(message.text());
    });
    const operator = await addOperator(server, 'content_editor');
    await page.goto(`${server.baseUrl}/ops/content`);
    const nameField = page.getByLabel('账号');
    await nameField.waitFor();
    await waitForApp(page);
    await nameField.fill(operator.name);
    await page.getByLabel('密码').fill(operator.password);
    await page.getByLabel('动态验证码').fill(currentCode(operator));
    // Only whether a session is there was asked (no preview of an empty body, no list).
    expect(asked).toEqual(['/ops/api/session']);
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: /系统维护通知/ }).waitFor();

    const editor = page.getByRole('form', { name: '内容编辑' });
    await editor.getByLabel('标题').fill('运营后台：定时发布的公告');
    await editor.getByLabel('正文（Markdown）').fill('客服电话 [400-000-0000](tel:4000000000)');
    await page.getByTestId('ops-preview').getByRole('link', { name: '400-000-0000' }).waitFor();
    await editor.getByRole('button', { name: '保存并发布' }).click();
    await expect.poll(() => editor.getByRole('status').textContent()).toBe('已发布');

    await editor.getByRole('button', { name: '新建' }).click();
    await editor.getByLabel('标题').fill('运营后台：双十二活动公告');
    await editor.getByLabel('正文（Markdown）').fill('活动说明');
    const when = editor.getByLabel('定时发布（北京时间）');
    await when.fill('2030-12-12 09:30');
    await editor.getByText('将于 2030年12月12日 星期四 09:30（北京时间）发布').waitFor();
    await atWidths(page, 'ops-content-schedule');
    await editor.getByRole('button', { name: '定时发布' }).click();
    await expect.poll(() => editor.getByRole('status').textContent()).toBe('已定时，将于 2030年12月12日 星期四 09:30（北京时间）发布');
    const { items } = await ops<{ items: Array<{ title: string; publishAt: number | null; status: string }> }>('GET', OPS_CONTENT_PATH);
    expect(items.find((item) => item.title === '运营后台：双十二活动公告')).toMatchObject({ status: 'scheduled', publishAt: Date.UTC(2030, 11, 12, 1, 30) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/ops/rewards names the audit's fields in words", async () => {
    const summary = await ops<{ items: Array<{ id: string; pointsCost: number | null }> }>('GET', OPS_PATH.rewards);
    const item = summary.items[0]!;
    // A cost change waits for a second rewards manager (docs/operations.md "Approvals"): asked, then approved.
    const asked = await ops<{ approval: { id: string } }>('POST', opsUrl(OPS_PATH.rewardsItem, { id: item.id }), { pointsCost: 300, perUserLimit: null });
    const checker = await opsApiClient(server, 'rewards_manager');
    await checker.call('POST', opsUrl(OPS_PATH.approvalApprove, { id: asked.approval.id }), {});
    const context = await operatorContext();
    const page = await context.newPage();
    await signedInOperator(context, server, 'rewards_manager');
    await page.goto(`${server.baseUrl}/ops/rewards`);
    const audit = page.getByRole('region', { name: '操作记录' });
    await audit.getByText('兑换所需积分：300，每人限兑：不限/无，原兑换所需积分：').waitFor();
    expect(await audit.textContent()).not.toMatch(/points_cost|pointsCost|item_id|itemId|perUserLimit/);
    await atWidths(page, 'ops-rewards-audit', audit);
    await context.close();
  });
});
