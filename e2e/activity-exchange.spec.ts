// Activity exchange in the system Chromium against the real server (docs/api.md "Vouchers and exchange",
// "Redeem codes", "Rewards operations"), at phone sizes: an operator grants points and issues a redeem
// batch with `npm run admin -- rewards …` (a child process on the server's DATA_DIR, docs/operations.md);
// the user exchanges points for a voucher through the confirm sheet, is told why a wrong code is refused,
// redeems a good one typed carelessly, and finds both in 我的卡券; in a plain mobile browser and in the
// simulated Android and iOS app shells. A new user sees the empty states; a logged-out visitor is sent to
// login. The operator's /ops/rewards page issues a batch whose codes download once and work.
// Screenshots at 320, 375 and 414 px: e2e/screenshots/activity-exchange-*.png and ops-rewards-*.png.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext } from './support/browser';
import { screenshotsAtWidths } from './support/layout';
import { readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { adminCommand } from './support/admin-command';
import { signedInOperator } from './support/operators';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';
import { redeemCode } from '@tyd/protocol';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** `npm run admin -- rewards …` against this server's database (docs/operations.md "Vouchers and redeem codes"). */
function admin(...args: string[]): Promise<string> {
  return adminCommand(server, ['rewards', ...args]);
}

/** A China date `days` from today, as the admin command takes it. */
const chinaDate = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const balance = async (page: Page) => Number(await page.locator('.draw__points').textContent());

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('activity exchange in the %s', (_where, shell) => {
  it('exchanges points for a voucher, refuses a wrong code, redeems a good one, and lists both in 我的卡券', { timeout: 180_000 }, async () => {
    const phone = newPhone('137');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    await admin('grant', phone, '1000', '--operator', 'e2e');
    const [code] = (await admin('redeem-batch', '--operator', 'e2e', '--name', '门店活动', '--points', '50', '--count', '1', '--expires', chinaDate(30)))
      .trim()
      .split('\n');
    const context = await loggedInContext(browser, token, phone, shell);
    const page = await context.newPage();
    const tag = shell ? `app-${shell}` : 'web';

    await page.goto(`${server.baseUrl}/activity-exchange`);
    const catalogue = page.getByRole('list', { name: '可兑换的卡券' });
    await catalogue.waitFor();
    expect(await balance(page)).toBe(1000);
    expect(await catalogue.getByRole('listitem').count()).toBe(3);
    await page.getByRole('region', { name: '我的卡券' }).getByText('暂无记录').waitFor();
    if (shell) {
      // No route title (SPEC §2 /activity-exchange): the app's bar gets the product's default title.
      await expect
        .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
        .toContain('通盈达');
    }
    await screenshotsAtWidths(page, `activity-exchange-${tag}-catalogue`);

    // 兑换 -> the confirm sheet says what it costs -> 确认兑换 -> the voucher.
    await page.getByRole('button', { name: '兑换 10元还款立减券' }).click();
    const sheet = page.getByRole('dialog', { name: '确认兑换' });
    await sheet.getByText('兑换将消耗200积分').waitFor();
    await screenshotsAtWidths(page, `activity-exchange-${tag}-confirm`);
    await sheet.getByRole('button', { name: '确认兑换' }).click();
    const done = page.getByRole('dialog', { name: '兑换成功' });
    await done.getByText(/10元还款立减券已放入我的卡券，有效期至\d{4}-\d{2}-\d{2}/).waitFor();
    await done.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => balance(page)).toBe(800);
    await expect.poll(() => catalogue.getByRole('listitem').filter({ hasText: '10元还款立减券' }).textContent()).toContain('已兑1张');

    // A wrong code: said under the field, with the tries left.
    const input = page.getByLabel('输入16位兑换码');
    await input.fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await page.getByRole('alert').getByText('兑换码无效，请核对后重新输入（还可尝试4次）').waitFor();
    await screenshotsAtWidths(page, `activity-exchange-${tag}-redeem-error`, page.getByRole('region', { name: '兑换码' }));

    // The good code typed in lower case without hyphens: grouped as typed, redeemed once.
    await input.fill('');
    await input.pressSequentially(code!.replaceAll('-', '').toLowerCase());
    expect(await input.inputValue()).toBe(code);
    await page.getByRole('button', { name: '兑换', exact: true }).click();
    await page.getByText('兑换成功，获得50积分').waitFor();
    await expect.poll(() => balance(page)).toBe(850);

    // 我的卡券: the exchanged voucher, valid, with where it came from.
    const vouchers = page.getByRole('list', { name: '我的卡券' });
    await vouchers.getByRole('listitem').first().waitFor();
    expect(await vouchers.getByRole('listitem').first().textContent()).toMatch(/10元还款立减券.*有效期至\d{4}-\d{2}-\d{2}来自积分兑换APP内使用/);
    await page.getByText('已全部加载').waitFor();
    await screenshotsAtWidths(page, `activity-exchange-${tag}-vouchers`, page.getByRole('region', { name: '我的卡券' }));
    // Where the voucher is spent: the company's app, not this page. Inside the app its borrowing page opens;
    // in a browser the way is the download page.
    await page.getByText('卡券在通盈达APP借款或还款时使用，本页面不能借款或还款。').waitFor();
    if (shell) {
      await page.getByRole('button', { name: '去APP使用' }).click();
      await expect
        .poll(async () => (await readNativeCalls(page)).some((call) => call.method === 'openWin' && (call.params as { page?: string }).page === 'loan'))
        .toBe(true);
    } else {
      expect(await page.getByRole('link', { name: '下载APP使用' }).getAttribute('href')).toBe('/download');
    }

    // A reload asks the server again: the same balance and voucher, nothing twice.
    await page.reload();
    await vouchers.getByRole('listitem').first().waitFor();
    expect(await balance(page)).toBe(850);
    expect(await vouchers.getByRole('listitem').count()).toBe(1);
    // The ledger says both.
    await page.getByRole('link', { name: '积分明细' }).click();
    await page.waitForURL((url) => url.pathname === '/activity/points');
    await page.getByText('积分兑换').waitFor();
    await page.getByText('兑换码', { exact: true }).waitFor();
    await context.close();
  });
});

describe('activity exchange for a new user', () => {
  it('shows 积分不足 on every voucher and 暂无记录 in 我的卡券', { timeout: 60_000 }, async () => {
    const phone = newPhone('137');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    const context = await loggedInContext(browser, token, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity-exchange`);
    await page.getByRole('list', { name: '可兑换的卡券' }).waitFor();
    expect(await page.getByRole('button', { name: /^积分不足 / }).count()).toBe(3);
    await page.getByRole('region', { name: '我的卡券' }).getByText('暂无记录').waitFor();
    await screenshotsAtWidths(page, 'activity-exchange-web-empty', page.getByRole('region', { name: '我的卡券' }));
    await context.close();
  });

  it('sends a logged-out visitor to login and back', { timeout: 60_000 }, async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/activity-exchange`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/activity-exchange');
    await context.close();
  });
});

describe('/ops/rewards', () => {
  it(
    'shows prizes, vouchers, the gift and batches; issues a batch whose downloaded codes work; changes a stock that users see',
    { timeout: 120_000 },
    async () => {
      const context = await newMobileContext(browser);
      const operator = await signedInOperator(context, server, 'rewards_manager');
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/ops/rewards`);
      await page.getByRole('region', { name: '抽奖奖品' }).waitFor();
      await screenshotsAtWidths(page, 'ops-rewards-top');

      // Issue a batch of two codes; its file downloads once.
      const form = page.getByRole('form', { name: '生成兑换码' });
      await form.getByLabel('批次名称').fill('e2e批次');
      await form.getByLabel('每码积分').fill('20');
      await form.getByLabel('数量（最多10000）').fill('2');
      await form.getByLabel('有效期至（含当日）').fill(chinaDate(7));
      await form.getByRole('button', { name: '生成兑换码' }).click();
      const link = page.getByRole('link', { name: '下载兑换码（.txt）' });
      await link.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const codes = (await (await download.createReadStream()).toArray()).join('').trim().split('\n');
      expect(codes).toHaveLength(2);
      await screenshotsAtWidths(page, 'ops-rewards-batch', page.getByRole('region', { name: '兑换码批次' }));
      await page.getByRole('list', { name: '全部批次' }).getByText('已使用 0/2').waitFor();

      // The 7天免息券 stock set to 0: a user sees 已兑完.
      const item = page.getByRole('form', { name: '卡券 7天免息券' });
      await item.getByLabel('库存（空=不限）').fill('0');
      await item.getByRole('button', { name: '保存' }).click();
      await page.getByText('已保存 7天免息券').waitFor();
      await page.getByRole('region', { name: '操作记录' }).getByText(operator.name, { exact: false }).first().waitFor();
      await screenshotsAtWidths(page, 'ops-rewards-audit', page.getByRole('region', { name: '操作记录' }));

      const phone = newPhone('137');
      const client = await signedUpClient(server.baseUrl, phone);
      expect((await client.call(redeemCode, { code: codes[0]!, idempotencyKey: randomBytes(16).toString('base64url') })).response?.data).toMatchObject({
        kind: 'points',
        points: 20,
      });
      const user = await loggedInContext(browser, client.accessToken!, phone);
      const userPage = await user.newPage();
      await userPage.goto(`${server.baseUrl}/activity-exchange`);
      await userPage.getByRole('button', { name: '已兑完 7天免息券' }).waitFor();
      expect(await balance(userPage)).toBe(20);
      await user.close();
      await context.close();
    },
  );
});
