// Enrolment by the operator alone (docs/operations.md "Operators"), against the real server and the real
// console build in a phone browser: an administrator adds an operator in 账号与审计 and gets a link and
// nothing else; the new operator, in a browser of their own with no session, opens it, reads the rules,
// sets a password, takes the secret shown under the QR code (as an authenticator app would), confirms a code,
// and signs in at /ops with the next one; the used link then says it is no longer valid. Screenshots at 320,
// 375 and 414 px.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/src/operators/services/credentials';
import { launchBrowser, newMobileContext, waitForApp } from './support/browser';
import { screenshotsAtWidths } from './support/layout';
import { signedInOperator } from './support/operators';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('enrolling an operator', () => {
  it('hands the administrator a link; the operator sets their own password and authenticator there and signs in', async () => {
    const adminContext = await newMobileContext(browser);
    await signedInOperator(adminContext, server, 'administrator');
    const admin = await adminContext.newPage();
    await admin.goto(`${server.baseUrl}/ops/operators`);
    await waitForApp(admin);
    const name = `new-editor-${process.pid}`;
    const add = admin.getByRole('form', { name: '添加运营账号' });
    await add.getByLabel(/^账号/).fill(name);
    await add.getByLabel('角色').selectOption({ label: '内容编辑' });
    await add.getByRole('button', { name: '添加' }).click();
    const card = admin.getByRole('region', { name: '设置链接' });
    await card.waitFor();
    const link = (await card.locator('.operators__link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/ops/enrol#[A-Za-z0-9_-]{43}$`));
    expect(await card.textContent()).not.toMatch(/密钥|初始密码|otpauth/);
    await screenshotsAtWidths(admin, 'ops-enrolment-link', card);
    await adminContext.close();

    // The operator's own browser: no cookie, no session.
    const context = await newMobileContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(link);
    const form = page.getByRole('form', { name: '设置运营账号' });
    await form.waitFor();
    expect(await form.getByRole('region', { name: '账号' }).textContent()).toContain(name);
    expect(await form.getByRole('img', { name: `${name} 的动态验证码二维码` }).isVisible()).toBe(true);
    await screenshotsAtWidths(page, 'ops-enrolment');
    await screenshotsAtWidths(page, 'ops-enrolment-qr', form.getByRole('region', { name: '第二步：绑定验证器' }));
    const secret = ((await form.getByLabel('动态验证码密钥').textContent()) ?? '').replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const password = '春眠不觉晓，处处闻啼鸟。夜来风雨声';
    await form.getByLabel('新密码', { exact: true }).fill(password);
    await form.getByLabel('再次输入新密码').fill(password);
    // The previous step's code (inside RFC 6238's drift window), so signing in with the current one follows at once.
    await form.getByLabel('动态验证码', { exact: true }).fill(totpCode(secret, Date.now() - 30_000));
    await form.getByRole('button', { name: '完成设置' }).click();
    await page.getByRole('heading', { name: '设置完成' }).waitFor();
    await screenshotsAtWidths(page, 'ops-enrolment-done');
    await page.getByRole('link', { name: '去登录' }).click();

    const signIn = page.getByRole('form', { name: '运营登录' });
    await signIn.waitFor();
    await signIn.getByLabel('账号').fill(name);
    await signIn.getByLabel('密码').fill(password);
    await signIn.getByLabel('动态验证码').fill(totpCode(secret, Date.now()));
    await signIn.getByRole('button', { name: '登录' }).click();
    await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '内容管理' }).waitFor();

    // The link is used up: opened again, it says so.
    await page.goto(link);
    await page.getByRole('heading', { name: '链接无效或已过期' }).waitFor();
    await screenshotsAtWidths(page, 'ops-enrolment-invalid');
    // The 401 of the session check before signing in and the 404 of the used link are the browser's own logs.
    expect(errors.filter((text) => !/status of (401|404)/.test(text))).toEqual([]);
    await context.close();
  });
});
