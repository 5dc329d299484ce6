// Accessibility of every page (WCAG 2.1 A and AA as axe-core checks them): every route of the route
// table, logged out and logged in, in normal, care (关怀模式) and dark mode, in a real mobile Chromium
// against the real server. A serious or critical violation fails the run and is listed with the elements
// it was found on. axe-core is MPL-2.0 and a devDependency of the tests only: it is injected into the page
// under test, never into the build (docs/architecture.md "Design tokens and modes").
// Beside it: the modal dialog keeps focus inside and gives it back (WAI-ARIA APG "Dialog (Modal)"), and
// the care-mode switch is named by its visible words and says its state.
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../apps/web/src/app/route-table';
import { launchBrowser, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { CARE_MODE_ON, LOGGED_IN_PATHS, MODES, openSettled, type Mode } from './support/display-modes';
import { newPhone } from './support/phones';
import { watchNetwork } from './support/network-quiet';
import { startServer, type RunningServer } from './support/server';
import { signInOperator, addOperator } from './support/operators';
import { loggedInContext, signedUpClient } from './support/sign-in';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** What a logged-out visitor can open (the others lead to /login, which is in the list). */
const LOGGED_OUT_PATHS = [...ROUTES.filter((route) => !route.requiresLogin).map((route) => route.path), '/no-such-page'];

interface Found {
  rule: string;
  impact: string;
  where: string[];
}

/**
 * The rules whose outcome a colour scheme can change. The dark scheme changes only colours (custom
 * properties under `prefers-color-scheme: dark` in styles/base.css, nothing else): names, roles, structure
 * and sizes are the light page's, already checked on it.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Serious and critical violations of WCAG 2.1 A/AA on the page as shown now (or of `rules` only). */
async function seriousViolations(page: Page, rules?: string[]): Promise<Found[]> {
  // Evaluated through the DevTools protocol, so the product's CSP (no foreign inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly = rules ? { type: 'rule' as const, values: rules } : { type: 'tag' as const, values: WCAG_21_AA };
  return page.evaluate(async (only) => {
    const run = (window as unknown as { axe: typeof axe }).axe;
    const result = await run.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        where: violation.nodes.map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
      }));
  }, runOnly);
}

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function contextFor(mode: Mode, loggedIn: boolean): Promise<BrowserContext> {
  let context: BrowserContext;
  if (loggedIn) {
    const phone = newPhone('139');
    const token = (await signedUpClient(server.baseUrl, phone)).accessToken!;
    context = await loggedInContext(browser, token, phone);
  } else {
    context = await newMobileContext(browser);
  }
  if (mode.care) await context.addInitScript({ content: CARE_MODE_ON });
  return context;
}

// Logged out and logged in side by side (two pages at a time: the machine's two cores), normal and care
// mode one after the other. Each page is checked in the light scheme with every rule, then in the dark one
// with the colour rules on the same page: the scheme is a media feature the styles follow as it changes,
// so no second load is needed (half the loads this file made when dark was a pass of its own).
describe.each(MODES.filter((mode) => !mode.dark))('axe-core, WCAG 2.1 A/AA, $name mode, light and dark', { concurrent: true }, (mode) => {
  for (const loggedIn of [false, true]) {
    it(`no serious or critical violation on any page ${loggedIn ? 'logged in' : 'logged out'}`, { timeout: 300_000 }, async ({ expect }) => {
      const context = await contextFor(mode, loggedIn);
      const page = await context.newPage();
      const found: string[] = [];
      const isDark = () => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
      for (const path of loggedIn ? LOGGED_IN_PATHS : LOGGED_OUT_PATHS) {
        await page.emulateMedia({ colorScheme: 'light' });
        await openSettled(page, `${server.baseUrl}${path}`);
        // The mode really is the one under test (the head script ran, the scheme is emulated).
        expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(mode.care === true);
        expect(await isDark()).toBe(false);
        for (const violation of await seriousViolations(page)) {
          found.push(`${path} ${violation.rule} (${violation.impact}):\n    ${violation.where.join('\n    ')}`);
        }
        const name = (scheme: string) => `a11y-${scheme}-${loggedIn ? 'in' : 'out'}${path === '/' ? '-home' : path.replaceAll('/', '-')}-375`;
        if (mode.care) await saveScreenshot(page, name(mode.name));
        await page.emulateMedia({ colorScheme: 'dark' });
        expect(await isDark()).toBe(true);
        for (const violation of await seriousViolations(page, COLOUR_RULES)) {
          found.push(`${path} dark ${violation.rule} (${violation.impact}):\n    ${violation.where.join('\n    ')}`);
        }
        await saveScreenshot(page, name(mode.care ? 'dark-care' : 'dark'));
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});

// The operators' console, its own entry (docs/operations.md "The console"): its sign-in, then every page as
// an administrator sees it (the menu shows them all), in the light and dark schemes.
describe("axe-core, WCAG 2.1 A/AA, the operators' console", () => {
  it('no serious or critical violation on its sign-in and its pages, light and dark', { timeout: 300_000 }, async ({ expect }) => {
    const operator = await addOperator(server, 'administrator');
    const found: string[] = [];
    for (const dark of [false, true]) {
      const context = await newMobileContext(browser);
      const page = await context.newPage();
      // The console's stricter CSP (no inline script or style) refuses nothing its own pages do.
      page.on('console', (message) => /Content Security Policy/i.test(message.text()) && found.push(`CSP: ${message.text()}`));
      if (dark) await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${server.baseUrl}/ops`);
      await page.getByRole('form', { name: '运营登录' }).waitFor();
      for (const violation of await seriousViolations(page)) found.push(`${dark ? 'dark ' : ''}sign-in ${violation.rule}: ${violation.where.join('; ')}`);
      // One sign-in per TOTP step and operator: the light pass signs in, the dark one signs in a second operator.
      await signInOperator(context, server, dark ? await addOperator(server, 'administrator') : operator);
      for (const path of ['/ops', '/ops/content', '/ops/rewards', '/ops/help', '/ops/operators']) {
        const network = watchNetwork(page);
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByRole('navigation', { name: '运营后台' }).waitFor();
        await network.quiet();
        network.stop();
        for (const violation of await seriousViolations(page)) found.push(`${dark ? 'dark ' : ''}${path} ${violation.rule}: ${violation.where.join('; ')}`);
        await saveScreenshot(page, `a11y-console${dark ? '-dark' : ''}${path.replaceAll('/', '-')}-375`);
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

describe('focus and names', () => {
  it('the logout dialog keeps Tab inside and gives focus back to 退出登录 on Escape', async () => {
    const context = await contextFor({ name: 'normal' }, true);
    const page = await context.newPage();
    await openSettled(page, `${server.baseUrl}/mine`);
    const opener = page.getByRole('button', { name: '退出登录' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '确定退出登录？' });
    await dialog.waitFor();
    const focusedInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
    expect(await focusedInDialog()).toBe(true);
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press(press % 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusedInDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Focus is visible: the focused control draws an outline of at least 2 px (WCAG 2.1 2.4.7).
    expect(await opener.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth))).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('the care-mode switch on home is named by its words, says its state in words, and is kept on this device', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await openSettled(page, `${server.baseUrl}/`);
    const toggle = page.getByRole('switch', { name: /关怀模式/ });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await toggle.textContent()).toContain('已关闭');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.textContent()).toContain('已开启');
    expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(true);
    // A new page load paints in care mode from the head script, before the app's scripts run.
    await page.goto(`${server.baseUrl}/mine/settings`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(true);
    await waitForApp(page);
    await page.getByRole('switch', { name: /关怀模式/ }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(false);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('care'))).toBe(false);
    await context.close();
  });
});
