// Identity certification in the system Chromium against the real server (docs/api.md "Identity
// certification"), at phone sizes: the status page, both ID card sides taken through the file inputs
// (compressed in the page, uploaded in sealed parts, read by the sandbox OCR), the check form, the face
// step on the sandbox's own face page (camera preview from Chromium's fake camera), the return page's
// result and the tiles on home and 我的. In a plain mobile browser and in the simulated Android and iOS app shells
// (docs/bridge.md §6). A failing journey: the sandbox's "another face" (sequence 991). Screenshots at 320,
// 375 and 414 px: e2e/screenshots/identity-*.png.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSide, uniqueCardPhoto } from '../apps/server/test/support/identity';
import { newMobileContext, saveScreenshot } from './support/browser';
import { screenshotsAtWidths as phoneScreenshots } from './support/layout';
import { APP_USER_AGENTS, nativeShellScript, readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, signedUpClient } from './support/sign-in';


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
  // The page may still be loading its chunk: wait for both file inputs before using them.
  await expect.poll(() => cameras.count()).toBe(2);
  await cameras.nth(0).setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
  await page.getByText('已识别').first().waitFor({ timeout: 20_000 });
  // The album input: no capture attribute.
  await page.locator('input[type=file]:not([capture])').nth(1).setInputFiles({ name: 'emblem.jpg', mimeType: 'image/jpeg', buffer: emblem });
  await expect.poll(() => page.getByText('已识别').count(), { timeout: 20_000 }).toBe(2);
}

const screenshotsAtWidths = (page: Page, name: string) => phoneScreenshots(page, `identity-${name}`);

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('identity certification in the %s', (_where, shell) => {
  it('goes from the entry to verified, through both photos, the check form and the face page', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const { accessToken } = await signedUpClient(server.baseUrl, phone);
    const inApp = shell !== null;
    const context = await loggedInContext(browser, accessToken!, phone, shell);
    const page = await context.newPage();
    const tag = shell ? `app-${shell}` : 'web';
    await page.goto(`${server.baseUrl}/mine/identity`);
    await page.getByRole('link', { name: '开始认证' }).waitFor();
    if (!inApp) await screenshotsAtWidths(page, `${tag}-entry`);
    await page.getByRole('link', { name: '开始认证' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/idcard');

    await takePhotos(page, 760);
    await screenshotsAtWidths(page, `${tag}-photos`);
    await page.getByRole('button', { name: '下一步' }).click();
    const name = page.getByLabel('姓名');
    expect(await name.inputValue()).toBe('沙盒用户');
    const idNumber = await page.locator('.identity__number').textContent();
    expect(idNumber).toMatch(/^110101\d{11}[\dX]$/);
    // A reload at the check step keeps it: the form comes back from idcard-readings.
    await page.reload();
    await name.waitFor();
    expect(await name.inputValue()).toBe('沙盒用户');
    expect(await page.locator('.identity__number').textContent()).toBe(idNumber);
    await name.fill('沙盒用戶');
    await screenshotsAtWidths(page, `${tag}-check`);
    await page.getByRole('button', { name: '确认无误，下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/face');
    await page.getByText('将核验 沙**戶').waitFor();
    await saveScreenshot(page, `identity-${tag}-face-375`);

    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    // The fake camera's preview plays inline.
    await page.locator('video').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(1);
    await saveScreenshot(page, `identity-${tag}-sandbox-face-375`);
    await page.getByRole('button', { name: '完成检测' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/face-return');
    await page.getByText('实名认证成功').waitFor();
    expect(await page.getByText(/^沙\*\*戶 110\*{11}\d{3}[\dX]$/).count()).toBe(1);
    await screenshotsAtWidths(page, `${tag}-verified`);

    // Home and 我的 show the state.
    await page.getByRole('link', { name: '完成' }).click();
    await page.getByRole('link', { name: '实名认证：已认证' }).waitFor();
    // The bank-card tile below has answered too (its part is a lazy chunk), so the screenshot shows a settled home.
    await page.getByText('暂未绑定银行卡').waitFor();
    if (!inApp) await saveScreenshot(page, `identity-${tag}-home-tile-375`);
    await page.goto(`${server.baseUrl}/mine`);
    await page.getByRole('link', { name: '实名认证：已认证' }).waitFor();
    await context.close();
  });
});

describe('identity certification that fails', () => {
  it('says the face did not match and offers another try; a forged return query changes nothing', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const { accessToken } = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, accessToken!, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/identity/idcard`);
    // Sequence 991: the sandbox's "another face".
    await takePhotos(page, 991);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '确认无误，下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/face');
    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    // Back without finishing, with a forged "passed" in the address: abandoned.
    await page.goto(`${server.baseUrl}/mine/identity/face-return?result=passed&token=forged`);
    await page.getByText('人脸识别未完成，请重新开始').waitFor();
    await saveScreenshot(page, 'identity-web-abandoned-375');
    await page.getByRole('link', { name: '重新人脸识别' }).click();
    await page.getByRole('button', { name: '开始人脸识别' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    await page.getByRole('button', { name: '完成检测' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/face-return');
    await page.getByText('人脸识别未通过，请重试').waitFor();
    await screenshotsAtWidths(page, 'web-failed');
    await page.goto(`${server.baseUrl}/mine/identity`);
    await page.getByText('人脸与身份证照片不一致').waitFor();
    await saveScreenshot(page, 'identity-web-status-failed-375');
    await context.close();
  });
});

describe('identity certification with no face tries left today', () => {
  it('shows 今日人脸识别次数已用完，请明天再试 on /mine/identity and /mine/identity/face, with no start button', { timeout: 120_000 }, async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    // Documents and confirmation through the API (the journeys above do them on the page), then the day's
    // FACE_TRIES_PER_DAY (5) face starts.
    const portrait = await readSide(client, 'portrait', uniqueCardPhoto());
    expect(portrait.code).toBe('200');
    expect((await readSide(client, 'emblem', uniqueCardPhoto())).code).toBe('200');
    const read = portrait.data as { name: string; address: string };
    expect((await client.call('/v1/user/certification', { name: read.name, address: read.address })).response?.code).toBe('200');
    for (let i = 0; i < 5; i += 1) expect((await client.call('/v1/user/h5-face-url', {})).response?.code).toBe('200');
    expect((await client.call('/v1/user/h5-face-url', {})).response).toMatchObject({ code: '429', subcode: '4607' });

    const context = await loggedInContext(browser, client.accessToken!, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/identity/face`);
    await page.getByText('今日人脸识别次数已用完，请明天再试').waitFor();
    expect(await page.getByRole('button', { name: '开始人脸识别' }).count()).toBe(0);
    await screenshotsAtWidths(page, 'face-locked');
    await page.getByRole('link', { name: '返回实名认证' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity');
    await page.getByText('今日人脸识别次数已用完，请明天再试').waitFor();
    expect(await page.getByRole('link', { name: /继续认证|重新认证/ }).count()).toBe(0);
    await screenshotsAtWidths(page, 'status-locked');
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

  it('inside the app draws the spot the shell reports (getNfcAntennaInfo), and falls back to the table without it', { timeout: 60_000 }, async () => {
    // An Android 14 phone 72 x 152 mm whose antenna is 50 mm from the left facing the screen and 30 mm from the top.
    const reporting = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [nativeShellScript({ nfcAntennaInfo: { deviceWidth: 72, deviceHeight: 152, deviceFoldable: false, antennas: [{ locationX: 50, locationY: 30 }] } })],
    });
    const page = await reporting.newPage();
    await page.goto(`${server.baseUrl}/nfc`);
    const drawing = page.getByRole('img', { name: '本机NFC感应区在背面上部（偏左，距顶部约30毫米）' });
    await drawing.waitFor();
    expect(await page.getByRole('radiogroup', { name: '手机品牌' }).count()).toBe(0);
    expect((await readNativeCalls(page)).filter((c) => c.method === 'getNfcAntennaInfo')).toEqual([expect.objectContaining({ params: {} })]);
    // The spot is drawn where reported: on the back, 22 of 72 mm from the left, 30 of 152 mm from the top.
    const [phone, spot] = await Promise.all([drawing.locator('rect').boundingBox(), drawing.locator('circle').boundingBox()]);
    expect((spot!.x + spot!.width / 2 - phone!.x) / phone!.width).toBeCloseTo(22 / 72, 1);
    expect((spot!.y + spot!.height / 2 - phone!.y) / phone!.height).toBeCloseTo(30 / 152, 1);
    await screenshotsAtWidths(page, 'nfc-app-reported');
    await page.getByRole('button', { name: '查看其他机型的感应区位置' }).click();
    await page.getByRole('radio', { name: '华为' }).waitFor();
    await reporting.close();

    // A shell that does not know the method: the table, at once after its error answer.
    const older = await newMobileContext(browser, { userAgent: APP_USER_AGENTS.androidZhongduoduo, initScripts: [nativeShellScript()] });
    const olderPage = await older.newPage();
    await olderPage.goto(`${server.baseUrl}/nfc`);
    await olderPage.getByRole('radio', { name: '华为' }).waitFor();
    expect(await olderPage.getByRole('img', { name: /^本机NFC感应区/ }).count()).toBe(0);
    await older.close();
  });
});
