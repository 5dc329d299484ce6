// /mine/signOff against the real server: a logged-out visitor is sent to login and comes back;
// the page explains, asks for a fresh deregistration code, confirms, and ends with the account gone. A person
// holding points, a voucher and a card sees those figures of their own on the page and again in the
// confirmation (PIPL art. 47; docs/api.md deregistration-impact), in a plain browser and the Android app shell.
// Screenshots (explanation, confirm dialog, done) are saved for review at 375x812, the figures and their
// confirmation at 320, 375 and 414 px.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../apps/server/test/support/api-client';
import { latestCode, outbox } from '../apps/server/test/support/accounts';
import { adminCommand } from './support/admin-command';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { expectFitsThePhone, screenshotsAtWidths, textLines } from './support/layout';
import { newPhone } from './support/phones';
import { codeFromOutbox } from './support/sms-outbox';
import { startServer, type RunningServer } from './support/server';
import { certify, loggedInContext, logInThroughForm, signedUpClient, type Shell } from './support/sign-in';
import { bindBankcard, checkLogin as checkLoginEndpoint, exchangePoints, userBindBankcard } from '@tyd/protocol';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SMS_COOLDOWN_SECONDS: '3', HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function checkLogin(token: string): Promise<string | undefined> {
  const client = await ApiClient.fromPage(server.baseUrl);
  client.accessToken = token;
  return (await client.call(checkLoginEndpoint, {})).response?.code;
}

/** A Luhn-valid 19-digit 工商银行 debit card number (docs/sandbox.md: the sandbox binds any valid number). */
const CARD_NUMBER = '6222021000112233449';

/** Waits out the server's per-number cooldown after the sign-up code, then gets a deregistration code. */
async function deregistrationCode(page: Page, phone: string): Promise<string> {
  const button = page.locator('.sms-code-button');
  for (let attempt = 0; attempt < 2; attempt++) {
    const since = Date.now() - 1_000;
    await button.click();
    await expect.poll(() => button.textContent()).toMatch(/^\d+秒后重发$/);
    const code = await expect
      .poll(async () => (await outbox(server.baseUrl, phone)).find((m) => m.purpose === 'deregister' && m.sentAt >= since)?.code, { timeout: 3_000 })
      .toMatch(/^\d{6}$/)
      .then(
        () => codeFromOutbox(server.baseUrl, phone, 'deregister', since),
        () => null,
      );
    if (code) return code;
    // 406 cooldown: the button counts down the server's seconds; ask again when it allows.
    await expect.poll(() => button.isDisabled(), { timeout: 15_000, interval: 500 }).toBe(false);
  }
  throw new Error('no deregistration code');
}

describe('/mine/signOff', () => {
  it('a logged-out visitor goes to login and, once logged in, comes back to the page', async () => {
    const phone = newPhone('136');
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/signOff`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/mine/signOff');
    await logInThroughForm(page, server.baseUrl, phone);
    await page.waitForURL((url) => url.pathname === '/mine/signOff');
    await page.getByRole('heading', { name: '注销后将立即删除' }).waitFor();
    await context.close();
  });

  it('explains, asks for a fresh code, confirms, deregisters: the session ends and the token is refused', { timeout: 90_000 }, async () => {
    const phone = newPhone('136');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    const context = await loggedInContext(browser, token, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/signOff`);
    await page.getByRole('heading', { name: '注销后将立即删除' }).waitFor();
    expect(await page.getByRole('region', { name: '依法保留的信息' }).textContent()).toContain('保存10年');
    await saveScreenshot(page, 'sign-off-explanation');
    await expectFitsThePhone(page);

    // A wrong code is said at the field; nothing happens to the account.
    const code = await deregistrationCode(page, phone);
    await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '申请注销' }).click();
    await page.getByRole('dialog', { name: '确认注销账号？' }).getByRole('button', { name: '确认注销' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('验证码错误，请重新输入');
    expect(await checkLogin(token)).toBe('200');

    await page.getByLabel('验证码').fill(code);
    await page.waitForFunction(() => !document.querySelector('.toast'));
    await page.getByRole('button', { name: '申请注销' }).click();
    const dialog = page.getByRole('dialog', { name: '确认注销账号？' });
    await dialog.waitFor();
    await saveScreenshot(page, 'sign-off-confirm');
    await dialog.getByRole('button', { name: '确认注销' }).click();
    await page.getByRole('heading', { name: '账号已注销' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.toast'));
    await saveScreenshot(page, 'sign-off-done');
    await expectFitsThePhone(page);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('phone')])).toEqual([null, null]);
    expect(await checkLogin(token)).toBe('401');

    // Back home the visitor is logged out.
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByRole('link', { name: '登录 / 注册' }).waitFor();
    await context.close();
  });

  describe.each([
    ['browser', null],
    ['Android app shell', 'android'],
  ] as const)('what the account loses, in the %s', (tag, shell: Shell) => {
    it('lists the account’s own points, voucher and card on the page and again before 确认注销', { timeout: 120_000 }, async () => {
      // A verified account (a card needs one) with a bound card, 650 points granted by an operator and 200 of
      // them exchanged for a voucher: 450 points and one voucher left.
      const phone = newPhone('136');
      const client = await signedUpClient(server.baseUrl, phone);
      await certify(client);
      const reserved = newPhone('135');
      const started = (await client.call(bindBankcard, { cardNumber: CARD_NUMBER, phone: reserved })).response?.data as { ticket: string };
      expect((await client.call(userBindBankcard, { ticket: started.ticket, smsCode: await latestCode(server.baseUrl, reserved) })).response?.code).toBe('200');
      await adminCommand(server, ['rewards', 'grant', phone, '650', '--operator', 'e2e']);
      const exchanged = (await client.call(exchangePoints, { itemId: 'coupon-repay-10', idempotencyKey: randomBytes(16).toString('base64url') })).response;
      expect(exchanged?.data?.balance, JSON.stringify(exchanged)).toBe(450);

      const context = await loggedInContext(browser, client.accessToken!, phone, shell);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/mine/signOff`);
      const losses = page.getByRole('region', { name: '注销后将失去' });
      await losses.getByRole('listitem').first().waitFor();
      expect(await losses.getByRole('listitem').allTextContents()).toEqual(['积分450', '卡券1 张', '银行卡将解除绑定1 张', '实名认证信息新账号需重新认证']);
      // First on the page, above what is erased.
      const regions = await page.getByRole('region').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
      expect(regions.indexOf('注销后将失去')).toBe(0);
      await screenshotsAtWidths(page, `sign-off-${tag === 'browser' ? 'browser' : 'android'}-losses`);

      // Any six digits open the confirmation (the code is checked by 确认注销); it repeats the figures.
      await page.getByLabel('验证码').fill('123456');
      await page.getByRole('button', { name: '申请注销' }).click();
      const dialog = page.getByRole('dialog', { name: '确认注销账号？' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('您将失去：积分 450、卡券 1 张、银行卡 1 张（将解除绑定）、实名认证信息（新账号需重新认证）。');
      // On the smallest phone its two actions are side by side or one above the other, never 确认 / 注销.
      await page.setViewportSize({ width: 320, height: 812 });
      expect(await textLines(dialog.getByRole('button'))).toEqual([1, 1]);
      await screenshotsAtWidths(page, `sign-off-${tag === 'browser' ? 'browser' : 'android'}-losses-confirm`);
      // 取消 keeps everything.
      await dialog.getByRole('button', { name: '取消' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await checkLogin(client.accessToken!)).toBe('200');
      await context.close();
    });
  });
});
