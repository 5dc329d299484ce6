// Identity certification in the system Chromium against the real server (docs/api.md "Identity
// certification"), at phone sizes: the status page, both ID card sides taken through the file inputs
// (compressed in the page, uploaded in sealed parts, read by the sandbox OCR), the check form, the face
// step on the sandbox's own face page (camera preview from Chromium's fake camera), the return page's
// result and the tiles on home and 我的. In a plain mobile browser and in the simulated Android and iOS app shells
// (docs/bridge.md §6). A failing journey: the sandbox's "another face" (sequence 991). Screenshots at 320,
// 375 and 414 px: e2e/screenshots/identity-*.png.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../apps/server/test/support/api-client';
import { signUp } from '../apps/server/test/support/accounts';
import { newMobileContext, saveScreenshot } from './support/browser';
import { expectFitsThePhone } from './support/layout';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';

const WIDTHS = [320, 375, 414] as const;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }),
    // The system Chromium with its fake camera, so the face page's getUserMedia preview runs.
    chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function account(phone: string): Promise<string> {
  const client = await ApiClient.fromPage(server.baseUrl);
  expect((await signUp(client, server.baseUrl, phone)).response?.code).toBe('200');
  return client.accessToken!;
}

/** A browser holding `token` as its session (SPEC §3: storage), or the app shell handing it over. */
async function contextFor(token: string, phone: string, shell: 'ios' | 'android' | null): Promise<BrowserContext> {
  if (shell) {
    return newMobileContext(browser, {
      userAgent: shell === 'ios' ? APP_USER_AGENTS.iosZhongduoduo : APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ platform: shell, appInfo: { ...DEFAULT_APP_INFO, token, phone } })],
    });
  }
  const context = await newMobileContext(browser);
  await context.addInitScript(
    ([t, p]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('accessToken', t!);
      localStorage.setItem('phone', p!);
    },
    [token, `${phone.slice(0, 3)}****${phone.slice(7)}`],
  );
  return context;
}

/**
 * A camera-like JPEG drawn by the browser itself, `width` x `height` (the sandbox OCR picks outcomes by the
 * height, docs/sandbox.md; under the page's 1800 px cap the dimensions survive its compression).
 */
async function cardPhoto(page: Page, width: number, height: number, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#334';
      ctx.fillRect(0, 0, w!, h!);
      ctx.fillStyle = '#e9eef8';
      ctx.fillRect(w! * 0.05, h! * 0.1, w! * 0.9, h! * 0.8);
      ctx.fillStyle = '#556';
      ctx.font = `${Math.round(h! / 12)}px sans-serif`;
      ctx.fillText(String(text), w! * 0.1, h! * 0.35);
      ctx.fillText(`${Math.random()}`, w! * 0.1, h! * 0.6);
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    [width, height, label] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function takePhotos(page: Page, portraitHeight: number) {
  const portrait = await cardPhoto(page, 1200, portraitHeight, '人像面');
  const emblem = await cardPhoto(page, 1200, 760, '国徽面');
  const cameras = page.locator('input[type=file][capture=environment]');
  expect(await cameras.count()).toBe(2);
  await cameras.nth(0).setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
  await page.getByText('已识别').first().waitFor({ timeout: 20_000 });
  // The album input: no capture attribute.
  await page.locator('input[type=file]:not([capture])').nth(1).setInputFiles({ name: 'emblem.jpg', mimeType: 'image/jpeg', buffer: emblem });
  await expect.poll(() => page.getByText('已识别').count(), { timeout: 20_000 }).toBe(2);
}

async function screenshotsAtWidths(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    await saveScreenshot(page, `identity-${name}-${width}`);
    await expectFitsThePhone(page, width);
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('identity certification in the %s', (_where, shell) => {
  it('goes from the entry to verified, through both photos, the check form and the face page', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const token = await account(phone);
    const inApp = shell !== null;
    const context = await contextFor(token, phone, shell);
    const page = await context.newPage();
    const tag = shell ? `app-${shell}` : 'web';
    await page.goto(`${server.baseUrl}/identity`);
    await page.getByRole('link', { name: '开始认证' }).waitFor();
    if (!inApp) await screenshotsAtWidths(page, `${tag}-entry`);
    await page.getByRole('link', { name: '开始认证' }).click();
    await page.waitForURL((url) => url.pathname === '/identity/idcard');

    await takePhotos(page, 760);
    await screenshotsAtWidths(page, `${tag}-photos`);
    await page.getByRole('button', { name: '下一步' }).click();
    const name = page.getByLabel('姓名');
    expect(await name.inputValue()).toBe('沙盒用户');
    expect(await page.locator('.identity__number').textContent()).toMatch(/^110101\d{11}[\dX]$/);
    await name.fill('沙盒用戶');
    await screenshotsAtWidths(page, `${tag}-check`);
    await page.getByRole('button', { name: '确认无误，下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/identity/face');
    await page.getByText('将核验 沙**戶').waitFor();
    await saveScreenshot(page, `identity-${tag}-face-375`);

    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    // The fake camera's preview plays inline.
    await page.locator('video').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(1);
    await saveScreenshot(page, `identity-${tag}-sandbox-face-375`);
    await page.getByRole('button', { name: '完成检测' }).click();
    await page.waitForURL((url) => url.pathname === '/identity/face-return');
    await page.getByText('实名认证成功').waitFor();
    expect(await page.getByText(/^沙\*\*戶 110\*{11}\d{3}[\dX]$/).count()).toBe(1);
    await screenshotsAtWidths(page, `${tag}-verified`);

    // Home and 我的 show the state.
    await page.getByRole('link', { name: '完成' }).click();
    await page.getByRole('link', { name: '实名认证：已认证' }).waitFor();
    if (!inApp) await saveScreenshot(page, `identity-${tag}-home-tile-375`);
    await page.goto(`${server.baseUrl}/mine`);
    await page.getByRole('link', { name: '实名认证：已认证' }).waitFor();
    await context.close();
  });
});

describe('identity certification that fails', () => {
  it('says the face did not match and offers another try; a forged return query changes nothing', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const token = await account(phone);
    const context = await contextFor(token, phone, null);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/identity/idcard`);
    // Sequence 991: the sandbox's "another face".
    await takePhotos(page, 991);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '确认无误，下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/identity/face');
    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    // Back without finishing, with a forged "passed" in the address: abandoned.
    await page.goto(`${server.baseUrl}/identity/face-return?result=passed&token=forged`);
    await page.getByText('人脸识别未完成，请重新开始').waitFor();
    await saveScreenshot(page, 'identity-web-abandoned-375');
    await page.getByRole('link', { name: '重新人脸识别' }).click();
    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    await page.getByRole('button', { name: '完成检测' }).click();
    await page.waitForURL((url) => url.pathname === '/identity/face-return');
    await page.getByText('人脸识别未通过，请重试').waitFor();
    await screenshotsAtWidths(page, 'web-failed');
    await page.goto(`${server.baseUrl}/identity`);
    await page.getByText('人脸与身份证照片不一致').waitFor();
    await saveScreenshot(page, 'identity-web-status-failed-375');
    await context.close();
  });
});

describe('/nfc', () => {
  it('shows where the antenna is for the chosen brand', async () => {
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/nfc`);
    await page.getByRole('radio', { name: '苹果' }).click();
    await page.getByText('iPhone XS 及之后').waitFor();
    await screenshotsAtWidths(page, 'nfc');
    await context.close();
  });
});
