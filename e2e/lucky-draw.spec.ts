// Points and the lucky draw in the system Chromium against the real server (docs/api.md "Points and the
// lucky draw"), at phone sizes: an operator grants points with `npm run admin -- rewards grant` (a child
// process on the server's DATA_DIR, docs/operations.md "Points and prizes"); the user opens the draw page
// from home, reads the rules, draws, sees the result, the balance and the history, draws until the day's
// draws are used up, and reads 我的积分. A user without enough points sees why 抽奖 is disabled. In a plain
// mobile browser and in the simulated Android and iOS app shells (titles sent to the app, docs/bridge.md
// 3.2), and through get-lucky-draw-url's one-time address. Screenshots at 320, 375 and 414 px:
// e2e/screenshots/lucky-draw-*.png.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot, screenshotDir } from './support/browser';
import { expectFitsThePhone, screenshotsAtWidths as phoneScreenshots } from './support/layout';
import { readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { repoRoot, startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';
import { getLuckyDrawUrl } from '@tyd/protocol';

const run = promisify(execFile);
/** The server's defaults (REWARDS_DRAW_COST, REWARDS_DRAW_DAILY_LIMIT). */
const COST = 10;
const DAILY_LIMIT = 5;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Six sign-ups from one address: above the default, the SMS request asks for a human check.
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What an operator runs (docs/operations.md "Points and prizes"), against this server's database. */
async function grant(phone: string, points: number): Promise<void> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/admin-cli.ts', 'rewards', 'grant', phone, String(points), '--operator', 'e2e'],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir },
    },
  );
  expect(JSON.parse(stdout)).toMatchObject({ granted: true, balance: points });
}

const screenshotsAtWidths = (page: Page, name: string) => phoneScreenshots(page, `lucky-draw-${name}`);

/** The whole page at 375 px, to review everything below the fold. */
async function fullPage(page: Page, name: string) {
  await page.screenshot({ path: join(screenshotDir, `lucky-draw-${name}-full-375.png`), fullPage: true });
}

const balance = async (page: Page) => Number(await page.locator('.draw__points').textContent());
const drawsLeft = async (page: Page) => (await page.getByText('今日剩余').locator('xpath=following-sibling::dd').textContent())!;

/** Presses 抽奖 for the day's `n`th draw and waits for its answer; returns the points won (0 for 谢谢参与). */
async function drawOnce(page: Page, n: number): Promise<number> {
  await page.getByRole('button', { name: '抽奖', exact: true }).click();
  await expect.poll(() => drawsLeft(page)).toBe(`${DAILY_LIMIT - n}/${DAILY_LIMIT}次`);
  const title = (await page.locator('.draw-result__title').textContent())!;
  return title === '谢谢参与' ? 0 : Number(/^抽中 (\d+)积分$/.exec(title)![1]);
}

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('the lucky draw in the %s', (_where, shell) => {
  it('draws with granted points until the day’s draws are used up, with the rules, history and 我的积分', { timeout: 120_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    await grant(phone, 100);
    const context = await loggedInContext(browser, token, phone, shell);
    const page = await context.newPage();
    const tag = shell ? `app-${shell}` : 'web';

    // From home: the tile shows the granted points.
    await page.goto(`${server.baseUrl}/`);
    const tile = page.getByRole('link', { name: /积分抽奖/ });
    await tile.getByText('100积分').waitFor();
    if (!shell) await saveScreenshot(page, `lucky-draw-${tag}-home-tile-375`);
    await tile.click();
    await page.waitForURL((url) => url.pathname === '/activity/lucky-draw');
    await page.getByRole('button', { name: '抽奖', exact: true }).waitFor();
    expect(await balance(page)).toBe(100);
    expect(await drawsLeft(page)).toBe(`${DAILY_LIMIT}/${DAILY_LIMIT}次`);
    // The rules are on the page without a tap.
    const rules = page.getByRole('region', { name: '活动规则' });
    for (const text of [
      '中奖概率',
      '剩余数量',
      '奖品类型',
      `每次抽奖消耗${COST}积分，每人每天最多抽奖${DAILY_LIMIT}次`,
      '抽奖结果由服务器随机产生',
      '按“谢谢参与”处理',
      '积分自获得之日起365天内有效',
      '本活动由',
    ]) {
      expect(await rules.getByText(text, { exact: false }).first().isVisible()).toBe(true);
    }
    expect(await page.getByRole('table').getByRole('row').count()).toBe(5);
    await page.getByText('暂无记录').waitFor();
    await screenshotsAtWidths(page, `${tag}-start`);
    if (!shell) await fullPage(page, `${tag}-start`);

    // Inside the app the app's title bar says which page it is; the page does not hide the bars.
    if (shell) {
      await expect
        .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
        .toContain('积分抽奖');
    }

    // One draw: the result, the balance and the history.
    let expected = 100;
    const won = await drawOnce(page, 1);
    expected += won - COST;
    expect(await balance(page)).toBe(expected);
    expect(await drawsLeft(page)).toBe(`${DAILY_LIMIT - 1}/${DAILY_LIMIT}次`);
    await expect.poll(() => page.getByRole('list', { name: '抽奖记录' }).getByRole('listitem').count()).toBe(1);
    await screenshotsAtWidths(page, `${tag}-result`);

    // The rest of the day's draws; then 抽奖 is disabled and says why.
    for (let n = 2; n <= DAILY_LIMIT; n += 1) {
      expected += (await drawOnce(page, n)) - COST;
      await expect.poll(() => page.getByRole('list', { name: '抽奖记录' }).getByRole('listitem').count()).toBe(n);
    }
    expect(await balance(page)).toBe(expected);
    const button = page.getByRole('button', { name: '抽奖', exact: true });
    expect(await button.isDisabled()).toBe(true);
    await page.getByText('今日次数已用完', { exact: true }).waitFor();
    expect(await drawsLeft(page)).toBe(`0/${DAILY_LIMIT}次`);
    await screenshotsAtWidths(page, `${tag}-used-up`);
    if (!shell) await fullPage(page, `${tag}-used-up`);
    // A reload asks the server again: still used up.
    await page.reload();
    await page.getByText('今日次数已用完', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '抽奖', exact: true }).isDisabled()).toBe(true);

    // 我的积分: the balance and the ledger with its reasons.
    await page.getByRole('link', { name: '积分明细' }).click();
    await page.waitForURL((url) => url.pathname === '/activity/points');
    await page.getByText('运营发放').waitFor();
    expect(Number(await page.locator('.draw__points').textContent())).toBe(expected);
    await page.getByText(/^\d+积分将于\d{4}-\d{2}-\d{2}过期$/).waitFor();
    const entries = page.getByRole('list', { name: '积分明细' }).getByRole('listitem');
    expect(await entries.filter({ hasText: '抽奖消耗' }).count()).toBe(DAILY_LIMIT);
    expect(await entries.filter({ hasText: '−10' }).count()).toBe(DAILY_LIMIT);
    await page.getByText('已全部加载').waitFor();
    await screenshotsAtWidths(page, `${tag}-points`);
    if (shell) {
      await expect
        .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
        .toContain('我的积分');
    }

    // 我的 leads to both.
    await page.goto(`${server.baseUrl}/mine`);
    await page.getByRole('link', { name: /我的积分/ }).waitFor();
    await page
      .getByRole('link', { name: /积分抽奖/ })
      .getByText(`${expected}积分`)
      .waitFor();
    await context.close();
  });
});

describe('the lucky draw without enough points', () => {
  it('disables 抽奖 with 积分不足 and shows the empty history', { timeout: 60_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    await grant(phone, 5);
    const context = await loggedInContext(browser, token, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity/lucky-draw`);
    await page.getByText('积分不足', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '抽奖', exact: true }).isDisabled()).toBe(true);
    await page.getByText(`每次抽奖需要${COST}积分，还差5积分`, { exact: false }).waitFor();
    await screenshotsAtWidths(page, 'web-insufficient');
    await page.getByRole('link', { name: '积分明细' }).click();
    await page.getByText('运营发放').waitFor();
    await context.close();
  });
});

describe('a draw whose answer is lost', () => {
  it('is fetched again under the same key: one draw, charged once', { timeout: 60_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    await grant(phone, 100);
    const context = await loggedInContext(browser, token, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity/lucky-draw`);
    await page.getByRole('button', { name: '抽奖', exact: true }).waitFor();
    // The first draw reaches the server, which draws; its answer never reaches the page.
    let sent = 0;
    let lose = true;
    await page.route('**/tydApi/v1/index/update-lucky-points', async (route) => {
      sent += 1;
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: '抽奖', exact: true }).click();
    await page.getByText('网络异常，未能确认抽奖结果', { exact: false }).waitFor();
    await saveScreenshot(page, 'lucky-draw-web-lost-answer-375');
    await expectFitsThePhone(page);
    await page.getByRole('button', { name: '重新获取结果' }).click();
    await page.getByText('这是刚才那次抽奖的结果，未重复扣除积分').waitFor();
    await page.locator('.draw-result').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await saveScreenshot(page, 'lucky-draw-web-lost-answer-resolved-375');
    // Two requests (each sealed anew, so the key is not readable here); the server drew once: one draw in
    // the history, one day's draw and one cost taken.
    expect(sent).toBe(2);
    await expect.poll(() => page.getByRole('list', { name: '抽奖记录' }).getByRole('listitem').count()).toBe(1);
    expect(await drawsLeft(page)).toBe(`${DAILY_LIMIT - 1}/${DAILY_LIMIT}次`);
    const title = (await page.locator('.draw-result__title').textContent())!;
    const won = title === '谢谢参与' ? 0 : Number(/^抽中 (\d+)积分$/.exec(title)![1]);
    expect(await balance(page)).toBe(100 - COST + won);
    await context.close();
  });
});

describe('get-lucky-draw-url', () => {
  it('opens the draw page logged in from the one-time address, in a browser without a session', { timeout: 60_000 }, async () => {
    const phone = newPhone('136');
    const client = await signedUpClient(server.baseUrl, phone);
    const answer = (await client.call(getLuckyDrawUrl, {})).response;
    const url = (answer?.data as { url: string }).url;
    expect(url).toMatch(/^\/others\/tydPreJump\?/);
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${url}`);
    await page.waitForURL((u) => u.pathname === '/activity/lucky-draw', { timeout: 20_000 });
    await page.getByText('积分不足', { exact: true }).waitFor();
    await context.close();
  });
});

describe('a logged-out visitor', () => {
  it('is sent to login with the way back', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity/lucky-draw`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toContain('/activity/lucky-draw');
    await context.close();
  });
});
