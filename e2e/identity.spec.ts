// Identity certification in the system Chromium against the real server (docs/api.md "Identity
// certification"), at phone sizes: a new user logs in from the home tile (the /login form in a browser,
// the app's login window in the app), then the status page in every state (not started, one side read,
// both read, identity confirmed, face pending, verified, failed, locked for today), both ID card sides
// taken through the file inputs (compressed in the page, uploaded in sealed parts, read by the sandbox
// OCR), the check form, the face step on the sandbox's own face page (camera preview from Chromium's fake
// camera), the return page's result and the tiles on home and 我的. In a plain mobile browser and in the
// simulated Android and iOS app shells (docs/bridge.md §6). A failing journey: the sandbox's "another face"
// (sequence 991). And /nfc. Screenshots at 320, 375 and 414 px: e2e/screenshots/identity-*.png.
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSide, uniqueCardPhoto } from '../apps/server/test/support/identity';
import { CHROMIUM_ARGS, CHROMIUM_PATH, newMobileContext, saveScreenshot, waitForApp } from './support/browser';
import { screenshotsAtWidths as phoneScreenshots } from './support/layout';
import { APP_USER_AGENTS, nativeShellScript, readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { loggedInContext, logInThroughForm, signedUpClient } from './support/sign-in';
import { certification, h5FaceUrl } from '@tyd/protocol';

let server: RunningServer;
let browser: Browser;

/** 开始人脸识别, and the camera notice's 同意并开始 when it shows (once per tab: camera-notice.tsx). */
async function startFace(page: Page): Promise<void> {
  await page.getByRole('button', { name: '开始人脸识别' }).click();
  const notice = page.getByRole('dialog', { name: '需要使用摄像头' });
  await Promise.race([notice.waitFor().catch(() => undefined), page.waitForURL((url) => url.pathname === '/sandbox/face').catch(() => undefined)]);
  if (await notice.isVisible()) await notice.getByRole('button', { name: '同意并开始' }).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000' } }),
    // The system Chromium with its fake camera, so the face page's getUserMedia preview runs.
    chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
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

/** One side through its file input: the camera's for the portrait, the album's for the emblem (both are used). */
async function photograph(page: Page, side: 'portrait' | 'emblem', height: number) {
  const photo = await cardPhoto(page, 1200, height, side === 'portrait' ? '人像面' : '国徽面');
  const region = page.getByRole('region', { name: side === 'portrait' ? /身份证人像面/ : /身份证国徽面/ });
  // The page may still be loading its chunk: wait for both file inputs before using them.
  await expect.poll(() => region.locator('input[type=file]').count()).toBe(2);
  const input = side === 'portrait' ? region.locator('input[type=file][capture=environment]') : region.locator('input[type=file]:not([capture])');
  await input.setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  await region.getByText('已识别').waitFor({ timeout: 20_000 });
}

async function takePhotos(page: Page, portraitHeight: number) {
  await photograph(page, 'portrait', portraitHeight);
  await photograph(page, 'emblem', 760);
}

const screenshotsAtWidths = (page: Page, name: string, target?: Locator) => phoneScreenshots(page, `identity-${name}`, target);

/** /mine/identity in the state the journey has reached: `label` on its badge, or the failure or locked text. */
async function statusPage(page: Page, said: string | RegExp) {
  await page.goto(`${server.baseUrl}/mine/identity`);
  await page.getByText(said).first().waitFor();
}

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
  ['iOS app shell', 'ios'],
] as const)('identity certification in the %s', (_where, shell) => {
  it(
    'a new user logs in from the tile, certifies through both photos, the check form and the face page, and is verified on 我的',
    { timeout: 180_000 },
    async () => {
      const phone = newPhone('137');
      const inApp = shell !== null;
      const tag = shell ? `app-${shell}` : 'web';
      // Logged out. In a browser the login is the web's /login form; inside the app it is the app's own login
      // window (docs/bridge.md "Login inside the app"), which the fake shell answers with a session.
      const appLogin = inApp ? await signedUpClient(server.baseUrl, phone) : null;
      const context = await newMobileContext(
        browser,
        shell
          ? {
              userAgent: shell === 'ios' ? APP_USER_AGENTS.iosZhongduoduo : APP_USER_AGENTS.androidZhongduoduo,
              initScripts: [nativeShellScript({ platform: shell, loginToken: appLogin!.accessToken! })],
            }
          : {},
      );
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      await waitForApp(page);
      const tile = page.getByRole('link', { name: /^实名认证.*去认证$/ });
      if (!inApp) await screenshotsAtWidths(page, `${tag}-home-tile-logged-out`);
      await tile.click();
      if (inApp) {
        await expect
          .poll(async () => (await readNativeCalls(page)).some((c) => c.method === 'openWin' && (c.params as { page?: string }).page === 'login'))
          .toBe(true);
      } else {
        await page.waitForURL((url) => url.pathname === '/login');
        expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/mine/identity');
        await logInThroughForm(page, server.baseUrl, phone);
      }
      await page.waitForURL((url) => url.pathname === '/mine/identity');
      await page.getByRole('link', { name: '开始认证' }).waitFor();
      await screenshotsAtWidths(page, `${tag}-entry`);

      if (!inApp) {
        // The tiles on home and 我的, logged in and not certified yet.
        await page.goto(`${server.baseUrl}/`);
        const unverified = page.getByRole('link', { name: /^实名认证.*未认证$/ });
        await unverified.waitFor();
        await page.getByText('认证后可绑定银行卡').waitFor();
        await screenshotsAtWidths(page, `${tag}-home-tile-unverified`);
        await page.getByRole('link', { name: '我的', exact: true }).click();
        await page.getByRole('link', { name: /^实名认证.*未认证$/ }).waitFor();
        await screenshotsAtWidths(page, `${tag}-mine-tile-unverified`);
        await page.getByRole('link', { name: /^实名认证.*未认证$/ }).click();
        await page.waitForURL((url) => url.pathname === '/mine/identity');
      }
      await page.getByRole('link', { name: '开始认证' }).click();
      await page.waitForURL((url) => url.pathname === '/mine/identity/idcard');

      if (inApp) {
        await takePhotos(page, 760);
      } else {
        // One side read: the page, then /mine/identity says which side is missing; back on the photo step that
        // side shows as read (kept by the server) and only the other is taken.
        await photograph(page, 'portrait', 760);
        await screenshotsAtWidths(page, `${tag}-photos-one-side`);
        await statusPage(page, '已识别人像面，还需拍摄国徽面');
        await screenshotsAtWidths(page, `${tag}-status-one-side`);
        await page.getByRole('link', { name: '继续认证' }).click();
        await page.getByText('已上传并识别，如需更换请重拍').waitFor();
        await photograph(page, 'emblem', 760);
      }
      await screenshotsAtWidths(page, `${tag}-photos`, page.getByRole('region', { name: /身份证国徽面/ }));
      if (!inApp) {
        await statusPage(page, '待确认信息');
        await screenshotsAtWidths(page, `${tag}-status-documents-read`);
        // 继续认证 opens the check form with the sides the server kept.
        await page.getByRole('link', { name: '继续认证' }).click();
      } else {
        await page.getByRole('button', { name: '下一步' }).click();
      }
      const name = page.getByLabel('姓名');
      await name.waitFor();
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
      await page.getByRole('definition').filter({ hasText: '沙**戶' }).waitFor();
      await screenshotsAtWidths(page, `${tag}-face`);

      if (!inApp) {
        // Identity confirmed, then a face check started and left unfinished: face pending.
        await statusPage(page, '待人脸识别');
        await screenshotsAtWidths(page, `${tag}-status-confirmed`);
        await page.getByRole('link', { name: '继续认证' }).click();
        await startFace(page);
        await page.waitForURL((url) => url.pathname === '/sandbox/face');
        await statusPage(page, '人脸识别未完成');
        await screenshotsAtWidths(page, `${tag}-status-face-pending`);
        await page.getByRole('link', { name: '继续认证' }).click();
        await page.getByText('今日还可尝试 4 次').waitFor();
      }
      await startFace(page);
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
      const verifiedTile = page.getByRole('link', { name: /^实名认证.*已认证$/ });
      await verifiedTile.waitFor();
      // The bank-card tile below has answered too (its part is a lazy chunk), so the screenshot shows a settled home.
      await page.getByText('暂未绑定银行卡').waitFor();
      await screenshotsAtWidths(page, `${tag}-home-tile-verified`);
      await page.getByRole('link', { name: '我的', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/mine');
      await page.getByRole('link', { name: /^实名认证.*已认证$/ }).waitFor();
      expect(await page.getByRole('link', { name: /^实名认证.*已认证$/ }).textContent()).toMatch(/沙\*\*戶 110\*{11}\d{3}[\dX]/);
      await screenshotsAtWidths(page, `${tag}-mine-tile-verified`);
      await page.getByRole('link', { name: /^实名认证.*已认证$/ }).click();
      await page.getByText('已完成实名认证').waitFor();
      await screenshotsAtWidths(page, `${tag}-status-verified`);
      await context.close();
    },
  );
});

describe.each([
  ['browser', null],
  ['Android app shell', 'android'],
] as const)('a refused ID photo in the %s', (_where, shell) => {
  it('is said once, under the photo, and never toasted as well', { timeout: 60_000 }, async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, client.accessToken!, phone, shell);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/identity/idcard`);
    await waitForApp(page);
    const region = page.getByRole('region', { name: /身份证人像面/ });
    await expect.poll(() => region.locator('input[type=file]').count()).toBe(2);
    // 901 px high: the sandbox OCR's photocopy (docs/sandbox.md), refused 400/4612.
    const photo = await cardPhoto(page, 1200, 901, '复印件');
    await region.locator('input[type=file][capture=environment]').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
    const refusal = region.getByRole('alert');
    await refusal.waitFor({ timeout: 20_000 });
    const text = (await refusal.textContent())!;
    expect(text).toContain('复印件');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('.toast--fail').count()).toBe(0);
    expect(await page.getByText(text).count()).toBe(1);
    const tag = shell ? `app-${shell}` : 'web';
    await screenshotsAtWidths(page, `${tag}-photo-refused`, region);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The sketch of the side still to photograph is drawn in the dark mode's colours, not a light card on
    // the dark page: its card is as dark as the page's own surfaces (relative luminance, WCAG 2.1).
    const sketch = await page
      .locator('.capture__sketch rect')
      .first()
      .evaluate((card) => {
        const [r, g, b] = (getComputedStyle(card).fill.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      });
    expect(sketch).toBeLessThan(0.05);
    await screenshotsAtWidths(page, `${tag}-photo-refused-dark`, region);
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
    await startFace(page);
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    // Back without finishing, with a forged "passed" in the address: abandoned.
    await page.goto(`${server.baseUrl}/mine/identity/face-return?result=passed&token=forged`);
    await page.getByText('识别过程中返回了，或识别已超时，请重新开始').waitFor();
    await screenshotsAtWidths(page, 'web-abandoned');
    await page.getByRole('link', { name: '重新人脸识别' }).click();
    await startFace(page);
    await page.waitForURL((url) => url.pathname === '/sandbox/face');
    await page.getByRole('button', { name: '完成检测' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/identity/face-return');
    // Why, what to do, the tries left today, and another try.
    await page.getByText('人脸与身份证照片不一致').waitFor();
    await page.getByText('今日还可尝试 3 次').waitFor();
    await page.getByRole('link', { name: '重新人脸识别' }).waitFor();
    await screenshotsAtWidths(page, 'web-failed');
    await statusPage(page, '人脸与身份证照片不一致');
    expect(await page.getByRole('link', { name: '重新认证' }).getAttribute('href')).toBe('/mine/identity/face');
    await screenshotsAtWidths(page, 'web-status-failed');
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
    expect((await client.call(certification, { name: read.name, address: read.address })).response?.code).toBe('200');
    for (let i = 0; i < 5; i += 1) expect((await client.call(h5FaceUrl, {})).response?.code).toBe('200');
    expect((await client.call(h5FaceUrl, {})).response).toMatchObject({ code: '429', subcode: '4607' });

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
  it(
    'shows where the antenna is for the chosen brand: a foldable folded and unfolded, none without NFC, general tips for a phone not listed',
    { timeout: 60_000 },
    async () => {
      const context = await newMobileContext(browser);
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/nfc`);
      const models = page.getByRole('list', { name: '机型' });
      await page.getByRole('radio', { name: '苹果' }).click();
      await page.getByText('iPhone XS 及之后').waitFor();
      await screenshotsAtWidths(page, 'nfc', models);
      // A model without NFC: said, and nothing drawn to hold the card against.
      const old = models.getByRole('listitem').filter({ hasText: 'iPhone 6s 及之前' });
      await old.getByText('该机型不支持NFC').waitFor();
      expect(await old.getByRole('img').count()).toBe(0);
      expect(await old.locator('ellipse').count()).toBe(0);
      await screenshotsAtWidths(page, 'nfc-no-nfc', old);

      // A foldable: its two backs, folded and unfolded, from the table's position.
      await page.getByRole('radio', { name: '三星' }).click();
      const foldable = page.getByRole('img', { name: '折叠屏NFC感应区：合上时在背面中部；展开时在摄像头一侧机身的背面中部' });
      await foldable.waitFor();
      expect(await foldable.locator('ellipse').count()).toBe(2);
      await screenshotsAtWidths(page, 'nfc-foldable', models.getByRole('listitem').filter({ hasText: 'Galaxy Z 系列' }));

      // A model not in the list, or not known: the general tips below the list.
      await page.getByRole('button', { name: '列表中没有我的机型 / 不清楚机型' }).click();
      const tips = page.getByRole('region', { name: '通用查找方法' });
      await tips.getByRole('img', { name: /^常见NFC感应区/ }).waitFor();
      await screenshotsAtWidths(page, 'nfc-unlisted', tips);
      // A brand not in the list: the same tips in place of the models.
      await page.getByRole('radio', { name: '其他品牌' }).click();
      await tips.waitFor();
      expect(await models.count()).toBe(0);
      await screenshotsAtWidths(page, 'nfc-other-brand', page.getByRole('radiogroup', { name: '手机品牌' }));
      await context.close();
    },
  );

  it('inside the app draws the spot the shell reports (getNfcAntennaInfo), and falls back to the table without it', { timeout: 60_000 }, async () => {
    // An Android 14 phone 72 x 152 mm whose antenna is 50 mm from the left facing the screen and 30 mm from the top.
    const reporting = await newMobileContext(browser, {
      userAgent: APP_USER_AGENTS.androidZhongduoduo,
      initScripts: [
        nativeShellScript({ nfcAntennaInfo: { deviceWidth: 72, deviceHeight: 152, deviceFoldable: false, antennas: [{ locationX: 50, locationY: 30 }] } }),
      ],
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
