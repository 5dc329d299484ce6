// The first screen without JavaScript (docs/architecture.md "Delivery"): every route's page arrives
// prerendered in the HTML, and the web app hydrates that markup instead of replacing it, with no
// hydration error, in a plain mobile browser and in the simulated app shell (docs/bridge.md). Inside the
// app the page is styled for it from its first paint (no page heading the app's title bar replaces), and
// a logged-in visitor never sees the logged-out account card flash by. The scripts load with the HTML (an
// ordinary module script and the route's modulepreload links) and the page becomes interactive. The pages
// whose largest element once waited for a call have it from the build: /download's buttons (server
// redirects to the configured links) and the new-user gift's heading and call to action.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_ROUTE, ROUTES } from '../apps/web/src/app/route-table';
import { DEVICE_SCALE, launchBrowser, newMobileContext, saveScreenshot, screenshotsWanted, waitForApp } from './support/browser';
import { APP_USER_AGENTS, nativeShellScript } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';

/**
 * Runs before any of the page's scripts: when parsing ends (readyState "interactive", before module
 * scripts run) it keeps #root's first element, the <html> classes and the text shown; afterwards the spec
 * asks whether the app adopted that very element (hydration) or replaced it (no prerender for its route).
 */
const FIRST_SCREEN_PROBE = `(() => {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const root = document.getElementById('root');
    window.__firstScreen = {
      element: root && root.firstElementChild,
      route: root ? root.dataset.prerender : undefined,
      htmlClass: document.documentElement.className,
      text: root ? root.textContent : '',
      heading: root && root.querySelector('h1') ? root.querySelector('h1').textContent : undefined,
    };
  });
})();`;

interface FirstScreen {
  route: string | undefined;
  htmlClass: string;
  text: string;
  heading: string | undefined;
}

const ANDROID_URL = 'https://dl.example.com/tyd.apk';
const IOS_URL = 'https://apps.apple.com/cn/app/id1';

let server: RunningServer;
let browser: Browser;
let web: BrowserContext;
let app: BrowserContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { APP_DOWNLOAD_ANDROID_URL: ANDROID_URL, APP_DOWNLOAD_IOS_URL: IOS_URL } }), launchBrowser()]);
  web = await newMobileContext(browser, { initScripts: [FIRST_SCREEN_PROBE] });
  app = await newMobileContext(browser, {
    userAgent: APP_USER_AGENTS.androidZhongduoduo,
    initScripts: [nativeShellScript({ platform: 'android' }), FIRST_SCREEN_PROBE],
  });
});

afterAll(async () => {
  await web?.close();
  await app?.close();
  await browser?.close();
  await server?.stop();
});

/** Each context's one page, reused by every test: opening a page costs Chromium about 0.55 s of CPU, a navigation none of that. */
const pages = new WeakMap<BrowserContext, { page: Page; errors: string[] }>();

/**
 * Opens `path` in the context's page (a fresh document, so the probe runs again), collecting every console
 * error and uncaught exception of that document from the start.
 */
async function open(ctx: BrowserContext, path: string): Promise<{ page: Page; errors: string[] }> {
  let kept = pages.get(ctx);
  if (kept === undefined) {
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    kept = { page, errors };
    pages.set(ctx, kept);
  }
  // The previous document is left first, so nothing it logs is counted against this one.
  await kept.page.goto('about:blank');
  kept.errors.length = 0;
  await kept.page.goto(`${server.baseUrl}${path}`);
  return kept;
}

/** What the parser had put on the screen before any script ran. */
function firstScreen(page: Page): Promise<FirstScreen> {
  return page.evaluate(() => {
    const shot = (window as unknown as { __firstScreen: FirstScreen }).__firstScreen;
    return { route: shot.route, htmlClass: shot.htmlClass, text: shot.text, heading: shot.heading };
  });
}

/**
 * Whether the app adopted the element the server sent (hydration keeps it) rather than replacing it (no
 * prerender for the route it ended on: main.tsx empties #root and renders afresh; a hydration React had to
 * give up renders afresh too, and reports it as a console error), once the app has taken the page over.
 * A page whose hydration render differs from the build's in an attribute, which React leaves as the server
 * sent it, is caught before any browser runs (apps/web/src/prerender.test.tsx). Later navigations do not
 * matter.
 */
async function keptPrerenderedElement(page: Page): Promise<boolean> {
  await waitForApp(page);
  return page.evaluate(() => {
    const shown = (window as unknown as { __firstScreen: { element: Element | null } }).__firstScreen.element;
    return shown !== null && shown === document.getElementById('root')?.firstElementChild;
  });
}

/**
 * When the page's first contentful paint was presented and when its scripts were requested, from the
 * page's own Paint and Resource Timing (the same clock).
 */
function scriptsAgainstFirstPaint(page: Page): Promise<{ firstPaint: number | undefined; scriptStarts: number[] }> {
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scriptStarts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
}

/** Clicks home's link to the NFC page: the router shows it in the same document, no page load. */
async function navigatesWithoutReload(page: Page): Promise<void> {
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('link', { name: /NFC读卡位置说明/ }).click();
  await expect.poll(() => page.title()).toBe('NFC读卡位置说明');
  expect(new URL(page.url()).pathname).toBe('/nfc');
  expect(loads).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

// Routes that need a session show the login page in a browser (the guard's redirect, prerendered as
// login), and in the app the app's own login, so there they get no prerender.
const PAGES = [...ROUTES.map((route) => ({ path: route.path, route })), { path: '/no-such-page', route: NOT_FOUND_ROUTE }];

describe('prerendered first screen, hydrated (docs/architecture.md "Delivery")', () => {
  it.each(PAGES)('$path in a mobile browser: painted before scripts, hydrated without an error', async ({ path, route }) => {
    const { page, errors } = await open(web, path);
    const shown = await firstScreen(page);
    expect(shown.route).toBe(route.requiresLogin ? '/login' : route.path);
    expect(shown.text.length).toBeGreaterThan(0);
    expect(shown.htmlClass).toBe('');
    expect(await keptPrerenderedElement(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('/login in the app: no web form is painted; home shows while the app’s login window opens', async () => {
    const { page, errors } = await open(app, '/login');
    expect((await firstScreen(page)).route).toBeUndefined();
    // The page renders afresh at once; the router moves on once the app's info is read.
    await page.waitForURL(`${server.baseUrl}/`);
    await page.locator('main h1').first().waitFor();
    expect(await page.getByLabel('手机号').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it.each(PAGES.filter(({ route }) => !route.requiresLogin && route.path !== '/login'))(
    '$path in the app: styled for the app from the first paint, hydrated without an error',
    async ({ path, route }) => {
      const { page, errors } = await open(app, path);
      const shown = await firstScreen(page);
      expect(shown.route).toBe(route.path);
      expect(shown.htmlClass).toBe(route.fullScreen ? 'in-app app-full-screen' : 'in-app');
      expect(await keptPrerenderedElement(page)).toBe(true);
      expect(errors).toEqual([]);
      // The heading the app's title bar shows instead stays for screen readers only (docs/bridge.md 3.2).
      const heading = page.locator('main h1').first();
      if (!route.fullScreen && (await heading.count()) > 0 && (await heading.getAttribute('class'))?.includes('page__title')) {
        expect(await heading.evaluate((h) => getComputedStyle(h).position)).toBe('absolute');
      }
    },
  );

  it('a route that needs a session, in the app, gets no prerender: the app opens its own login', async () => {
    const { page, errors } = await open(app, '/mine/signOff');
    expect((await firstScreen(page)).route).toBeUndefined();
    await page.locator('main h1').first().waitFor();
    expect(errors).toEqual([]);
  });

  it.each([
    ['a mobile browser', null],
    ['the app', 'android'],
  ] as const)(
    'a signed-in person in %s: every route hydrates its first screen, or renders afresh where none was sent, without an error',
    { timeout: 120_000 },
    async (_where, shell) => {
      const phone = newPhone('137');
      const client = await signedUpClient(server.baseUrl, phone);
      const context = await loggedInContext(browser, client.accessToken!, phone, shell);
      await context.addInitScript(FIRST_SCREEN_PROBE);
      // The first page stores the session (and its cookie) as the web app does; from the next load on the
      // server sends a signed-in browser the neutral first screens (docs/architecture.md "Delivery").
      await waitForApp((await open(context, '/')).page);
      const hydrated: string[] = [];
      for (const { path, route } of PAGES) {
        const { page, errors } = await open(context, path);
        const shown = await firstScreen(page);
        // With a session, a route that needs one gets no first screen: it is the person's own; nor does
        // /login inside the app, where the login is the app's.
        const none = route.requiresLogin || (shell !== null && path === '/login');
        expect(shown.route, path).toBe(none ? undefined : route.path);
        await waitForApp(page);
        // Hydrated where the page stayed on its route (one that sent a signed-in person on would render
        // where it leads, and fail the count below).
        if (shown.route !== undefined && new URL(page.url()).pathname === path) {
          expect(await keptPrerenderedElement(page), path).toBe(true);
          hydrated.push(path);
        }
        expect(errors, path).toEqual([]);
      }
      // Every route with a first screen kept it: none sends a signed-in person elsewhere on its first load.
      expect(hydrated).toEqual(PAGES.filter(({ route }) => !route.requiresLogin && !(shell !== null && route.path === '/login')).map(({ path }) => path));
      await context.close();
    },
  );

  it('a first visitor sees the logged-out account card in the first screen, before any script', async () => {
    for (const path of ['/', '/mine']) {
      const { page, errors } = await open(web, path);
      const shown = await firstScreen(page);
      // The form for a browser without the session cookie (docs/architecture.md "Delivery").
      expect(shown.text).toContain('登录 / 注册');
      expect(await keptPrerenderedElement(page)).toBe(true);
      expect(errors).toEqual([]);
    }
  });

  it('a logged-in visitor sees a neutral account card first, never the logged-out one', async () => {
    for (const path of ['/', '/mine']) {
      // A web session has its token in storage and in the cookie of the same lifetime (SPEC §3): the
      // server sees the cookie and sends the neutral form. A context each: the made-up token is refused
      // on the first page, which ends the session (cookie included).
      const context = await newMobileContext(browser, {
        initScripts: [FIRST_SCREEN_PROBE, `localStorage.setItem('accessToken', 'A'.repeat(43)); localStorage.setItem('phone', '138****5678');`],
      });
      await context.addCookies([{ name: 'x-access-token', value: 'A'.repeat(43), url: server.baseUrl }]);
      const { page, errors } = await open(context, path);
      const shown = await firstScreen(page);
      expect(shown.text).not.toContain('登录 / 注册');
      expect(shown.text).not.toContain('未登录');
      const kept = await keptPrerenderedElement(page);
      // The made-up token is refused: home says so quietly (logged out), while 我的's certification call
      // answers 401, which sends the visitor to login (SPEC §4), at times before the page was hydrated.
      if (path === '/') expect(kept).toBe(true);
      await page
        .getByText(/138\*\*\*\*5678|登录 \/ 注册|验证码登录/)
        .first()
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // Pictures only, for people to compare: the rules it would touch (painted before scripts, adopted by
  // hydration) are the tests above.
  it.skipIf(!screenshotsWanted)('looks the same before and after hydration (screenshots for review)', async () => {
    const still = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: DEVICE_SCALE,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      javaScriptEnabled: false,
    });
    for (const path of ['/', '/login', '/mine', '/download', '/no-such-page']) {
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
      const before = await still.newPage();
      await before.goto(`${server.baseUrl}${path}`);
      await before.locator('main').first().waitFor();
      await saveScreenshot(before, `prerender-${name}-no-js`);
      await before.close();
      const { page } = await open(web, path);
      expect(await keptPrerenderedElement(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, `prerender-${name}-hydrated`);
    }
    await still.close();
  });
});

describe('scripts with the HTML (docs/architecture.md "Delivery")', () => {
  it.each([
    ['a mobile browser', () => web],
    ['the app', () => app],
  ])('in %s: the heading is in the first screen, the scripts are requested with the HTML, then the page works', async (_name, context) => {
    const { page, errors } = await open(context(), '/');
    const shown = await firstScreen(page);
    expect(shown.route).toBe('/');
    expect(shown.heading).toBe('通盈达');
    expect(await keptPrerenderedElement(page)).toBe(true);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const { firstPaint, scriptStarts } = await scriptsAgainstFirstPaint(page);
    // The entry and the route's chunks, requested by the parser and its preload links, not after the paint.
    expect(scriptStarts.length).toBeGreaterThan(3);
    expect(Math.min(...scriptStarts)).toBeLessThan(firstPaint!);
    // Loading the page's chunk names no file the HTML already preloads (vite.config.ts smallPreloadHelper).
    const preloads = await page.$$eval('link[rel=modulepreload]', (links) => links.map((link) => link.getAttribute('href')));
    expect(preloads.length).toBeGreaterThan(3);
    expect(new Set(preloads).size).toBe(preloads.length);
    await navigatesWithoutReload(page);
    expect(errors).toEqual([]);
  });
});

describe('largest elements from the build (docs/architecture.md "Delivery")', () => {
  it.each([
    ['a mobile browser', () => web],
    ['the app', () => app],
  ])('/download in %s: both buttons in the first screen, before any script, leading to the configured links', async (_name, context) => {
    const { page, errors } = await open(context(), '/download');
    const shown = await firstScreen(page);
    expect(shown.text).toContain('Android 版下载');
    expect(shown.text).toContain('iPhone 版下载');
    expect(await keptPrerenderedElement(page)).toBe(true);
    expect(await page.getByRole('link', { name: 'Android 版下载' }).getAttribute('href')).toBe('/download/android');
    expect(await page.getByRole('link', { name: 'iPhone 版下载' }).getAttribute('href')).toBe('/download/ios');
    for (const [platform, url] of [
      ['android', ANDROID_URL],
      ['ios', IOS_URL],
    ]) {
      const res = await fetch(`${server.baseUrl}/download/${platform}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(url);
    }
    expect(errors).toEqual([]);
  });

  it('/cloudSteward/index: a visitor sees the heading and 登录领取 in the first screen; the package follows its call', async () => {
    const { page, errors } = await open(web, '/cloudSteward/index');
    const shown = await firstScreen(page);
    expect(shown.text).toContain('送您一份新人礼包');
    expect(shown.text).toContain('登录领取');
    expect(await keptPrerenderedElement(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: '登录领取' }).waitFor();
    expect(errors).toEqual([]);
    await saveScreenshot(page, 'prerender-gift-visitor-hydrated');
  });
});

describe('a page whose app never starts (docs/architecture.md "Browser floor")', () => {
  it.each([
    ['a mobile browser', () => web],
    ['the app', () => app],
  ])('in %s: once loaded the page says so and loads again on 重新加载; a page whose app started says nothing', async (_name, context) => {
    const page = await context().newPage();
    try {
      // The shell never arrives (a dropped connection): the entry module cannot run.
      await page.route('**/assets/shell-*.js', (route) => route.abort('connectionfailed'));
      // A page with a first screen in both (inside the app /login has none: the app's login opens instead).
      await page.goto(`${server.baseUrl}/nfc`);
      const notice = page.locator('#boot-failure[role=alert]');
      await expect.poll(() => notice.count()).toBe(1);
      expect(await notice.textContent()).toBe('页面未能加载请检查网络后重新加载；如仍无法打开，请将手机系统或 App 升级到最新版本。重新加载');
      // Above the first screen, at the bottom, with a full-size tap target.
      const button = notice.getByRole('button', { name: '重新加载' });
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await saveScreenshot(page, `boot-failure-${context() === app ? 'app' : 'web'}`);
      await page.unroute('**/assets/shell-*.js');
      await button.click();
      await waitForApp(page);
      await page.waitForLoadState('load');
      expect(await page.locator('#boot-failure').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'NFC读卡位置说明' }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});
