// The system Chromium in mobile emulation (375x812, touch, zh-CN): never a downloaded browser.
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const screenshotDir = resolve(import.meta.dirname, '../screenshots');

/** A plain mobile browser on Android: what a user sees outside the native app. */
export const MOBILE_BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  // The machine's network is closed: background services would only fail their look-ups.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The run's one Chromium, as a server the spec files connect to (support/global-setup.ts). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

/**
 * The run's shared Chromium when the global setup started one, else a Chromium of this file's own. Closing
 * a shared one only disconnects this file (and closes the contexts it made).
 */
export async function launchBrowser(): Promise<Browser> {
  const wsEndpoint = inject('browserWsEndpoint');
  return wsEndpoint ? chromium.connect(wsEndpoint) : chromium.launch(LAUNCH_OPTIONS);
}

export async function newMobileContext(
  browser: Browser,
  opts: { userAgent?: string; initScripts?: string[]; bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    userAgent: opts.userAgent ?? MOBILE_BROWSER_UA,
    // Only for specs that inject a probe script into a served page; the product's CSP stays on otherwise.
    bypassCSP: opts.bypassCSP ?? false,
  });
  for (const script of opts.initScripts ?? []) await context.addInitScript({ content: script });
  return context;
}

/** Saves the 375x812 viewport under e2e/screenshots/<name>.png for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Waits until the web app has taken the page over (React's root is on #root). A page with a prerendered
 * first screen shows its content, and fires `load`, before its scripts even start (docs/architecture.md
 * "Delivery"): until then a click is the browser's own (a full page load) and typing is not seen by the
 * app. Once the root is there, React hydrates whatever part a click lands on first.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}
