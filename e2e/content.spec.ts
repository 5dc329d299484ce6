// Notices, messages and content against the real server and the real web build: an operator publishes
// announcements, an important notice and articles (the /ops content API, as the editor does), one of
// them full of script tricks; a user sees the home banner (dismissed for good), the unread badge, the
// lists with 点我加载更多··· / 已全部加载 and 暂无记录, the details; no dialog and no injected script
// ever runs. In a plain mobile browser and in the simulated app shell (its own account, given by the app:
// the same banner, badge, lists and details; the article's title and the share sheet go through the
// bridge). Last, the operators' editor at /ops/content against the same server. Screenshots at 320, 375
// and 414 px.
import { OPS_CONTENT_PATH } from '@tyd/protocol';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../apps/server/test/support/accounts';
import { ApiClient } from '../apps/server/test/support/api-client';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { screenshotsAtWidths } from './support/layout';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript, readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { opsApiClient, signedInOperator } from './support/operators';
import { startServer, type RunningServer } from './support/server';

/** Every trick an author could try; the page must show it as text and run none of it. */
const HOSTILE_BODY = [
  '安全说明正文第一段，较长的中文句子用来检查在窄屏上是否能够正常换行而不会溢出到页面之外。',
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"></svg>',
  "[点我](javascript:window.__xss='link') [再点](JaVaScRiPt:alert(1)) [编码](&#106;avascript:alert(1)) [数据](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox(1))",
  '![图](x" onerror="alert(1)) ![外链图](https://tracker.example/p.png)',
  '[站内链接](/discover/notice) [外部链接](https://example.com/)',
].join('\n\n');

let server: RunningServer;
let browser: Browser;
let token: string;
const ids: { notice: string; article: string; hostile: string; announcements: string[] } = { notice: '', article: '', hostile: '', announcements: [] };

/** The content API as a content editor signed in (support/operators.ts). */
let contentEditor: Awaited<ReturnType<typeof opsApiClient>>;
const ops = <T>(method: string, path: string, body?: unknown): Promise<T> => contentEditor.call<T>(method, `${OPS_CONTENT_PATH}${path}`, body);

async function publish(kind: 'notice' | 'announcement' | 'article', title: string, body: string, important = false): Promise<string> {
  const { id } = await ops<{ id: string }>('POST', '', { kind, title, body, important, by: '运营e2e' });
  await ops('POST', `/${id}/publish`, { by: '运营e2e' });
  return id;
}

/** A new account's access token. */
async function newAccount(): Promise<string> {
  const client = await ApiClient.fromPage(server.baseUrl);
  const result = await signUp(client, server.baseUrl, newPhone('137'));
  expect(result.response?.code).toBe('200');
  return client.accessToken!;
}

/** The simulated app shell; `appToken`: the account the app is logged in with, which the page adopts. */
const appContext = (appToken = '') =>
  newMobileContext(browser, {
    userAgent: APP_USER_AGENTS.androidZhongduoduo,
    initScripts: [nativeShellScript({ appInfo: { ...DEFAULT_APP_INFO, token: appToken } })],
  });

async function loggedInContext(opts: { userAgent?: string; initScripts?: string[] } = {}): Promise<BrowserContext> {
  const context = await newMobileContext(browser, opts);
  await context.addInitScript((t) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('accessToken', t);
  }, token);
  return context;
}

/** Fails the journey on any dialog and records whether an injected script ran. */
function guard(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

const atWidths = (page: Page, name: string, target?: Locator) => screenshotsAtWidths(page, `content-${name}`, target);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
  contentEditor = await opsApiClient(server, 'content_editor');
  token = await newAccount();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('content journey in a mobile browser', () => {
  it('shows 暂无记录 before anything is published, in the browser and in the app', async () => {
    for (const [context, name] of [
      [await newMobileContext(browser), 'announcements-empty'],
      [await appContext(), 'announcements-empty-in-app'],
    ] as const) {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/discover/notice`);
      await page.getByText('暂无记录').waitFor();
      await atWidths(page, name);
      await context.close();
    }
  });

  it('an operator publishes; the user sees the banner, the badge, the lists and the details', async () => {
    for (let i = 1; i <= 22; i++) ids.announcements.push(await publish('announcement', `2026年第${i}期公司公告：关于服务时间调整的说明`, `第${i}期公告正文。`));
    ids.notice = await publish('notice', '系统升级通知：今晚22:00至次日02:00暂停借款申请', '升级期间暂停借款申请，**还款不受影响**。', true);
    ids.article = await publish('article', '如何保护您的账户安全', '## 三个习惯\n\n1. 不向他人透露验证码\n2. 定期检查登录提醒\n3. 更换手机号后及时更新');
    ids.hostile = await publish('article', '安全测试文章', HOSTILE_BODY);

    const context = await loggedInContext();
    const page = await context.newPage();
    const seen = guard(page);
    await page.goto(`${server.baseUrl}/`);
    // The banner, the badge (the notice and the welcome message) and the newest articles.
    const banner = page.getByRole('complementary', { name: '重要通知' });
    await banner.getByText('系统升级通知').waitFor();
    await page.getByRole('link', { name: /^消息中心\s*您有2条未读消息/ }).waitFor();
    await page.getByRole('region', { name: '最新资讯' }).getByText('如何保护您的账户安全').waitFor();
    await atWidths(page, 'home');
    await page.getByRole('button', { name: '关闭通知' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await page.getByRole('link', { name: /^消息中心\s*您有2条未读消息/ }).waitFor();
    expect(await page.getByRole('complementary', { name: '重要通知' }).count()).toBe(0);

    // Announcements: 20, then 点我加载更多··· brings the last 2, then 已全部加载.
    await page.goto(`${server.baseUrl}/discover/notice`);
    const items = page.getByRole('list', { name: '公告列表' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    await atWidths(page, 'announcements');
    await page.getByRole('button', { name: '点我加载更多···' }).click();
    await expect.poll(() => items.count()).toBe(22);
    await page.getByText('已全部加载').waitFor();
    await saveScreenshot(page, 'content-announcements-all');
    await items.first().getByRole('link').click();
    await page.getByRole('heading', { name: '2026年第22期公司公告：关于服务时间调整的说明' }).waitFor();
    expect(await page.title()).toBe('公司公告');
    await atWidths(page, 'announcement-detail');

    // 消息中心: the notice unread, 全部已读 clears it; 我的消息 has the welcome.
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('list', { name: '通知列表' }).getByText('系统升级通知').waitFor();
    await atWidths(page, 'messages-notices');
    await page.getByRole('button', { name: '全部已读' }).click();
    await expect.poll(() => page.getByRole('list', { name: '通知列表' }).getByLabel('未读').count()).toBe(0);
    await page.getByRole('link', { name: /我的消息/ }).click();
    await page.getByRole('button', { name: /欢迎来到通盈达/ }).click();
    await page.getByText(/注册成功/).waitFor();
    await atWidths(page, 'messages-mine');
    // The notice itself, opened by its address.
    await page.goto(`${server.baseUrl}/messages/notice?id=${ids.notice}`);
    await page.getByRole('heading', { name: '系统升级通知：今晚22:00至次日02:00暂停借款申请' }).waitFor();
    expect(await page.locator('.rich-text strong').textContent()).toBe('还款不受影响');
    await atWidths(page, 'notice-detail');
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: '消息中心' }).waitFor();
    expect(seen.dialogs).toEqual([]);
    await context.close();
  });

  it('renders a hostile article as text: no dialog, no script, the title from the article', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    const seen = guard(page);
    await page.goto(`${server.baseUrl}/discover/detail?id=${ids.hostile}`);
    await page.getByRole('heading', { name: '安全测试文章' }).waitFor();
    await expect.poll(() => page.title()).toBe('安全测试文章');
    const body = page.locator('.rich-text');
    expect(await body.locator('script, svg, iframe, [onerror], [onload], [onclick]').count()).toBe(0);
    expect(await body.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/discover/notice', 'https://example.com/']);
    expect(await body.locator('a[href^="https:"]').getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await body.locator('img').count()).toBe(0);
    await body.getByText('<script>window.__xss = "script"</script>').waitFor();
    // Try the links that stayed text, hover and wait a little: nothing may run.
    await body.getByText('[点我](javascript:', { exact: false }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    expect(seen.dialogs).toEqual([]);
    await atWidths(page, 'article-hostile');
    // A same-origin link goes through the router.
    await body.getByRole('link', { name: '站内链接' }).click();
    await page.waitForURL(`${server.baseUrl}/discover/notice`);
    await context.close();
  });
});

describe('content journey in the app shell', () => {
  it('sends the article title to the app and shares through the bridge', async () => {
    const context = await loggedInContext({ userAgent: APP_USER_AGENTS.androidZhongduoduo, initScripts: [nativeShellScript()] });
    const page = await context.newPage();
    const seen = guard(page);
    await page.goto(`${server.baseUrl}/discover/detail?id=${ids.article}`);
    await page.getByRole('heading', { name: '如何保护您的账户安全' }).waitFor();
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
      .toEqual(['如何保护您的账户安全']);
    // A default-title route: no page-view with the route's (absent) title.
    expect((await readNativeCalls(page)).filter((c) => c.method === 'logEvent' && (c.params as { en?: string }).en === 'pageview')).toEqual([]);
    await page.getByRole('button', { name: '分享' }).click();
    await expect
      .poll(async () => (await readNativeCalls(page)).find((c) => c.method === 'share')?.params)
      .toEqual({ title: '如何保护您的账户安全', url: `${server.baseUrl}/discover/detail?id=${ids.article}` });
    await atWidths(page, 'article-in-app');
    expect(seen.dialogs).toEqual([]);
    await context.close();
  });

  it('shows the banner, the unread badge, the lists and the details to the app’s account', async () => {
    const context = await appContext(await newAccount());
    const page = await context.newPage();
    const seen = guard(page);
    await page.goto(`${server.baseUrl}/`);
    // A new account: the important notice and the welcome message are unread.
    const banner = page.getByRole('complementary', { name: '重要通知' });
    await banner.getByText('系统升级通知').waitFor();
    await page.getByRole('link', { name: /^消息中心\s*您有2条未读消息/ }).waitFor();
    await atWidths(page, 'home-in-app');
    // The banner leads to the notice.
    await banner.getByRole('link').click();
    await page.waitForURL(`${server.baseUrl}/messages/notice?id=${ids.notice}`);
    await page.getByRole('heading', { name: '系统升级通知：今晚22:00至次日02:00暂停借款申请' }).waitFor();
    expect(await page.locator('.rich-text strong').textContent()).toBe('还款不受影响');
    await atWidths(page, 'notice-detail-in-app');

    // Read from the banner, the notice is read: 消息中心 opens where the welcome message is still unread, and on
    // 通知 the notice has no unread mark (docs/api.md "Notices, messages and content").
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('list', { name: '消息列表' }).getByLabel('未读').waitFor();
    await atWidths(page, 'messages-in-app');
    await page.goto(`${server.baseUrl}/messages?tab=notices`);
    const notices = page.getByRole('list', { name: '通知列表' });
    await notices.getByText('系统升级通知：今晚22:00至次日02:00暂停借款申请').waitFor();
    expect(await notices.getByLabel('未读').count()).toBe(0);

    // Announcements: 20, 点我加载更多··· brings the last 2, then 已全部加载; one opens at /discover/notice?id=.
    await page.goto(`${server.baseUrl}/discover/notice`);
    const items = page.getByRole('list', { name: '公告列表' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    await atWidths(page, 'announcements-in-app', items.last());
    await page.getByRole('button', { name: '点我加载更多···' }).click();
    await expect.poll(() => items.count()).toBe(22);
    await page.getByText('已全部加载').waitFor();
    await atWidths(page, 'announcements-all-in-app', items.last());
    const oldest = items.last().getByRole('link');
    const id = new URL((await oldest.getAttribute('href'))!, server.baseUrl).searchParams.get('id');
    expect(ids.announcements).toContain(id);
    const n = ids.announcements.indexOf(id!) + 1;
    await oldest.click();
    await page.waitForURL(`${server.baseUrl}/discover/notice?id=${id}`);
    await page.getByRole('heading', { name: `2026年第${n}期公司公告：关于服务时间调整的说明` }).waitFor();
    await page.getByText(`第${n}期公告正文。`).waitFor();
    await atWidths(page, 'announcement-detail-in-app');
    expect(seen.dialogs).toEqual([]);
    await context.close();
  });
});

describe('the operators’ editor at /ops/content', () => {
  it('previews through the server, publishes for readers and shows the item’s audit', async () => {
    const context = await newMobileContext(browser);
    const operator = await signedInOperator(context, server, 'content_editor');
    const page = await context.newPage();
    const seen = guard(page);
    await page.goto(`${server.baseUrl}/ops/content`);
    // Everything published above is listed, the newest first.
    await page.getByRole('button', { name: /\[资讯·已发布\] 安全测试文章/ }).waitFor();
    const editor = page.getByRole('form', { name: '内容编辑' });
    await editor.getByLabel('类型').selectOption('article');
    await editor.getByLabel('标题').fill('运营后台发布的资讯：核对中文标题在窄屏上的换行效果');
    await editor.getByLabel('正文（Markdown）').fill('## 小标题\n\n正文**加粗**，<script>window.__xss = 1</script>');
    // The preview is the server's rendering: the script stays text.
    await page.getByTestId('ops-preview').locator('.rich-text strong').getByText('加粗').waitFor();
    await page.getByTestId('ops-preview').getByText('<script>window.__xss = 1</script>').waitFor();
    await editor.getByRole('button', { name: '保存并发布' }).click();
    await page.getByRole('status').getByText('已发布', { exact: true }).waitFor();
    const audit = page.getByRole('list', { name: '操作记录' }).getByRole('listitem');
    await expect
      .poll(() => audit.allTextContents())
      .toEqual([expect.stringMatching(new RegExp(` ${operator.name} 发布（第2版）$`)), expect.stringMatching(new RegExp(` ${operator.name} 创建（第1版）$`))]);
    await atWidths(page, 'ops-editor');
    await page.getByRole('list', { name: '操作记录' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'content-ops-editor-audit');
    // Readers get it.
    const { items } = await ops<{ items: Array<{ id: string; title: string; status: string }> }>('GET', '');
    const published = items.find((item) => item.title.startsWith('运营后台发布的资讯'));
    expect(published?.status).toBe('published');
    await page.goto(`${server.baseUrl}/discover/detail?id=${published!.id}`);
    await page.getByRole('heading', { name: '运营后台发布的资讯：核对中文标题在窄屏上的换行效果' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    expect(seen.dialogs).toEqual([]);
    await context.close();
  });
});
