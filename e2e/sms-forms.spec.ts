// The SMS code forms (/login and /mine/signOff) in the system Chromium against the real server: what
// the page says after asking for a code (right after the login code the server may refuse a
// deregistration code with a 406 cooldown, and the page then says none was sent), errors that go when
// their cause does, Enter in the phone field, pressed states under touch, and the layout at 320, 360,
// 375 and 414 px: no text outside the page's margins, nothing wider than the viewport, tap targets of
// at least 44 px (WCAG 2.5.5). Screenshots: e2e/screenshots/sms-forms-*.png.
import { COOKIE } from '@tyd/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../apps/server/test/support/api-client';
import { signUp } from '../apps/server/test/support/accounts';
import { launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';
import { codeFromOutbox, codesSent } from './support/sms-outbox';

const WIDTHS = [320, 360, 375, 414] as const;
const HEIGHT = 740;
/** --c-pressed in apps/web/src/styles/base.css. */
const PRESSED = 'rgb(232, 239, 255)';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The default resend cooldown (60 s) and its per-number rule: the deregistration code asked for
  // right after the login code is refused. The proof-of-work threshold is out of the way here.
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const codeButton = (page: Page) => page.locator('.sms-code-button');
const note = (page: Page) => page.locator('.sms-note');

async function openLogin(page: Page) {
  await page.goto(`${server.baseUrl}/login`);
  // The server's current documents are linked once they arrived.
  await page.getByRole('link', { name: '《隐私政策》' }).waitFor();
}

async function askForLoginCode(page: Page, phone: string): Promise<number> {
  await page.getByLabel('手机号').fill('');
  await page.getByLabel('手机号').pressSequentially(phone);
  const consent = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  if (!(await consent.isChecked())) await consent.check();
  const since = Date.now() - 1_000;
  await codeButton(page).click();
  await note(page)
    .getByText(/^验证码已发送至/)
    .waitFor();
  return since;
}

/** Logs `phone` in through the /login form; leaves the page wherever login leads. */
async function logIn(page: Page, phone: string) {
  await openLogin(page);
  const since = await askForLoginCode(page, phone);
  await page.getByLabel('验证码').fill(await codeFromOutbox(server.baseUrl, phone, 'login', since));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Layout faults: text outside the page's content box (its padding is the margin), and elements
 * wider than the viewport. Controls may reach into the margin (the consent box's 44 px target
 * does), text may not.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewport}`);
    const frame = document.querySelector('.page');
    if (!frame) return ['no .page'];
    const style = getComputedStyle(frame);
    const box = frame.getBoundingClientRect();
    const left = box.left + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.paddingRight);
    for (const element of Array.from(frame.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && (rect.left < -0.5 || rect.right > viewport + 0.5))
        problems.push(`${element.tagName} .${element.className} spans ${Math.round(rect.left)}..${Math.round(rect.right)}`);
    }
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width > 0 && (rect.left < left - 0.5 || rect.right > right + 0.5)) {
          problems.push(
            `text "${node.textContent.trim()}" at ${Math.round(rect.left)}..${Math.round(rect.right)}, margins at ${Math.round(left)}..${Math.round(right)}`,
          );
        }
      }
    }
    // A placeholder cut off by its field (a text node of its own in no tree walk).
    for (const input of Array.from(frame.querySelectorAll('input[placeholder]')) as HTMLInputElement[]) {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (context.measureText(input.placeholder).width > room + 0.5)
        problems.push(`placeholder "${input.placeholder}" cut off (${Math.round(room)} px of room)`);
    }
    return problems;
  });
}

/** Tap targets smaller than 44x44 px (WCAG 2.5.5): links, buttons, the consent box's label, inputs. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.page a, .page button, .page .consent__check, .page input:not([type=checkbox])'))
      .map((el) => ({ text: el.textContent?.trim() || el.getAttribute('aria-label') || el.className, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.width < 44 || rect.height < 44))
      .map(({ text, rect }) => `${text} ${Math.round(rect.width)}x${Math.round(rect.height)}`),
  );
}

async function expectLaidOut(page: Page) {
  expect(await layoutProblems(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
}

describe('SMS code forms', () => {
  it('/login: a key the fields refuse does not stay on screen, and the codes are not spell-checked', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await openLogin(page);
    // A numeric keypad also has . - and space: each refused at once, so the sixth digit still fits the code
    // field (maxlength 6) after one of them was pressed.
    const code = page.getByLabel('验证码', { exact: true });
    await code.pressSequentially('12345');
    for (const key of ['.', '-', ' ']) {
      await code.pressSequentially(key);
      expect(await code.inputValue()).toBe('12345');
    }
    await code.pressSequentially('6');
    expect(await code.inputValue()).toBe('123456');
    await page.getByRole('button', { name: /填写邀请码/ }).click();
    expect(await page.getByLabel(/邀请码/).getAttribute('spellcheck')).toBe('false');
    await context.close();
  });

  it('/login: Enter in the number goes on to the code; errors go when their cause does', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await openLogin(page);
    const phone = newPhone('135');

    // An incomplete number is said at the field, and the error goes as the number is completed.
    await page.getByLabel('手机号').pressSequentially(phone.slice(0, 7));
    await codeButton(page).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('请输入正确的手机号码');
    await page.getByLabel('手机号').pressSequentially(phone.slice(7));
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    // Focus came back after the last digit: typing on completed the number.
    expect(await page.getByLabel('手机号').inputValue()).toBe(`${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);

    // Enter in the number: focus moves to the code, the form is not submitted.
    await page.getByLabel('手机号').press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    expect(await page.locator('[role=alert]').allTextContents()).toEqual([]);

    // A wrong code (Enter in the code field submits) is said at the field and goes when it is edited.
    const since = await askForLoginCode(page, phone);
    const code = await codeFromOutbox(server.baseUrl, phone, 'login', since);
    await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('验证码').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('验证码错误，请重新输入');
    await page.getByLabel('验证码').press('Backspace');
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('/mine/signOff right after logging in: the 406 cooldown is said as "not sent", never as a code on its way', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    // An account made on this device: the browser carries the device cookie its sign-up was given, so it is
    // the owner's device (docs/api.md "SMS code rules"), its login code counts against the owner's cooldown,
    // and the deregistration code right after is refused by it.
    const phone = newPhone('135');
    const owner = await ApiClient.fromPage(server.baseUrl);
    expect((await signUp(owner, server.baseUrl, phone)).response?.code).toBe('200');
    await context.addCookies([{ name: COOKIE.device, value: owner.cookies.get(COOKIE.device)!, url: `${server.baseUrl}/tydApi` }]);
    await logIn(page, phone);
    await page.goto(`${server.baseUrl}/mine/signOff`);
    await page.getByRole('heading', { name: '验证身份' }).waitFor();

    // Hold the send call to see the loading toast (Chinese where the page names the action).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/tydApi/v1/user/sms-send-v1', async (route) => {
      await held;
      await route.continue();
    });
    const since = Date.now() - 1_000;
    await codeButton(page).click();
    await expect.poll(() => page.locator('.toast--loading').textContent()).toBe('发送中…');
    release();

    await expect.poll(() => note(page).textContent()).toMatch(/^验证码未发送：该手机号刚获取过验证码，请\d+秒后重新获取$/);
    expect(await page.locator('.page').textContent()).not.toContain('已发送');
    expect(await codesSent(server.baseUrl, phone, 'deregister', since)).toBe(0);
    expect(await codeButton(page).isDisabled()).toBe(true);
    expect(await codeButton(page).textContent()).toMatch(/^\d+秒后重发$/);
    await page.getByLabel('验证码').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'sms-forms-sign-off-not-sent');
    await context.close();
  });

  it('pressed states: secondary and text buttons, the consent box and the document links; none on a disabled button', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await openLogin(page);
    const cdp = await context.newCDPSession(page);
    // Headless Chromium does not turn synthetic touches into :active, so the state is forced through
    // DevTools (CSS.forcePseudoState), and what touch needs is checked apart: iOS Safari applies
    // :active only under a touchstart listener on the element or an ancestor: React listens for every
    // event on the root it renders into, touchstart among them (and on a portal's container likewise).
    const { result } = await cdp.send('Runtime.evaluate', { expression: "document.getElementById('root')" });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    expect(listeners.map((l) => l.type)).toContain('touchstart');

    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    async function pressedBackground(selector: string): Promise<[string, string]> {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const background = () =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor);
      const before = await background();
      await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['active'] });
      const pressed = await background();
      await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] });
      expect(await background()).toBe(before);
      return [before, pressed];
    }
    for (const selector of ['.sms-code-button', '.login__home', '.consent__check', '.consent__doc a']) {
      const [before, pressed] = await pressedBackground(selector);
      expect({ selector, before: before === PRESSED, pressed }).toEqual({ selector, before: false, pressed: PRESSED });
    }
    // A countdown disables the get-code button: pressing it shows nothing, since it does nothing.
    await page.evaluate(() => localStorage.setItem('tyd.smsCooldown.login', JSON.stringify({ until: Date.now() + 60_000, phone: null })));
    await page.reload();
    await page.getByRole('link', { name: '《隐私政策》' }).waitFor();
    expect(await codeButton(page).isDisabled()).toBe(true);
    const { root: reloaded } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: reloaded.nodeId, selector: '.sms-code-button' });
    await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['active'] });
    expect(await codeButton(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await context.close();
  });

  describe.each(WIDTHS)('%i px wide', (width) => {
    it('/login fits: empty, then with a sent note and an error', async () => {
      const context = await newMobileContext(browser);
      const page = await context.newPage();
      await page.setViewportSize({ width, height: HEIGHT });
      await openLogin(page);
      await expectLaidOut(page);
      await saveScreenshot(page, `sms-forms-login-${width}`);

      await askForLoginCode(page, newPhone('135'));
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('请输入验证码');
      await expectLaidOut(page);
      await saveScreenshot(page, `sms-forms-login-${width}-sent`);
      await context.close();
    });

    it('/mine/signOff fits, with its code field and note', async () => {
      // Signed up through the API a moment ago (the login form is the test above): the deregistration code
      // asked for now meets the login code's cooldown, as right after a login through the form.
      const phone = newPhone('135');
      const context = await loggedInContext(browser, (await signedUpClient(server.baseUrl, phone)).accessToken!, phone);
      const page = await context.newPage();
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(`${server.baseUrl}/mine/signOff`);
      await page.getByRole('heading', { name: '验证身份' }).waitFor();
      await expectLaidOut(page);
      await saveScreenshot(page, `sms-forms-sign-off-${width}`);

      await codeButton(page).click();
      await note(page).waitFor();
      await page.getByLabel('验证码').scrollIntoViewIfNeeded();
      await expectLaidOut(page);
      await saveScreenshot(page, `sms-forms-sign-off-${width}-code`);
      await context.close();
    });
  });
});
