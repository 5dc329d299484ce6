// 个人信息 against the real server and the real web build (docs/api.md "Personal information"; PIPL art.
// 44–47, MIIT 2021), in a mobile browser and in the simulated Android app: a certified person opens it from
// 我的, sees the two lists with this account's own data (masked; 未收集 where nothing is held; the sandbox
// providers said to send nothing), asks for a copy with an SMS code, reads it in full and downloads the
// JSON file (photos included), and the same link opened again is refused. In the app the title bar names
// it, and the ID card camera opens only after the notice of what it is for. Taps are real touch events.
// Screenshots at 320, 375 and 414 px.
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkLogin } from '@tyd/protocol';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, waitForApp } from './support/browser';
import { expectFitsThePhone, expectNoHorizontalOverflow, screenshotsAtWidths } from './support/layout';
import { readNativeCalls } from './support/native-shell';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { certify, loggedInContext, signedUpClient } from './support/sign-in';
import { codeFromOutbox } from './support/sms-outbox';

/** Short, so a second code for one number (another browser's login) follows the first soon. */
const SMS_COOLDOWN_SECONDS = 1;

let server: RunningServer;
let browser: Browser;

/** A real tap (touchstart/touchend and the click that follows) at the middle of `target`. */
async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  // Where a person's finger lands once the page stopped moving: a list that arrives above the target moves it
  // (Playwright's actionability checks wait for a stable box and a target that receives the pointer).
  await target.click({ trial: true });
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The list entry titled `title` (its h3), not one that only mentions it. */
const item = (list: Locator, title: string) => list.getByRole('listitem').filter({ has: list.page().getByRole('heading', { name: title, exact: true }) });

/** The downloaded file, saved where this process can read it (the browser may run in another process). */
async function savedCopy(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'tyd-privacy-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_COOLDOWN_SECONDS: String(SMS_COOLDOWN_SECONDS) } }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('个人信息', () => {
  it('from 我的: the two lists of this account, a copy asked for with a code, read and downloaded once, refused when opened again', async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    await certify(client);
    const context = await loggedInContext(browser, client.accessToken!, phone);
    const page = await context.newPage();

    // 我的 → 个人信息.
    await page.goto(`${server.baseUrl}/mine`);
    await waitForApp(page);
    await tap(page, page.getByRole('link', { name: /个人信息/ }));
    await page.waitForURL(`${server.baseUrl}/mine/privacy`);
    expect(await page.title()).toBe('个人信息');

    // 已收集个人信息清单: this account's own values, masked; 未收集 where nothing is held.
    const collected = page.getByRole('region', { name: '已收集个人信息清单' });
    const phoneItem = item(collected, '手机号码');
    await phoneItem.getByText(masked(phone)).waitFor();
    expect(await phoneItem.textContent()).toContain('已收集');
    expect(await item(collected, '身份信息').textContent()).toMatch(/沙\*\*. 110\*{11}\d{3}[\dX]/);
    expect(await item(collected, '人脸识别结果').textContent()).toContain('已通过');
    expect(await item(collected, '身份证照片').textContent()).toContain('人像面、国徽面各1张');
    expect(await item(collected, '银行卡信息').textContent()).toContain('未收集');
    expect(await page.getByRole('main').textContent()).not.toContain(phone);
    // 与第三方共享个人信息清单: the sandbox providers of this server, said to send nothing.
    const sharing = page.getByRole('region', { name: '与第三方共享个人信息清单' });
    await sharing.getByRole('listitem').first().waitFor();
    expect(await sharing.getByRole('listitem').count()).toBe(4);
    expect(await sharing.getByText('沙箱，不向第三方发送').count()).toBe(4);
    await screenshotsAtWidths(page, 'privacy-lists');
    await screenshotsAtWidths(page, 'privacy-sharing', sharing);

    // 导出我的个人信息: a code to the account's own phone, then the copy.
    const exporting = page.getByRole('region', { name: '导出我的个人信息' });
    await exporting.getByText('今日还可导出 3 次（每日 3 次）').waitFor();
    const since = Date.now() - 1_000;
    await tap(page, exporting.getByRole('button', { name: '获取验证码' }));
    const code = await codeFromOutbox(server.baseUrl, phone, 'export-data', since);
    await exporting.getByLabel('验证码').fill(code);
    await screenshotsAtWidths(page, 'privacy-export', exporting);
    await tap(page, exporting.getByRole('button', { name: '申请导出' }));
    await page.waitForURL((url) => url.pathname === '/mine/privacy/export');
    const link = page.url();
    expect(new URL(link).searchParams.get('id')).toMatch(/^x_[A-Za-z0-9_-]{22}$/);

    // The copy, in full: the phone, the ID number, the photos.
    const main = page.getByRole('main');
    await main.getByText(phone, { exact: true }).waitFor();
    expect(await main.textContent()).toMatch(/110\d{14}[\dX]/);
    await page.getByRole('img', { name: '身份证人像面' }).waitFor();
    expect(await page.getByRole('img', { name: '身份证国徽面' }).count()).toBe(1);
    await screenshotsAtWidths(page, 'privacy-copy');
    await screenshotsAtWidths(page, 'privacy-copy-photos', page.getByRole('region', { name: '身份证照片' }));

    // The same copy as a JSON file.
    const [download] = await Promise.all([page.waitForEvent('download'), tap(page, page.getByRole('button', { name: '下载JSON文件' }))]);
    expect(download.suggestedFilename()).toMatch(/^tyd-personal-data-\d{12}\.json$/);
    const file = JSON.parse(await readFile(await savedCopy(download), 'utf8')) as {
      format: string;
      account: { phone: string };
      identity: { confirmed: { idNumber: string } };
      photos: { dataUrl: string }[];
    };
    expect(file.format).toBe('tyd-personal-data');
    expect(file.account.phone).toBe(phone);
    expect(file.identity.confirmed.idNumber).toMatch(/^110\d{14}[\dX]$/);
    expect(await main.textContent()).toContain(file.identity.confirmed.idNumber);
    expect(file.photos.map((photo) => photo.dataUrl.slice(0, 23))).toEqual(['data:image/jpeg;base64,', 'data:image/jpeg;base64,']);

    // And as a page a person can open and print: the readable copy, each consent naming its documents.
    const [printable] = await Promise.all([page.waitForEvent('download'), tap(page, page.getByRole('button', { name: '下载可打印的副本（网页）' }))]);
    expect(printable.suggestedFilename()).toMatch(/^tyd-personal-data-\d{12}\.html$/);
    const opened = await page.context().newPage();
    await opened.goto(pathToFileURL(await savedCopy(printable)).href);
    await opened.getByRole('heading', { name: /^我的个人信息副本/ }).waitFor();
    expect(await opened.textContent('body')).toContain(file.identity.confirmed.idNumber);
    expect(await opened.textContent('body')).toMatch(/同意 · 《[^》]+》\S+、《[^》]+》\S+/);
    expect(await opened.locator('script').count()).toBe(0);
    // Opened on the phone it was saved on, it fits the phone: nothing wider than the screen.
    for (const width of [320, 375]) {
      await opened.setViewportSize({ width, height: 812 });
      await expectNoHorizontalOverflow(opened, width);
    }
    await saveScreenshot(opened, 'privacy-copy-printable');
    await opened.close();

    // Opened again (a reload, a replayed link): refused, with the way to ask again.
    await page.goto(link);
    await waitForApp(page);
    await page.getByRole('alert').filter({ hasText: '该导出已下载过，如需再次获取请重新申请导出' }).waitFor();
    expect(await main.textContent()).not.toContain(phone);
    await screenshotsAtWidths(page, 'privacy-copy-refused');
    // Another browser of the same account cannot open it either: the copy was the asking session's. Its
    // login code is the number's next, sent once the server's cooldown allows (signedUpClient).
    const other = await signedUpClient(server.baseUrl, phone);
    const otherContext = await loggedInContext(browser, other.accessToken!, phone);
    const otherPage = await otherContext.newPage();
    await otherPage.goto(link);
    await waitForApp(otherPage);
    await otherPage.getByRole('alert').filter({ hasText: '导出记录不存在，请重新申请导出' }).waitFor();
    await otherContext.close();

    // Back on 个人信息, one copy fewer today.
    await tap(page, page.getByRole('link', { name: '重新申请导出' }));
    await page.getByRole('region', { name: '导出我的个人信息' }).getByText('今日还可导出 2 次（每日 3 次）').waitFor();
    await expectFitsThePhone(page);
    await context.close();
  });

  it('explains withdrawing consent before it is done and offers deregistration instead', async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, client.accessToken!, phone);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/privacy`);
    await waitForApp(page);
    const withdrawal = page.getByRole('region', { name: '撤回同意' });
    await tap(page, withdrawal.getByRole('button', { name: '撤回同意' }));
    const dialog = page.getByRole('dialog', { name: '确定撤回同意？' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('撤回后您将无法继续使用通盈达的服务');
    expect(await dialog.getByRole('link', { name: '改为注销账号' }).getAttribute('href')).toBe('/mine/signOff');
    await screenshotsAtWidths(page, 'privacy-withdraw-dialog');
    await tap(page, dialog.getByRole('button', { name: '确认撤回' }));
    await page.getByText('您已撤回同意，所有设备上的登录已退出。').waitFor();
    await screenshotsAtWidths(page, 'privacy-withdrawn');
    // The server ended the session: the API answers it 401.
    expect((await client.call(checkLogin, {})).response?.code).toBe('401');
    await context.close();
  });

  it('inside the app: the title bar names it, the lists show, and the ID card camera opens only after its notice', async () => {
    const phone = newPhone('137');
    const client = await signedUpClient(server.baseUrl, phone);
    const context = await loggedInContext(browser, client.accessToken!, phone, 'android');
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/mine/privacy`);
    await waitForApp(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('in-app'))).toBe(true);
    await expect
      .poll(async () => (await readNativeCalls(page)).filter((c) => c.method === 'setTitle').map((c) => (c.params as { title: string }).title))
      .toContain('个人信息');
    await page.getByRole('region', { name: '已收集个人信息清单' }).getByText(masked(phone)).waitFor();
    expect(await item(page.getByRole('region', { name: '已收集个人信息清单' }), '身份信息').textContent()).toContain('未收集');
    await screenshotsAtWidths(page, 'privacy-app');

    // The ID card camera: the notice first (the shell's own permission prompt comes after it).
    await page.goto(`${server.baseUrl}/mine/identity/idcard`);
    await waitForApp(page);
    let chooserOpened = false;
    page.on('filechooser', () => {
      chooserOpened = true;
    });
    await tap(page, page.getByText('拍照').first());
    const notice = page.getByRole('dialog', { name: '需要使用相机或相册' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('用途：拍摄或选择您的身份证人像面和国徽面照片，用于实名认证');
    expect(chooserOpened).toBe(false);
    await screenshotsAtWidths(page, 'privacy-camera-notice');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tap(page, notice.getByRole('button', { name: '同意并继续' }))]);
    expect(await chooser.element().getAttribute('capture')).toBe('environment');
    await context.close();
  });
});
