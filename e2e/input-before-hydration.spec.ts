// Input before hydration (docs/architecture.md "Delivery"): a prerendered form shows, and takes typing,
// taps and ticks, before the app has hydrated it. Whatever a person entered by then must still be there
// afterwards, in the field and in the page's state (what the form renders back and submits), on every
// prerendered form. The page's state is seen as a person sees it: a field the app holds empty is emptied
// again by the app's next render of the form, and 登录 sends what the app holds.
// Run on a slow phone (Lighthouse's mobile preset, support/slow-phone.ts); the scripts are also held back
// until the typing is done, so the input certainly comes before hydration whatever the machine's speed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, waitForApp } from './support/browser';
import { repoRoot, startServer, type RunningServer } from './support/server';
import { outbox } from '../apps/server/test/support/accounts';
import { newPhone } from './support/phones';
import { emulateSlowPhone } from './support/slow-phone';

const prerenders = JSON.parse(readFileSync(join(repoRoot, 'apps/web/dist/.vite/prerender.json'), 'utf8')) as {
  routes: Record<string, { html?: string; visitorHtml?: string }>;
};
/** Every prerendered route whose first screen holds a form control. */
const FORM_ROUTES = Object.entries(prerenders.routes)
  .filter(([path, entry]) => path !== '*' && /<(input|textarea|select)\b/.test(`${entry.html ?? ''}${entry.visitorHtml ?? ''}`))
  .map(([path]) => path);

let server: RunningServer;
let browser: Browser;
let web: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  web = await newMobileContext(browser);
});

afterAll(async () => {
  await web?.close();
  await browser?.close();
  await server?.stop();
});

const CONTROLS = '#root input:not([type=hidden]), #root textarea, #root select';

/** What each control holds: a text field's characters without the spaces a formatter adds, a box's tick. */
function controlValues(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    return Array.from(document.querySelectorAll<HTMLInputElement>(selector)).map((control) => {
      const checkable = control.type === 'checkbox' || control.type === 'radio';
      return checkable ? String(control.checked) : control.value.replace(/\s/g, '');
    });
  }, CONTROLS);
}

/**
 * Edits each control and puts it back as it was (a text field: its last character deleted and typed again;
 * a box: tapped twice), checking every control after each step. Each edit makes the app render the form
 * again, and a render puts into every field what the app holds: a field whose entry the app never got
 * would be emptied (or unticked) by an edit of another field.
 */
async function expectAppHolds(page: Page, entered: readonly string[]): Promise<void> {
  for (let i = 0; i < entered.length; i++) {
    const control = page.locator(CONTROLS).nth(i);
    const isBox = await control.evaluate((el: HTMLInputElement) => el.type === 'checkbox' || el.type === 'radio');
    if (isBox) {
      await control.tap();
      await expect.poll(() => controlValues(page)).toEqual(entered.map((value, j) => (j === i ? String(value !== 'true') : value)));
      await control.tap();
    } else {
      await control.tap();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await expect.poll(() => controlValues(page)).toEqual(entered.map((value, j) => (j === i ? value.slice(0, -1) : value)));
      await page.keyboard.type(entered[i]!.slice(-1));
    }
    await expect.poll(() => controlValues(page)).toEqual(entered);
  }
}

/** What a person would enter in the control: a mobile number, a code of its length, a tick. */
async function enter(page: Page, index: number): Promise<string> {
  const control = page.locator(CONTROLS).nth(index);
  const { type, inputMode, maxLength } = await control.evaluate((el: HTMLInputElement) => ({
    type: el.type,
    inputMode: el.inputMode,
    maxLength: el.maxLength,
  }));
  if (type === 'checkbox' || type === 'radio') {
    await control.tap();
    return 'true';
  }
  const text = type === 'tel' ? '13800138000' : inputMode === 'numeric' ? '2468013579'.slice(0, maxLength > 0 ? maxLength : 6) : 'abc';
  await control.tap();
  await page.keyboard.type(text);
  return text;
}

describe('input before hydration survives it (docs/architecture.md "Delivery")', () => {
  it('finds the prerendered forms (the login form at least)', () => {
    expect(FORM_ROUTES).toContain('/login');
  });

  it.each(FORM_ROUTES)('%s on a slow phone: typed, tapped and ticked as soon as the form shows, nothing lost after hydration', async (path) => {
    const page = await web.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await emulateSlowPhone(page);
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'commit' });
    await page.locator(CONTROLS).first().waitFor();
    const count = await page.locator(CONTROLS).count();
    const entered: string[] = [];
    for (let i = 0; i < count; i++) entered.push(await enter(page, i));
    // Nothing has hydrated yet: the held scripts have not run.
    expect(await page.evaluate(() => performance.getEntriesByName('tyd-interactive').length)).toBe(0);
    expect(await controlValues(page)).toEqual(entered);
    release();
    await waitForApp(page);
    // Hydrated, the fields hold what was entered, and so does the app: its renders of the form put it back.
    expect(await controlValues(page)).toEqual(entered);
    await expectAppHolds(page, entered);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/login: the number, code and consent entered before hydration are what 登录 sends', async () => {
    const page = await web.newPage();
    await emulateSlowPhone(page);
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'commit' });
    await page.getByLabel('手机号', { exact: true }).tap();
    await page.keyboard.type('13800138000');
    await page.getByLabel('验证码', { exact: true }).tap();
    await page.keyboard.type('246801');
    await page.getByRole('checkbox').tap();
    release();
    await waitForApp(page);
    expect(await controlValues(page)).toEqual(['13800138000', '246801', 'true']);
    await page.getByRole('button', { name: '登录' }).tap();
    // The server refuses the code (none was sent); no field was found empty or unticked.
    await page.getByRole('alert').first().waitFor();
    const alerts = await page.getByRole('alert').allTextContents();
    expect(alerts.join(' ')).not.toMatch(/手机号|勾选/);
    expect(alerts.join(' ')).toMatch(/验证码/);
    expect(await page.getByLabel('手机号', { exact: true }).inputValue()).toBe('138 0013 8000');
    await page.close();
  });

  /** /login on a slow phone with its scripts held until `entered` resolves, the document marked. */
  async function heldLogin(entered: Promise<void>): Promise<Page> {
    const page = await web.newPage();
    await emulateSlowPhone(page);
    await page.route('**/assets/**/*.js', async (route) => {
      await entered;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'commit' });
    await page.getByLabel('手机号', { exact: true }).waitFor();
    await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
    return page;
  }

  /** Still the document the page was opened with, at /login with nothing in its address (no form sent). */
  async function sameDocument(page: Page): Promise<void> {
    expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
    expect(page.url()).toBe(`${server.baseUrl}/login`);
  }

  it('/login: 获取验证码 tapped before hydration asks for the code for the number typed, once hydrated', async () => {
    let release = () => {};
    const page = await heldLogin(new Promise<void>((resolve) => (release = resolve)));
    const phone = newPhone('139');
    await page.getByLabel('手机号', { exact: true }).tap();
    await page.keyboard.type(phone);
    await page.getByRole('checkbox').tap();
    await page.locator('.sms-code-button').tap();
    release();
    await expect.poll(() => page.locator('.sms-code-button').textContent(), { timeout: 30_000 }).toMatch(/^\d+秒后重发$/);
    await expect.poll(async () => (await outbox(server.baseUrl, phone)).filter((m) => m.purpose === 'login').length).toBe(1);
    await sameDocument(page);
    await page.close();
  });

  it('/login: 登录 tapped before hydration is pressed once hydrated, and the browser does not send the form meanwhile', async () => {
    let release = () => {};
    const page = await heldLogin(new Promise<void>((resolve) => (release = resolve)));
    const phone = newPhone('139');
    await page.getByLabel('手机号', { exact: true }).tap();
    await page.keyboard.type(phone);
    await page.getByLabel('验证码', { exact: true }).tap();
    await page.keyboard.type('246801');
    await page.getByRole('checkbox').tap();
    // 登录 is the form's submit button: the browser alone would send the form and load the page again,
    // losing what was typed.
    await page.getByRole('button', { name: '登录' }).tap();
    release();
    // Hydrated, the press reached the page: the server was asked and refused the code (none was sent).
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 30_000 }).toMatch(/验证码/);
    await sameDocument(page);
    expect((await page.getByLabel('手机号', { exact: true }).inputValue()).replace(/\s/g, '')).toBe(phone);
    await page.close();
  });
});
