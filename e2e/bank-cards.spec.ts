// Bank cards in the system Chromium against the real server (docs/api.md "Bank cards"), at phone sizes: a
// verified user (certified through the API with the sandbox OCR and face) finds 暂无记录, binds a card
// through the page (number typed on the numeric keypad, the bank named as it is typed, the code sent to the
// reserved phone), sees it masked and default, makes a second card the default, finds the count and the
// default card on the tiles of home and 我的, and unbinds with a code to the account's phone. In a plain mobile
// browser and in the simulated Android and iOS app shells. Screenshots at 320, 375 and 414 px:
// e2e/screenshots/bank-cards-*.png.
import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../apps/server/test/support/api-client';
import { latestCode } from '../apps/server/test/support/accounts';
import { launchBrowser } from './support/browser';
import { screenshotsAtWidths as phoneScreenshots } from './support/layout';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { certify, loggedInContext, signedUpClient } from './support/sign-in';
import { codeFromOutbox } from './support/sms-outbox';
import { bindBankcard, userBindBankcard, certificationInfo } from '@tyd/protocol';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Short cooldown: the unbind code goes to the phone that logged in moments before.
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_COOLDOWN_SECONDS: '3' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A Luhn-valid 19-digit card number starting with `prefix`. */
function luhnCard(prefix: string): string {
  let body = prefix;
  while (body.length < 18) body += String(randomInt(0, 10));
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid 19-digit 工商银行 debit card number. */
const icbcCard = () => luhnCard('622202');

/** Signs up and certifies through the API (sandbox OCR and face); the client holds the session. */
async function verifiedAccount(phone: string): Promise<ApiClient> {
  const client = await signedUpClient(server.baseUrl, phone);
  await certify(client);
  return client;
}

const screenshotsAtWidths = (page: Page, name: string, target?: Locator) => phoneScreenshots(page, `bank-cards-${name}`, target);

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('bank cards in the %s', (_where, shell) => {
  it('binds a card, shows it masked, sets another as default and unbinds', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const client = await verifiedAccount(phone);
    const context = await loggedInContext(browser, client.accessToken!, phone, shell);
    const page = await context.newPage();
    const tag = shell ? `app-${shell}` : 'web';

    await page.goto(`${server.baseUrl}/mine`);
    await page
      .getByRole('link', { name: /^银行卡/ })
      .getByText('暂未绑定银行卡')
      .waitFor();
    if (!shell) await screenshotsAtWidths(page, `${tag}-mine-tile-empty`);
    await page.getByRole('link', { name: /^银行卡/ }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards');
    await page.getByText('暂无记录').waitFor();
    await screenshotsAtWidths(page, `${tag}-empty`);

    // Bind through the page.
    await page.getByRole('link', { name: '添加银行卡' }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards/bind');
    const cardNumber = icbcCard();
    const number = page.getByLabel('银行卡号');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    await number.pressSequentially(cardNumber);
    expect(await number.inputValue()).toBe(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
    await page.getByText('工商银行 · 借记卡').waitFor();
    const reserved = newPhone('136');
    await page.getByLabel('银行预留手机号').fill(reserved);
    await screenshotsAtWidths(page, `${tag}-bind-form`);
    const since = Date.now() - 1_000;
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText(`验证码已发送至银行预留手机号 ${reserved.slice(0, 3)}****${reserved.slice(7)}`).waitFor();
    await page.getByLabel('短信验证码').fill(await codeFromOutbox(server.baseUrl, reserved, 'bind-card', since));
    await screenshotsAtWidths(page, `${tag}-bind-code`);
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards');
    const last4 = cardNumber.slice(-4);
    await page.getByRole('link', { name: `工商银行借记卡，尾号${last4}，默认卡` }).waitFor();
    expect(await page.getByText(`${cardNumber.slice(0, 4)} **** **** ${last4}`).count()).toBe(1);
    expect(await page.content()).not.toContain(cardNumber);

    // A second card (through the API), then made the default on its page.
    const second = icbcCard();
    const secondPhone = newPhone('135');
    const started = (await client.call(bindBankcard, { cardNumber: second, phone: secondPhone })).response?.data as { ticket: string };
    expect((await client.call(userBindBankcard, { ticket: started.ticket, smsCode: await latestCode(server.baseUrl, secondPhone) })).response?.code).toBe(
      '200',
    );
    await page.reload();
    await page.getByRole('link', { name: `工商银行借记卡，尾号${second.slice(-4)}` }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards/detail');
    await page.getByRole('button', { name: '设为默认卡' }).click();
    await page.getByText('已设为默认卡').waitFor();
    await page.getByRole('button', { name: '设为默认卡' }).waitFor({ state: 'detached' });
    await screenshotsAtWidths(page, `${tag}-detail`);

    // Home and 我的: the count and the new default card, masked (SPEC §3).
    const secondLast4 = second.slice(-4);
    for (const [path, name] of [
      ['/', 'home'],
      ['/mine', 'mine'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      const tile = page.getByRole('link', { name: new RegExp(`^银行卡\\s*默认 工商银行 尾号${secondLast4}\\s*2张$`) });
      await tile.getByText(`默认 工商银行 尾号${secondLast4}`).waitFor();
      expect(await tile.getByText('2张', { exact: true }).count()).toBe(1);
      expect(await page.content()).not.toContain(second);
      if (!shell) {
        await tile.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshotsAtWidths(page, `${tag}-${name}-tile`);
      }
    }
    // The tile leads to the list; the new default's page again, to unbind it.
    await page.getByRole('link', { name: /^银行卡/ }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards');
    await page.getByRole('link', { name: `工商银行借记卡，尾号${secondLast4}，默认卡` }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards/detail');

    // Unbind it with a code to the account's phone; the first card is the default again.
    await page.getByRole('button', { name: '解绑银行卡' }).click();
    // The login code went to this phone seconds ago: the server may answer the cooldown (406, nothing sent);
    // the page then counts down and the code is asked for again when the button is free.
    let unbindSince = Date.now() - 1_000;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/验证码已发送|验证码未发送/).waitFor();
    if ((await page.getByText(/验证码未发送/).count()) > 0) {
      const again = page.getByRole('button', { name: '获取验证码' });
      await expect.poll(() => again.isEnabled(), { timeout: 20_000 }).toBe(true);
      unbindSince = Date.now() - 1_000;
      await again.click();
      await page.getByText(/验证码已发送/).waitFor();
    }
    await page.getByLabel('验证码', { exact: true }).fill(await codeFromOutbox(server.baseUrl, phone, 'unbind-card', unbindSince));
    await screenshotsAtWidths(page, `${tag}-unbind`);
    await page.getByRole('button', { name: '确认解绑' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认解绑' }).click();
    await page.waitForURL((url) => url.pathname === '/bank-cards');
    await page.getByRole('link', { name: `工商银行借记卡，尾号${last4}，默认卡` }).waitFor();
    expect(await page.getByRole('link', { name: /工商银行借记卡/ }).count()).toBe(1);
    await screenshotsAtWidths(page, `${tag}-after-unbind`);
    // Home again: one card, the first one, default again.
    await page.goto(`${server.baseUrl}/`);
    await page
      .getByRole('link', { name: new RegExp(`^银行卡\\s*工商银行 尾号${last4}\\s*1张$`) })
      .getByText(`工商银行 尾号${last4}`, { exact: true })
      .waitFor();
    // The binding and the unbinding reached 我的消息 (docs/api.md "Messages the product posts now").
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('link', { name: /我的消息/ }).click();
    await page.getByRole('button', { name: /银行卡已解绑/ }).waitFor();
    expect(await page.getByRole('button', { name: /银行卡绑定成功/ }).count()).toBe(2);
    await context.close();
  });
  it(
    'says one thing about a refused card, keeps bank marks round, names the holder, links and keeps the agreement, and shows skeletons',
    { timeout: 120_000 },
    async () => {
      const phone = newPhone('137');
      const client = await verifiedAccount(phone);
      const holder = ((await client.call(certificationInfo, {})).response?.data as { name: string }).name;
      const context = await loggedInContext(browser, client.accessToken!, phone, shell);
      const page = await context.newPage();
      const tag = shell ? `app-${shell}` : 'web';

      // While the list is on its way: the shape of a card, not 正在加载… on a blank page. The answer is held
      // until the skeleton has been looked at.
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      await page.route('**/bank-card-list', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.baseUrl}/bank-cards`);
      await page.locator('[aria-busy="true"] .bank-card--skeleton').waitFor();
      expect(await page.getByText('正在加载…').count()).toBe(0);
      await screenshotsAtWidths(page, `${tag}-loading`);
      release();
      await page.getByText('暂无记录').waitFor();
      await page.unroute('**/bank-card-list');

      await page.getByRole('link', { name: '添加银行卡' }).click();
      await page.waitForURL((url) => url.pathname === '/bank-cards/bind');
      // The holder is the verified identity, by its masked name.
      await page.getByText(`持卡人：${holder}`).waitFor();
      // The collapsed bank list is one row, not a large empty card.
      const supported = page.locator('details', { hasText: '查看支持的银行及限额' });
      expect((await supported.boundingBox())!.height).toBeLessThan(64);

      // A credit card: the refusal once (the typing hint does not repeat it).
      const number = page.getByLabel('银行卡号');
      await number.pressSequentially('6225750000000000');
      await page.getByRole('button', { name: '下一步' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByText(/暂不支持信用卡/).count()).toBe(1);
      // A card the bank reports frozen (the sandbox's 62000001…, docs/sandbox.md): its answer only, without
      // the typing hint's 未识别该卡号所属银行 beside it.
      await number.fill('');
      await number.pressSequentially(luhnCard('62000001'));
      await page.getByText('未识别该卡号所属银行，请核对卡号或查看支持的银行').waitFor();
      await page.getByLabel('银行预留手机号').fill(newPhone('136'));
      await page.getByRole('button', { name: '下一步' }).click();
      await page.getByText('该银行卡暂不可用，请更换其他银行卡').waitFor();
      expect(await page.getByText(/未识别该卡号所属银行/).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(1);
      await screenshotsAtWidths(page, `${tag}-bind-refused`);

      // 下一步 agrees to a real document, with its version.
      const terms = page.getByRole('link', { name: '《快捷支付服务协议》' });
      expect(new URL((await terms.getAttribute('href'))!).pathname).toBe('/agreements/quick-payment-agreement.html');
      if (!shell) {
        const [doc] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
        await doc.getByRole('heading', { name: '通盈达快捷支付服务协议' }).waitFor();
        await doc.getByText(/版本 2026-11-27/).waitFor();
        await doc.close();
      }

      // The supported banks, opened: every mark a circle, not an oval (.bank-mark keeps flex: none).
      await supported.locator('summary').click();
      await page.locator('.bank-cards__banks li').first().waitFor();
      const marks = await page
        .locator('.bank-cards__banks .bank-mark')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]));
      expect(marks.length).toBeGreaterThan(5);
      for (const [width, height] of marks) expect([width, height]).toEqual([28, 28]);
      await screenshotsAtWidths(page, `${tag}-banks`, page.locator('.bank-cards__banks'));

      // A card bound (through the API, as in the journey above), then its agreement: the version and when.
      const cardNumber = icbcCard();
      const reserved = newPhone('135');
      const started = (await client.call(bindBankcard, { cardNumber, phone: reserved })).response?.data as { ticket: string };
      const bound = (await client.call(userBindBankcard, { ticket: started.ticket, smsCode: await latestCode(server.baseUrl, reserved) })).response?.data as {
        cardId: string;
        agreement: { version: string; agreedAt: number };
      };
      expect(bound.agreement.version).toBe('2026-11-27');
      await page.goto(`${server.baseUrl}/bank-cards/detail?id=${bound.cardId}`);
      await page.getByRole('link', { name: '查看（2026-11-27版）' }).click();
      await page.waitForURL((url) => url.pathname === '/bank-cards/agreement');
      await page.getByText('同意的版本').waitFor();
      const agreedAt = new Date(bound.agreement.agreedAt + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      expect(await page.getByText('同意时间').evaluate((dt) => dt.nextElementSibling?.textContent)).toBe(agreedAt);
      expect(await page.getByText('同意的版本').evaluate((dt) => dt.nextElementSibling?.textContent)).toBe('2026-11-27');
      await page.getByText(`工商银行 尾号${cardNumber.slice(-4)}`).waitFor();
      await page.getByRole('link', { name: '查看协议全文' }).waitFor();
      await screenshotsAtWidths(page, `${tag}-agreement`);
      await context.close();
    },
  );

  it(
    'a typo fixed after the code was sent: going back to the same number says nothing was sent and when to retry, counting down',
    { timeout: 60_000 },
    async () => {
      const phone = newPhone('137');
      const client = await verifiedAccount(phone);
      const context = await loggedInContext(browser, client.accessToken!, phone, shell);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/bank-cards/bind`);
      await page.getByLabel('银行卡号').pressSequentially(icbcCard());
      const reserved = newPhone('136');
      await page.getByLabel('银行预留手机号').fill(reserved);
      await page.getByRole('button', { name: '下一步' }).click();
      await page.getByText(`验证码已发送至银行预留手机号 ${reserved.slice(0, 3)}****${reserved.slice(7)}`).waitFor();
      // 修改卡号或手机号, a typo typed and taken back: the same number again, within its cooldown.
      await page.getByRole('button', { name: '修改卡号或手机号' }).click();
      await page.getByLabel('银行预留手机号').fill(`${reserved.slice(0, 10)}0`);
      await page.getByLabel('银行预留手机号').fill(reserved);
      await page.getByRole('button', { name: '下一步' }).click();
      const note = page.getByRole('status').filter({ hasText: /^验证码未发送：该手机号刚获取过验证码，请\d+秒后重新获取$/ });
      await note.waitFor();
      expect(await page.getByRole('button', { name: '下一步' }).isDisabled()).toBe(true);
      expect(await page.locator('.toast--fail').count()).toBe(0);
      // What was typed is kept, and 下一步 comes back once the wait is over (this server's cooldown is short).
      await screenshotsAtWidths(page, `${shell ? `app-${shell}` : 'web'}-bind-not-sent`);
      await expect.poll(() => page.getByRole('button', { name: '下一步' }).isDisabled()).toBe(false);
      expect((await page.getByLabel('银行卡号').inputValue()).replace(/ /g, '')).toHaveLength(19);
      await context.close();
    },
  );

  it('in dark mode every bank’s mark reads: its colour on a white disc, at least 3:1 (WCAG 2.1 1.4.11)', { timeout: 60_000 }, async () => {
    const phone = newPhone('137');
    const client = await verifiedAccount(phone);
    const context = await loggedInContext(browser, client.accessToken!, phone, shell);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.baseUrl}/bank-cards/bind`);
    await page.getByText('查看支持的银行及限额').click();
    await page.locator('.bank-mark').nth(14).waitFor();
    const contrasts = await page.locator('.bank-mark').evaluateAll((marks) => {
      const luminance = (css: string) => {
        const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      return marks.map((mark) => {
        const style = getComputedStyle(mark);
        const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
        return { text: mark.textContent, ratio: (a! + 0.05) / (b! + 0.05) };
      });
    });
    expect(contrasts.length).toBeGreaterThanOrEqual(15);
    for (const { text, ratio } of contrasts) expect(ratio, text ?? '').toBeGreaterThanOrEqual(3);
    await screenshotsAtWidths(page, `${shell ? `app-${shell}` : 'web'}-dark-marks`);
    await context.close();
  });
});
