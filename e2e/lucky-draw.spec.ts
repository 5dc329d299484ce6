// Points and the lucky draw in the system Chromium against the real server (docs/api.md "Points and the
// lucky draw"), at phone sizes: an operator grants points with `npm run admin -- rewards grant` (a child
// process on the server's DATA_DIR, docs/operations.md "Points and prizes"); the user opens the draw page
// from home, reads the rules, draws, sees the result, the balance and the history, draws until the day's
// draws are used up, and reads 我的积分. A user without enough points sees why 抽奖 is disabled. In a plain
// mobile browser and in the simulated Android and iOS app shells (titles sent to the app, docs/bridge.md
// 3.2), and through get-lucky-draw-url's one-time address. The 九宫格: a real tap draws, the highlight runs
// only after the answer and lands on the cell of the prize the server recorded, taps during the draw draw
// nothing, and under prefers-reduced-motion the won cell is lit at once. A prize won (on a server whose
// 谢谢参与 weighs nothing, so every draw wins) grows its cell once and opens 恭喜中奖 only on landing; an
// account at 0 points is told how points are earned here, with the way to each. Screenshots at 320, 375
// and 414 px, light, dark and 关怀模式: e2e/screenshots/lucky-draw-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { CARE_MODE_ON } from './support/display-modes';
import { expectFitsThePhone, PHONE_WIDTHS, screenshotsAtWidths as phoneScreenshots } from './support/layout';
import { readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { adminCommand } from './support/admin-command';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';
import { getLuckyDrawUrl, luckyDrawHistory } from '@tyd/protocol';

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
  const stdout = await adminCommand(server, ['rewards', 'grant', phone, String(points), '--operator', 'e2e']);
  expect(JSON.parse(stdout)).toMatchObject({ granted: true, balance: points });
}

const screenshotsAtWidths = (page: Page, name: string) => phoneScreenshots(page, `lucky-draw-${name}`);

/** The whole page at 375 px, to review everything below the fold. */
async function fullPage(page: Page, name: string) {
  await saveScreenshot(page, `lucky-draw-${name}-full-375`, { fullPage: true });
}

const balance = async (page: Page) => Number(await page.locator('.draw__points').textContent());
const drawsLeft = async (page: Page) => (await page.getByText('今日剩余').locator('xpath=following-sibling::dd').textContent())!;

/** The dialog a prize won opens on landing. */
const winDialog = (page: Page) => page.getByRole('dialog', { name: '恭喜中奖' });

/**
 * Presses 抽奖 for the day's `n`th draw and waits for its answer; returns the points won (0 for 谢谢参与).
 * A prize won opens 恭喜中奖 naming it, which is closed with 知道了 as a person does before drawing again.
 */
async function drawOnce(page: Page, n: number): Promise<number> {
  await page.getByRole('button', { name: '抽奖', exact: true }).click();
  await expect.poll(() => drawsLeft(page)).toBe(`${DAILY_LIMIT - n}/${DAILY_LIMIT}次`);
  const title = (await page.locator('.draw-result__title').textContent())!;
  if (title === '谢谢参与') {
    expect(await winDialog(page).count()).toBe(0);
    return 0;
  }
  const prize = /^抽中 (.+)$/.exec(title)![1]!;
  await winDialog(page).getByText(prize, { exact: true }).waitFor();
  await winDialog(page).getByRole('button', { name: '知道了' }).click();
  await winDialog(page).waitFor({ state: 'detached' });
  return Number(/^(\d+)积分$/.exec(prize)![1]);
}

/** The display modes the draw's new moments are looked at in (docs/architecture.md "Design tokens and modes"). */
const MODES = [
  { name: 'light', dark: false, care: false },
  { name: 'dark', dark: true, care: false },
  { name: 'care', dark: false, care: true },
] as const;

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
    // Inside the apps the phone asks for less motion (a system setting many people use): the won cell is
    // lit at once. The browser run keeps the 1.2 s spin, so the journey meets both.
    if (shell) await page.emulateMedia({ reducedMotion: 'reduce' });
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

  it('at 0 points says how points are earned here, each way leading to its page (light, dark, 关怀模式)', { timeout: 90_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    for (const mode of MODES) {
      const context = await loggedInContext(browser, token, phone);
      if (mode.care) await context.addInitScript({ content: CARE_MODE_ON });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: mode.dark ? 'dark' : 'light' });
      await page.goto(`${server.baseUrl}/activity/lucky-draw`);
      await page.getByText('积分不足', { exact: true }).waitFor();
      expect(await balance(page)).toBe(0);
      await page.getByText(`每次抽奖需要${COST}积分，还差${COST}积分`, { exact: false }).waitFor();
      const ways = page.getByRole('region', { name: '如何获得积分' });
      const links = await ways.getByRole('link').evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('href')]));
      expect(links).toEqual([
        ['去邀请', '/activity/invite'],
        ['去兑换', '/activity-exchange'],
        ['去看看', '/cloudSteward/index'],
      ]);
      await phoneScreenshots(page, `lucky-draw-web-zero-points-${mode.name}`, page.getByRole('region', { name: '抽奖', exact: true }));
      if (mode.name === 'light') {
        // The ways lead somewhere real: 去邀请 opens the invite code, 去兑换 the redeem-code box.
        await ways.getByRole('link', { name: '去邀请：邀请好友' }).click();
        await page.waitForURL((url) => url.pathname === '/activity/invite');
        await expect.poll(() => page.locator('.invite__code').textContent()).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
        await page.goBack();
        await page.getByRole('region', { name: '如何获得积分' }).getByRole('link', { name: '去兑换：兑换码' }).click();
        await page.waitForURL((url) => url.pathname === '/activity-exchange');
        await page.getByLabel('输入16位兑换码').waitFor();
      }
      await context.close();
    }
  });

  it('in the Android app shell the ways are ordinary pages of the app', { timeout: 60_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    const context = await loggedInContext(browser, token, phone, 'android');
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity/lucky-draw`);
    await page.getByText('积分不足', { exact: true }).waitFor();
    await page.getByRole('region', { name: '如何获得积分' }).getByRole('link', { name: '去邀请：邀请好友' }).click();
    await page.waitForURL((url) => url.pathname === '/activity/invite');
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
      .toContain('邀请好友');
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

/** Records, in the page, each ring cell the highlight moves to (window.ringSteps), from now on. */
async function recordRing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const steps: number[] = [];
    (window as unknown as { ringSteps: number[] }).ringSteps = steps;
    const grid = document.querySelector('.draw-grid')!;
    new MutationObserver(() => {
      const lit = Array.from(grid.querySelectorAll('.draw-grid__cell')).findIndex((cell) => cell.classList.contains('draw-grid__cell--lit'));
      if (lit >= 0 && lit !== steps.at(-1)) steps.push(lit);
    }).observe(grid, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}
const ringSteps = (page: Page) => page.evaluate(() => (window as unknown as { ringSteps: number[] }).ringSteps);

/** The cell the ring landed on, as a screen reader names it. */
const landedCell = (page: Page) => page.getByRole('list', { name: '奖品' }).getByRole('listitem', { name: /（本次结果）$/ });

/** The draws the server recorded for the account, newest first. */
async function recorded(client: Awaited<ReturnType<typeof signedUpClient>>) {
  return ((await client.call(luckyDrawHistory, {})).response?.data as { items: { prizeName: string; kind: string }[] }).items;
}

/** Where the centre 抽奖 button is: a finger taps there (a tap on a busy button is not refused by the test). */
async function buttonCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = (await page.locator('.draw-grid__go').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Every cell square and its text inside it, at each phone width. */
async function expectSquareCellsThatFit(page: Page): Promise<void> {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const cells = await page.locator('.draw-grid__cell, .draw-grid__go').evaluateAll((els) =>
      els.map((el) => {
        const rect = el.getBoundingClientRect();
        return { width: rect.width, height: rect.height, fits: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight };
      }),
    );
    expect(cells).toHaveLength(9);
    for (const cell of cells) {
      expect(Math.abs(cell.width - cell.height)).toBeLessThan(1);
      expect(cell.width).toBeGreaterThanOrEqual(44);
      expect(cell.fits).toBe(true);
    }
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('the 九宫格', () => {
  /** A new account with `points`, on the draw page in a plain mobile browser; `client` holds its session. */
  async function drawPage(points: number) {
    const phone = newPhone('136');
    const client = await signedUpClient(server.baseUrl, phone);
    await grant(phone, points);
    const context = await loggedInContext(browser, client.accessToken!, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity/lucky-draw`);
    await page.getByRole('button', { name: '抽奖', exact: true }).waitFor();
    const draws: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/index/update-lucky-points')) draws.push(request.url());
    });
    return { client, context, page, draws };
  }

  it('a tap draws once; the highlight runs after the answer and lands on the prize the server recorded', { timeout: 90_000 }, async () => {
    const { client, context, page, draws } = await drawPage(100);
    const cells = page.getByRole('list', { name: '奖品' }).getByRole('listitem');
    expect(await cells.count()).toBe(8);
    expect(await cells.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
      '100积分',
      '20积分',
      '5积分',
      '谢谢参与',
      '100积分',
      '20积分',
      '5积分',
      '谢谢参与',
    ]);
    await expectSquareCellsThatFit(page);
    await recordRing(page);

    // A double tap: the second finds the draw in flight.
    const centre = await buttonCentre(page);
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    // The ring runs only once the server has answered; a tap during the run draws nothing.
    await page.locator('.draw-grid[data-state="spinning"]').waitFor();
    await page.touchscreen.tap(centre.x, centre.y);
    expect(await page.getByRole('button', { name: '抽奖中…' }).getAttribute('aria-busy')).toBe('true');
    await saveScreenshot(page, 'lucky-draw-web-grid-spinning-375');
    await landedCell(page).waitFor();
    await page.locator('.draw-result__title').waitFor();

    const [draw, ...others] = await recorded(client);
    expect(others).toEqual([]);
    expect(draws).toHaveLength(1);
    expect(await drawsLeft(page)).toBe(`${DAILY_LIMIT - 1}/${DAILY_LIMIT}次`);
    // The landed cell names, and shows, the prize the server recorded; so do the result and the history.
    expect(await landedCell(page).getAttribute('aria-label')).toBe(`${draw!.prizeName}（本次结果）`);
    expect(await landedCell(page).locator('.draw-grid__name').textContent()).toBe(draw!.prizeName);
    expect(await page.locator('.draw-result__title').textContent()).toBe(draw!.kind === 'thanks' ? '谢谢参与' : `抽中 ${draw!.prizeName}`);
    await expect
      .poll(() => page.getByRole('list', { name: '抽奖记录' }).getByRole('listitem').first().locator('.rewards__row-title').textContent())
      .toBe(draw!.kind === 'thanks' ? draw!.prizeName : `抽中${draw!.prizeName}`);
    // It ran clockwise and stopped on the cell after the last one lit.
    const steps = await ringSteps(page);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const landedAt = await cells.evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-current') === 'true'));
    expect(landedAt).toBe((steps.at(-1)! + 1) % 8);
    expect(await page.getByRole('button', { name: '抽奖', exact: true }).isEnabled()).toBe(true);

    await expectSquareCellsThatFit(page);
    await phoneScreenshots(page, 'lucky-draw-web-grid-landed', page.getByRole('region', { name: '抽奖', exact: true }));
    await context.close();
  });

  it('under prefers-reduced-motion the won cell is lit at once, with nothing moving', { timeout: 60_000 }, async () => {
    const { client, context, page, draws } = await drawPage(100);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await recordRing(page);
    const centre = await buttonCentre(page);
    await page.touchscreen.tap(centre.x, centre.y);
    await landedCell(page).waitFor();
    await page.locator('.draw-result__title').waitFor();
    const [draw] = await recorded(client);
    expect(await landedCell(page).getAttribute('aria-label')).toBe(`${draw!.prizeName}（本次结果）`);
    expect(await ringSteps(page)).toEqual([]);
    // And the result does not fade in either.
    expect(await page.locator('.draw-result').evaluate((el) => el.getAnimations().length)).toBe(0);
    expect(draws).toHaveLength(1);
    await saveScreenshot(page, 'lucky-draw-web-grid-reduced-motion-375');
    await context.close();
  });
});

describe('a prize won', () => {
  // A server of its own whose 谢谢参与 weighs nothing (an operator's change, docs/operations.md "Points and
  // prizes"): every draw wins a points prize, so the win's moment is met every time, not by luck.
  let winning: RunningServer;
  beforeAll(async () => {
    winning = await startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } });
    await adminCommand(winning, ['rewards', 'prize', 'thanks', '--operator', 'e2e', '--weight', '0']);
  });
  afterAll(async () => {
    await winning?.stop();
  });

  async function winningPage(mode: (typeof MODES)[number], points = 100) {
    const phone = newPhone('136');
    const client = await signedUpClient(winning.baseUrl, phone);
    const stdout = await adminCommand(winning, ['rewards', 'grant', phone, String(points), '--operator', 'e2e']);
    expect(JSON.parse(stdout)).toMatchObject({ granted: true });
    const context = await loggedInContext(browser, client.accessToken!, phone);
    if (mode.care) await context.addInitScript({ content: CARE_MODE_ON });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: mode.dark ? 'dark' : 'light' });
    await page.goto(`${winning.baseUrl}/activity/lucky-draw`);
    await page.getByRole('button', { name: '抽奖', exact: true }).waitFor();
    return { client, context, page };
  }

  it('lands first, then grows the won cell once and names the prize in 恭喜中奖; 知道了 closes it and 抽奖 draws again', { timeout: 90_000 }, async () => {
    const { client, context, page } = await winningPage(MODES[0]);
    // Whether the dialog was ever open while the ring still ran (it must not be).
    await page.evaluate(() => {
      const seen = { early: false };
      (window as unknown as { dialogSeen: typeof seen }).dialogSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="dialog"]') && document.querySelector('.draw-grid[data-state="spinning"]')) seen.early = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const centre = await buttonCentre(page);
    await page.touchscreen.tap(centre.x, centre.y);
    await page.locator('.draw-grid[data-state="spinning"]').waitFor();
    await winDialog(page).waitFor();
    expect(await page.evaluate(() => (window as unknown as { dialogSeen: { early: boolean } }).dialogSeen.early)).toBe(false);
    const [draw] = await recorded(client);
    expect(draw!.kind).toBe('points');
    expect(await winDialog(page).locator('.draw-win__prize').textContent()).toBe(draw!.prizeName);
    await winDialog(page)
      .getByText(/^已计入您的账户，当前积分 \d+$/)
      .waitFor();
    // The won cell, named as the result, grew once (an animation that runs out, never repeating).
    const won = page.locator('.draw-grid__cell--won');
    expect(await won.getAttribute('aria-label')).toBe(`${draw!.prizeName}（本次结果）`);
    const iterations = await won.evaluate((el) => el.getAnimations().map((a) => (a.effect?.getComputedTiming().iterations ?? 0) as number));
    expect(iterations.every((n) => n === 1)).toBe(true);
    await page.getByRole('region', { name: '抽奖', exact: true }).evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await phoneScreenshots(page, 'lucky-draw-web-win-light');
    await winDialog(page).getByRole('link', { name: '查看积分' }).waitFor();
    await winDialog(page).getByRole('button', { name: '知道了' }).click();
    await winDialog(page).waitFor({ state: 'detached' });
    await phoneScreenshots(page, 'lucky-draw-web-win-closed', page.getByRole('region', { name: '抽奖', exact: true }));
    // Still one press, one draw: the next press draws the second.
    await drawOnce(page, 2);
    expect(await recorded(client)).toHaveLength(2);
    await context.close();
  });

  it('in dark mode, in 关怀模式 and under prefers-reduced-motion the win is said without motion where asked', { timeout: 90_000 }, async () => {
    for (const mode of MODES.slice(1)) {
      const { context, page } = await winningPage(mode);
      await page.getByRole('button', { name: '抽奖', exact: true }).click();
      await winDialog(page).waitFor();
      const animations = await page.locator('.draw-grid__cell--won').evaluate((el) => el.getAnimations().length);
      // 关怀模式 keeps the cell still (a thicker border instead); dark mode only changes the colours.
      if (mode.care) expect(animations).toBe(0);
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      await phoneScreenshots(page, `lucky-draw-web-win-${mode.name}`);
      await context.close();
    }
    const { context, page } = await winningPage(MODES[0]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: '抽奖', exact: true }).click();
    await winDialog(page).waitFor();
    expect(await page.locator('.draw-grid__cell--won').evaluate((el) => el.getAnimations().length)).toBe(0);
    await context.close();
  });
});
