// The system Chromium in mobile emulation (375x812, touch, zh-CN): never a downloaded browser.
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const screenshotDir = resolve(import.meta.dirname, '../screenshots');

/** A plain mobile browser on Android: what a user sees outside the native app. */
export const MOBILE_BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * The Chromium the journeys drive: `CHROME_PATH`, else Debian's headless shell (`chromium-headless-shell`,
 * Chromium's own build of the same Blink and V8 without the desktop browser around them, which is what
 * headless automation runs in), else Debian's `chromium` in its headless mode. The shell did the same
 * journeys with about half the CPU (docs/operations.md "Test suite"); no person meets either headless mode,
 * and the lab figures of `bench:web` stay in the full browser.
 */
export const CHROMIUM_PATH =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/**
 * The switches every journey's Chromium starts with (identity.spec.ts adds its fake camera's). The
 * machine's network is closed: background services would only fail their look-ups.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
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
    deviceScaleFactor: DEVICE_SCALE,
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

/**
 * Whether journeys save their screenshots for people to look at: `npm run test:screenshots` (E2E_SCREENSHOTS=1)
 * does; `npm test` does not, since a picture guards no rule and taking them was half of some journeys' time
 * (docs/operations.md "Test suite"). The layout checks at every width run either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/**
 * Device pixels per CSS pixel: a phone's 2 when pictures are taken for people to look at, else 1. The scale
 * changes only how many pixels Chromium rasterises, not the layout in CSS pixels that every check reads,
 * and at 2 the software rasteriser was two thirds of Chromium's CPU in a journey (lucky-draw: 40 s at 2,
 * 13.5 s at 1; docs/operations.md "Test suite").
 */
export const DEVICE_SCALE = screenshotsWanted ? 2 : 1;

/**
 * Saves the viewport (or with `fullPage` the whole page) under e2e/screenshots/<name>.png for people to look at,
 * when screenshots are wanted.
 */
export async function saveScreenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: opts.fullPage ?? false });
}

/**
 * Waits until the web app has taken the page over: its `tyd-interactive` mark, set once the first screen
 * is rendered or hydrated (apps/web/src/main.tsx). A page with a prerendered first screen shows its
 * content, and fires `load`, before its scripts even start (docs/architecture.md "Delivery"): until then
 * a click is the browser's own (a full page load) and typing is not seen by the app.
 */
export async function waitForApp(page: Page): Promise<void> {
  // Polled on a timer, not on frames: a page whose frames are held back (e2e/prerender.spec.ts) would never answer.
  await page.waitForFunction(() => performance.getEntriesByName('tyd-interactive').length > 0, undefined, { polling: 50 });
}
