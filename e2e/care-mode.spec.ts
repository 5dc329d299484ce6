// 关怀模式 measured against 移动互联网应用（App）适老化通用设计规范 on every page a signed-in person reaches,
// in a real mobile Chromium: every visible run of text at least 18 px with a line height of at least 1.3,
// every control (buttons, links that stand alone, fields, switches) at least 60×60 px, nothing wider than
// the phone, the prerendered page hydrated without a mismatch; home without promotions or lucky-draw invitations and with 消息, 我的 and 客服 first. Also
// with the system's text at 200 % (WCAG 2.1 1.4.4): the pages still fit. Inside the app the shell's own care
// mode and dark theme apply from the first paint (docs/bridge.md "Display settings"). Screenshots of every
// page, signed in with data and logged out, in care, dark and dark-care at 320/375/414, in the browser and
// the app shell, when E2E_SCREENSHOTS=1.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '../apps/server/test/support/accounts';
import { ROUTES } from '../apps/web/src/app/route-table';
import { adminCommand } from './support/admin-command';
import { launchBrowser, newMobileContext, saveScreenshot, screenshotsWanted } from './support/browser';
import { CARE_MODE_ON, LOGGED_IN_PATHS, MODES, openSettled, type Mode } from './support/display-modes';
import { expectNoHorizontalOverflow, PHONE_WIDTHS, textLines } from './support/layout';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript } from './support/native-shell';
import { opsApiClient } from './support/operators';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { certify, loggedInContext, logInThroughForm, signedUpClient } from './support/sign-in';
import { askQuestion, bindBankcard, exchangeInfo, exchangePoints, OPS_PATH, opsUrl, updateLuckyPoints, userBindBankcard } from '@tyd/protocol';

/** The standard's figures. */
const MIN_TEXT_PX = 18;
const MIN_LINE_HEIGHT = 1.3;
const MIN_CONTROL_PX = 60;

/** The operator's service number, in the footer and in the operators' texts as a tel: link. */
const SERVICE_PHONE = '400-820-0000';
const FAQ_WITH_PHONE = '提前还款怎么操作？';

interface Measured {
  texts: number;
  controls: number;
  smallestText: number;
  smallestControl: string;
  small: string[];
}

/**
 * Every visible element with text of its own, and every control, measured as laid out. A link inside a
 * sentence (an agreement's name in the consent line) is part of the text, not a control: it is measured as
 * text. Hidden text (screen-reader only, 1 px clipped) is not seen, so not measured.
 */
async function measure(page: Page, limits: { text: number; lineHeight: number; control: number }): Promise<Measured> {
  return page.evaluate((limit) => {
    const seen = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === 'hidden' || style.display === 'none' || node.getAttribute('aria-hidden') === 'true') return false;
        if (style.clipPath === 'inset(50%)') return false;
      }
      return true;
    };
    const small: string[] = [];
    let texts = 0;
    let controls = 0;
    let smallestText = Infinity;
    let smallestControl = '';
    let smallestArea = Infinity;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement || el.tagName === 'STYLE' || el.tagName === 'SCRIPT') continue;
      const ownText = Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const pseudo = getComputedStyle(el, '::after').content;
      const hasPseudoText = pseudo !== 'none' && pseudo !== '""' && pseudo !== 'normal';
      if ((ownText || hasPseudoText) && seen(el)) {
        texts += 1;
        const style = getComputedStyle(el);
        const size = parseFloat(style.fontSize);
        smallestText = Math.min(smallestText, size);
        const text = (el.textContent ?? '').trim().slice(0, 20);
        if (size < limit.text) small.push(`text ${size}px "${text}"`);
        const lineHeight = style.lineHeight === 'normal' ? 1.2 * size : parseFloat(style.lineHeight);
        if (lineHeight < limit.lineHeight * size - 0.5) small.push(`line height ${(lineHeight / size).toFixed(2)} "${text}"`);
      }
      const isControl =
        el.matches('button, select, textarea, input:not([type=hidden]), [role=switch], [role=tab], [role=button]') ||
        (el instanceof HTMLAnchorElement && getComputedStyle(el).display !== 'inline');
      if (isControl && seen(el)) {
        // A box or radio is the tap target of its label, which is measured as the control.
        const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') ?? el) : el;
        const rect = target.getBoundingClientRect();
        controls += 1;
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 20) || target.tagName;
        if (rect.width * rect.height < smallestArea) {
          smallestArea = rect.width * rect.height;
          smallestControl = `${Math.round(rect.width)}×${Math.round(rect.height)} "${name}"`;
        }
        if (rect.width < limit.control - 0.5 || rect.height < limit.control - 0.5)
          small.push(`control ${Math.round(rect.width)}×${Math.round(rect.height)} "${name}"`);
      }
    }
    return { texts, controls, smallestText, smallestControl, small };
  }, limits);
}

let server: RunningServer;
let browser: Browser;
let token: string;
let phone: string;

beforeAll(async () => {
  // The screenshots' account signs in twice and gets codes for its card: no wait between codes, no human check.
  // A service phone configured, as an operator does (docs/operations.md "Operator details"): the footer and
  // the notices carry a tel: link.
  [server, browser] = await Promise.all([startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_COOLDOWN_SECONDS: '1', SERVICE_PHONE } }), launchBrowser()]);
  phone = newPhone('139');
  token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function careContext(): Promise<BrowserContext> {
  const context = await loggedInContext(browser, token, phone);
  await context.addInitScript({ content: CARE_MODE_ON });
  return context;
}

describe('关怀模式, signed in, in the browser', () => {
  // Measured on pages with something on them (lists, a card, messages, records): an empty page shows only
  // its frame and its empty state.
  it('every page, with data: text at least 18 px with line height 1.3, controls at least 60×60 px, fits 320 px', { timeout: 300_000 }, async () => {
    const account = await dataAccount();
    const context = await loggedInContext(browser, account.token, account.phone);
    await context.addInitScript({ content: CARE_MODE_ON });
    const page = await context.newPage();
    const failures: string[] = [];
    const figures: string[] = [];
    // The same prerendered markup hydrates in care mode (apps/web/src/prerender.test.tsx renders every
    // route's hydration in care mode against the build's); here no page may throw in it.
    let current = '';
    page.on('pageerror', (error) => failures.push(`${current}: ${error.message.slice(0, 160)}`));
    for (const path of LOGGED_IN_PATHS) {
      current = path;
      await openSettled(page, `${server.baseUrl}${path}${account.query[path] ?? ''}`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(true);
      const found = await measure(page, { text: MIN_TEXT_PX, lineHeight: MIN_LINE_HEIGHT, control: MIN_CONTROL_PX });
      figures.push(`${path}: ${found.texts} text runs (smallest ${found.smallestText}px), ${found.controls} controls (smallest ${found.smallestControl})`);
      if (found.small.length) failures.push(`${path}:\n    ${found.small.join('\n    ')}`);
      await page.setViewportSize({ width: 320, height: 812 });
      await expectNoHorizontalOverflow(page, 320);
      await page.setViewportSize({ width: 375, height: 812 });
    }
    console.log(`care mode measured:\n${figures.join('\n')}`);
    await context.close();
    expect(failures).toEqual([]);
  });

  it('home: 消息, 我的 and 客服 first, no promotions or lucky-draw invitations, one column', async () => {
    const context = await careContext();
    const page = await context.newPage();
    await openSettled(page, `${server.baseUrl}/`);
    const first = page.getByRole('navigation', { name: '常用' }).getByRole('link');
    expect((await first.allTextContents()).map((text) => text.slice(0, 2))).toEqual(['消息', '我的', '客服']);
    // Before every other section of the page but the brand line and the switch.
    const order = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const shown = Array.from(main.children).filter((el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 1);
      return shown.map((el) => el.getAttribute('aria-label') ?? el.className);
    });
    expect(order.indexOf('常用')).toBeLessThanOrEqual(2);
    for (const promotion of [/积分抽奖/, /新人礼/, /积分兑换/, /邀请好友/, /最新资讯/]) {
      expect(await page.getByRole('link', { name: promotion }).count()).toBe(0);
    }
    expect(await page.getByRole('region', { name: '最新资讯' }).count()).toBe(0);
    // One column: no two visible blocks of the page side by side.
    const sideBySide = await page.evaluate(() => {
      const boxes = Array.from(document.querySelectorAll('main li, main section, main a.summary-tile'))
        .map((el) => el.getBoundingClientRect())
        .filter((rect) => rect.width > 1 && rect.height > 1);
      return boxes.some((a) => boxes.some((b) => a !== b && a.right <= b.left && a.top < b.bottom && b.top < a.bottom));
    });
    expect(sideBySide).toBe(false);
    await context.close();
  });

  it('with the system text at 200 %, every page still fits the phone (rem sizes, WCAG 2.1 1.4.4)', { timeout: 300_000 }, async () => {
    const context = await loggedInContext(browser, token, phone);
    const page = await context.newPage();
    const failures: string[] = [];
    for (const path of LOGGED_IN_PATHS) {
      await openSettled(page, `${server.baseUrl}${path}`);
      // What a webview's text zoom or a browser's default font size of 32 px does to rem sizes.
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      const rootSize = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(rootSize).toBe(32);
      const wide = await page.evaluate(() => {
        const width = document.documentElement.scrollWidth;
        if (width <= innerWidth) return null;
        // The outermost elements that stick out, to say what to fix.
        const out = Array.from(document.body.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().right > innerWidth + 1);
        const outermost = out.filter((el) => !out.includes(el.parentElement!));
        return `${width}px wide: ${outermost.map((el) => `${el.tagName.toLowerCase()}.${el.className}`).join(', ')}`;
      });
      if (wide) failures.push(`${path}: ${wide}`);
    }
    await context.close();
    expect(failures).toEqual([]);
  });
});

describe('关怀模式 and dark theme from the app shell', () => {
  it('the shell’s settings apply before the first paint, and the pages meet the figures', { timeout: 120_000 }, async () => {
    const context = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [
        nativeShellScript({ platform: 'android', appInfo: { ...DEFAULT_APP_INFO, token, phone }, displaySettings: { careMode: true, theme: 'dark' } }),
        // The <html> classes when parsing ends, before any module script ran.
        `document.addEventListener('readystatechange', () => { if (document.readyState === 'interactive') window.__firstClasses = document.documentElement.className; });`,
      ],
    });
    const page = await context.newPage();
    for (const path of ['/', '/mine', '/mine/settings', '/activity/lucky-draw', '/bank-cards/bind']) {
      await openSettled(page, `${server.baseUrl}${path}`);
      const first = await page.evaluate(() => (window as unknown as { __firstClasses: string }).__firstClasses.split(' '));
      expect(first).toEqual(expect.arrayContaining(['in-app', 'care', 'theme-dark']));
      // Dark surfaces: the page background is dark although the system scheme is light.
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-bg').trim())).toBe('#101216');
      const found = await measure(page, { text: MIN_TEXT_PX, lineHeight: MIN_LINE_HEIGHT, control: MIN_CONTROL_PX });
      expect(found.small, path).toEqual([]);
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 812 });
        await saveScreenshot(page, `care-app-dark${path === '/' ? '-home' : path.replaceAll('/', '-')}-${width}`);
        await expectNoHorizontalOverflow(page, width);
      }
      await page.setViewportSize({ width: 375, height: 812 });
    }
    // Switched off on this device, it stays off here although the app's care mode is on.
    await openSettled(page, `${server.baseUrl}/mine/settings`);
    await page.getByRole('switch', { name: /关怀模式/ }).click();
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(false);
    await context.close();
  });
});

/** A Luhn-valid 19-digit 工商银行 debit card number (docs/sandbox.md: the sandbox binds any valid number). */
const SCREENSHOT_CARD = '6222021000112233449';

/** The modes the screenshots show every page in; normal mode is in each journey's own pictures. */
const SCREENSHOT_MODES: readonly Mode[] = MODES.filter((mode) => mode.care || mode.dark);

/** Every route a visitor reaches without a session, and a path that is no route (404); operators' pages aside. */
const LOGGED_OUT_PATHS = [...ROUTES.filter((route) => !route.requiresLogin).map((route) => route.path), '/no-such-page'];

// Made by the first test that needs it (expect.poll, which reading the SMS outbox uses, runs only in a test).
describe('关怀模式 keeps a sentence with links one sentence', () => {
  it('the consent line at 320 px: its two lines 44 px apart, not 60, each document still a 60 px target', async () => {
    const context = await newMobileContext(browser);
    await context.addInitScript({ content: CARE_MODE_ON });
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 812 });
    await openSettled(page, `${server.baseUrl}/login`);
    const links = page.locator('.consent__doc a');
    const [first, second] = [(await links.nth(0).boundingBox())!, (await links.nth(1).boundingBox())!];
    expect(Math.min(first.height, second.height)).toBeGreaterThanOrEqual(MIN_CONTROL_PX - 0.5);
    // On two lines at this width (or one, where it fits): never a line pushed a whole target down.
    if (second.y > first.y + 1) expect(second.y - first.y).toBeLessThanOrEqual(44.5);
    await context.close();
  });

  // The service number in the footer (login, 我的) and in the operators' Markdown (an answer of 帮助与客服's
  // 常见问题, a notice): each still a 60 px target, its line no taller than the 44 px of normal mode.
  it.each(PHONE_WIDTHS.filter((width) => width < 414))(
    'a service number’s tel: link at %i px: its line at most 44 px high, the link a 60 px target',
    { timeout: 120_000 },
    async (width) => {
      const account = await dataAccount();
      const pages: Array<{ path: string; signedIn: boolean; open?: (page: Page) => Promise<void> }> = [
        { path: '/login', signedIn: false },
        { path: '/mine', signedIn: true },
        { path: '/mine/help', signedIn: true, open: (page) => page.getByRole('button', { name: FAQ_WITH_PHONE }).click() },
        { path: `/messages/notice${account.query['/messages/notice']}`, signedIn: true },
      ];
      const found: Array<{ path: string; number: string; line: number; target: number }> = [];
      for (const { path, signedIn, open } of pages) {
        const context = signedIn ? await loggedInContext(browser, account.token, account.phone) : await newMobileContext(browser);
        await context.addInitScript({ content: CARE_MODE_ON });
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 812 });
        await openSettled(page, `${server.baseUrl}${path}`);
        await open?.(page);
        await page.locator('a[href^="tel:"]').first().waitFor();
        const lines = await telLinkLines(page);
        expect(lines.length, path).toBeGreaterThan(0);
        found.push(...lines.map((line) => ({ path, ...line })));
        await context.close();
      }
      const said = ({ path, number, line, target }: (typeof found)[number]) => `${path} ${number}: line ${line.toFixed(1)} px, target ${target.toFixed(1)} px`;
      console.log(`tel: links in 关怀模式 at ${width} px:\n${found.map(said).join('\n')}`);
      expect(found.filter(({ line, target }) => target < MIN_CONTROL_PX - 0.5 || line > 44.5).map(said)).toEqual([]);
    },
  );
});

describe('关怀模式 on the smallest phone', () => {
  it('我的卡券 at 320 px: each voucher’s name on one line, its state under it where there is no room beside it', async () => {
    const account = await dataAccount();
    const context = await loggedInContext(browser, account.token, account.phone);
    await context.addInitScript({ content: CARE_MODE_ON });
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 812 });
    await openSettled(page, `${server.baseUrl}/activity-exchange`);
    const names = page.getByRole('list', { name: '我的卡券' }).locator('.voucher__name');
    await names.first().waitFor();
    const lines = await textLines(names);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.every((count) => count === 1),
      `lines of ${(await names.allTextContents()).join(', ')}: ${lines.join(', ')}`,
    ).toBe(true);
    await expectNoHorizontalOverflow(page, 320);
    await context.close();
  });

  it('设置 at 320 px: each choice of 深色模式 on one line (跟随系统 not broken)', async () => {
    const context = await careContext();
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 812 });
    await openSettled(page, `${server.baseUrl}/mine/settings`);
    const choices = page.getByRole('radiogroup', { name: '深色模式' }).getByRole('radio');
    expect(await choices.allTextContents()).toEqual(['跟随系统', '浅色', '深色']);
    expect(await textLines(choices)).toEqual([1, 1, 1]);
    await expectNoHorizontalOverflow(page, 320);
    await context.close();
  });
});

/**
 * Every tel: link inside a line of text on the page (not one that is a button of its own): the height of
 * its tap target, and the height of the line it is on. The line is measured against the same text without
 * the target: a copy of the paragraph, as wide, with the link laid out as plain inline text (unbreakable,
 * as the link is); what the paragraph is taller than its copy is what the target adds to the line.
 */
async function telLinkLines(page: Page): Promise<Array<{ number: string; target: number; line: number }>> {
  return page.evaluate(() => {
    const inline = (el: Element) => getComputedStyle(el).display.startsWith('inline');
    return Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]'))
      .filter((link) => inline(link) && link.getBoundingClientRect().height > 0)
      .map((link) => {
        let block = link.parentElement!;
        while (inline(block)) block = block.parentElement!;
        const copy = block.cloneNode(true) as HTMLElement;
        const index = Array.from(block.querySelectorAll('a[href^="tel:"]')).indexOf(link);
        const plain = copy.querySelectorAll<HTMLElement>('a[href^="tel:"]')[index]!;
        Object.assign(plain.style, { display: 'inline', lineHeight: 'inherit', marginBlock: '0', whiteSpace: 'nowrap' });
        Object.assign(copy.style, { width: `${block.getBoundingClientRect().width}px`, visibility: 'hidden' });
        block.after(copy);
        const added = block.getBoundingClientRect().height - copy.getBoundingClientRect().height;
        copy.remove();
        return { number: link.textContent!.trim(), target: link.getBoundingClientRect().height, line: parseFloat(getComputedStyle(block).lineHeight) + added };
      });
  });
}

describe('深色模式 chosen in 设置', () => {
  it.each([
    ['the browser', null],
    ['the app shell, whose own theme is light', 'android'],
  ] as const)('in %s: 深色 applies at once and from the first paint of the next visit; 跟随系统 goes back', async (_where, shell) => {
    const context = shell
      ? await newMobileContext(browser, {
          userAgent: APP_USER_AGENTS.androidZhongduoduo,
          initScripts: [nativeShellScript({ platform: 'android', appInfo: { ...DEFAULT_APP_INFO, token, phone }, displaySettings: { theme: 'light' } })],
        })
      : await loggedInContext(browser, token, phone);
    await context.addInitScript({
      content: `document.addEventListener('readystatechange', () => { if (document.readyState === 'interactive') window.__firstClasses = document.documentElement.className; });`,
    });
    const page = await context.newPage();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await openSettled(page, `${server.baseUrl}/mine/settings`);
    expect(await background()).toBe('rgb(245, 246, 248)');
    await page.getByRole('radio', { name: '深色' }).click();
    await expect.poll(background).toBe('rgb(16, 18, 22)');
    await saveScreenshot(page, `settings-theme-dark-${shell ?? 'web'}`);
    await openSettled(page, `${server.baseUrl}/`);
    expect(await page.evaluate(() => (window as unknown as { __firstClasses: string }).__firstClasses)).toContain('theme-dark');
    expect(await background()).toBe('rgb(16, 18, 22)');
    await openSettled(page, `${server.baseUrl}/mine/settings`);
    expect(await page.getByRole('radio', { name: '深色' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: '跟随系统' }).click();
    await expect.poll(background).toBe('rgb(245, 246, 248)');
    await context.close();
  });
});

let dataAccountMade: Promise<AccountWithData> | undefined;
const dataAccount = () => (dataAccountMade ??= accountWithData());

interface AccountWithData {
  token: string;
  phone: string;
  /** Query strings of the pages about one thing (a card, a notice, an article). */
  query: Record<string, string>;
}

/**
 * An account that has something on every page, as the journeys make it: certified (sandbox OCR and face), a
 * bound card, points granted by an operator and spent on two draws and a voucher, a question answered by
 * customer service, a notice, an article and an entry of 常见问题 published, and a second device signed in
 * through /login (the 新设备登录提醒 among its messages and two devices in 账户与安全).
 */
async function accountWithData(): Promise<AccountWithData> {
  const phone = newPhone('138');
  const client = await signedUpClient(server.baseUrl, phone);
  await certify(client);
  const reserved = newPhone('136');
  const started = (await client.call(bindBankcard, { cardNumber: SCREENSHOT_CARD, phone: reserved })).response?.data as { ticket: string };
  const bound = (await client.call(userBindBankcard, { ticket: started.ticket, smsCode: await latestCode(server.baseUrl, reserved) })).response?.data as {
    cardId: string;
  };
  await adminCommand(server, ['rewards', 'grant', phone, '3000', '--operator', 'e2e']);
  const key = () => randomBytes(16).toString('base64url');
  for (let draw = 0; draw < 2; draw += 1) expect((await client.call(updateLuckyPoints, { idempotencyKey: key() })).response?.code).toBe('200');
  const offer = (await client.call(exchangeInfo, {})).response?.data as {
    balance: number;
    items: Array<{ id: string; pointsCost: number; stockLeft: number | null }>;
  };
  const item = offer.items.find((one) => one.stockLeft !== 0 && one.pointsCost <= offer.balance);
  const exchanged = await client.call(exchangePoints, { itemId: item!.id, idempotencyKey: key() });
  expect(exchanged.response?.code, JSON.stringify({ offer, answer: exchanged.response })).toBe('200');
  // And the voucher with the longest name of the seeded offer, 10元还款立减券 (a name that must not break).
  expect((await client.call(exchangePoints, { itemId: 'coupon-repay-10', idempotencyKey: key() })).response?.code).toBe('200');
  const asked = (await client.call(askQuestion, { text: '提前还款需要手续费吗？我想在下个月一次性还清。', idempotencyKey: key() })).response?.data as {
    question: { id: string };
  };
  const editor = await opsApiClient(server, 'content_editor');
  await editor.call('POST', opsUrl(OPS_PATH.helpQuestionAnswer, { id: asked.question.id }), {
    by: '客服',
    answer: '您好，提前还款不收取手续费，可在借款详情页选择“提前还款”。',
  });
  const publish = async (kind: 'notice' | 'article' | 'faq', title: string, body: string) => {
    const fields = kind === 'faq' ? { category: '还款', order: 1 } : { important: kind === 'notice' };
    const { id } = await editor.call<{ id: string }>('POST', OPS_PATH.content, { kind, title, body, ...fields, by: '运营' });
    await editor.call('POST', opsUrl(OPS_PATH.contentPublish, { id }), { by: '运营' });
    return id;
  };
  const notice = await publish(
    'notice',
    '系统维护通知：12月20日 00:00—06:00 暂停服务',
    `维护期间如有疑问，请致电客服 [${SERVICE_PHONE}](tel:${SERVICE_PHONE.replaceAll('-', '')})，我们会尽快为您处理。\n\n还款不受影响。`,
  );
  await publish('faq', '还款日可以修改吗？', '暂不支持修改还款日，请按时还款以免影响信用。');
  await publish(
    'faq',
    FAQ_WITH_PHONE,
    `提前还款请在APP的借款详情页操作，不收取手续费。如有疑问请致电客服 [${SERVICE_PHONE}](tel:${SERVICE_PHONE.replaceAll('-', '')})，工作日与周末均可接听。`,
  );
  const article = await publish('article', '如何保护您的账户安全', '不要把验证码告诉任何人。\n\n客服不会向您索要密码或验证码。');
  // A second device: the same person in a mobile browser, through the login form, once the sign-up's code
  // is out of the cooldown (SMS_COOLDOWN_SECONDS above).
  await new Promise((done) => setTimeout(done, 1_100));
  const other = await newMobileContext(browser);
  const login = await other.newPage();
  await login.goto(`${server.baseUrl}/login`);
  await logInThroughForm(login, server.baseUrl, phone);
  await login.waitForURL((url) => url.pathname !== '/login');
  await other.close();
  return {
    token: client.accessToken!,
    phone,
    query: {
      '/bank-cards/detail': `?id=${bound.cardId}`,
      '/bank-cards/agreement': `?id=${bound.cardId}`,
      '/messages/notice': `?id=${notice}`,
      '/discover/detail': `?id=${article}`,
    },
  };
}

/**
 * A phone in `mode`: a plain mobile browser (care stored as the settings switch stores it, dark from the
 * system) or the Android app shell (both from the shell's display settings, docs/bridge.md); signed in
 * when `account` is given.
 */
async function modeContext(mode: Mode, inApp: boolean, account: AccountWithData | null): Promise<BrowserContext> {
  if (inApp) {
    return newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [
        nativeShellScript({
          platform: 'android',
          appInfo: { ...DEFAULT_APP_INFO, token: account?.token ?? '', phone: account?.phone ?? '' },
          displaySettings: { careMode: Boolean(mode.care), theme: mode.dark ? 'dark' : 'light' },
        }),
      ],
    });
  }
  const context = account ? await loggedInContext(browser, account.token, account.phone) : await newMobileContext(browser);
  if (mode.care) await context.addInitScript({ content: CARE_MODE_ON });
  return context;
}

/** The layout for a new viewport size lands in the next frames: a picture taken sooner shows the old one. */
const settledLayout = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * For people to look at (E2E_SCREENSHOTS=1; docs/operations.md "Test suite"): every page, signed in with
 * data and logged out, in care, dark and dark-care mode, in the browser and the app shell, the whole page at
 * each phone width: e2e/screenshots/modes-<web|app>-<mode>-<in|out>-<page>-<width>.png.
 */
describe.skipIf(!screenshotsWanted)('screenshots', () => {
  describe.each([
    ['web', false],
    ['app', true],
  ] as const)('in the %s', (shell, inApp) => {
    it.each(SCREENSHOT_MODES.map((mode) => [mode.name, mode] as const))(
      'every page in %s mode at 320/375/414, signed in and logged out',
      { timeout: 900_000 },
      async (_name, mode) => {
        const signedInAccount = await dataAccount();
        for (const [signedIn, paths] of [
          ['in', LOGGED_IN_PATHS],
          ['out', LOGGED_OUT_PATHS],
        ] as const) {
          const context = await modeContext(mode, inApp, signedIn === 'in' ? signedInAccount : null);
          const page = await context.newPage();
          // The browser's own scheme; in the app the shell's theme decides, whatever the system says.
          if (mode.dark && !inApp) await page.emulateMedia({ colorScheme: 'dark' });
          for (const path of paths) {
            await openSettled(page, `${server.baseUrl}${path}${signedInAccount.query[path] ?? ''}`);
            for (const width of PHONE_WIDTHS) {
              // The whole page as one screen: what is fixed to the screen's bottom (the tab bar) is drawn at
              // the page's end, where a person scrolling sees it, not across the middle of a full-page capture.
              await page.setViewportSize({ width, height: 812 });
              await settledLayout(page);
              await page.setViewportSize({ width, height: Math.max(812, await page.evaluate(() => document.documentElement.scrollHeight)) });
              await settledLayout(page);
              await saveScreenshot(page, `modes-${shell}-${mode.name}-${signedIn}${path === '/' ? '-home' : path.replaceAll('/', '-')}-${width}`, {
                fullPage: true,
              });
            }
            await page.setViewportSize({ width: 375, height: 812 });
          }
          await context.close();
        }
      },
    );
  });
});
