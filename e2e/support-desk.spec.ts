// The customer-service desk against the real server and the real web build (docs/operations.md "Operators",
// docs/api.md "Customer-service desk"): a person calls 客服; an agent at a desk (1280 px) looks the account up
// by its full number with a reason, sees it masked, and freezes it after a confirmation that says what will
// happen; the person's login on the phone says the account is frozen; a second agent approves the unfreeze
// from the list, and the person signs in again. Screenshots of the desk at 1280 and 375 px, and of the login.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_SCALE, launchBrowser, newMobileContext, saveScreenshot } from './support/browser';
import { expectNoHorizontalOverflow } from './support/layout';
import { signedInOperator } from './support/operators';
import { newPhone } from './support/phones';
import { startServer, type RunningServer } from './support/server';
import { certify, logInThroughForm, signedUpClient } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { HUMAN_CHECK_IP_PER_HOUR: '1000', SMS_HOURLY_CAP_PER_IP: '1000', SMS_COOLDOWN_SECONDS: '2' } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An agent's desktop browser, signed in as a new customer-service operator. */
async function agentAtDesk(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: DEVICE_SCALE,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await signedInOperator(context, server, 'customer_service');
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/ops/users`);
  return { context, page };
}

describe('客服查询', () => {
  it('an agent looks up, freezes; the person is told at login; a second agent approves the unfreeze; the person signs in', async () => {
    const phone = newPhone('136');
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    const person = await signedUpClient(server.baseUrl, phone);
    await certify(person);

    const agent = await agentAtDesk();
    const page = agent.page;
    await page.getByLabel('手机号（完整 11 位）').fill(phone);
    await page.getByLabel('事由（工单号或来电原因）').fill('工单 T-2048：来电称手机丢失');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('heading', { name: masked }).waitFor();
    await page.getByText('本次查询已连同事由记入审计日志。').waitFor();
    const shown = (await page.locator('main').textContent()) ?? '';
    expect(shown).toContain('已实名认证');
    expect(shown).not.toContain(phone);
    await saveScreenshot(page, 'ops-users-account-1280', { fullPage: true });

    await page.getByRole('button', { name: '冻结账户' }).click();
    const dialog = page.getByRole('dialog', { name: '冻结这个账户？' });
    expect(await dialog.textContent()).toContain('解冻需要另一位客服批准');
    await saveScreenshot(page, 'ops-users-freeze-dialog-1280');
    await dialog.getByRole('button', { name: '确认冻结' }).click();
    await page.getByText('账户已冻结，全部设备已下线。').waitFor();
    await page.getByText('已冻结', { exact: true }).waitFor();
    await page.getByRole('button', { name: '申请解冻' }).click();
    await page.getByRole('dialog', { name: '申请解冻这个账户？' }).getByRole('button', { name: '提交申请' }).click();
    await page.getByRole('group', { name: '解冻申请' }).getByRole('button', { name: '撤回申请' }).waitFor();
    await saveScreenshot(page, 'ops-users-frozen-1280', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoHorizontalOverflow(page, 375);
    await saveScreenshot(page, 'ops-users-frozen-375', { fullPage: true });

    // The person, on their phone: the login says the account is frozen, and stays on the page.
    const phoneContext = await newMobileContext(browser);
    const login = await phoneContext.newPage();
    await login.goto(`${server.baseUrl}/login`);
    await logInThroughForm(login, server.baseUrl, phone);
    expect(await login.getByRole('alert').textContent()).toBe('该账号已被冻结，暂时无法登录，如有疑问请联系客服');
    await saveScreenshot(login, 'login-account-frozen-375');

    // A second agent approves from the list of pending unfreezes.
    const checker = await agentAtDesk();
    const list = checker.page.getByRole('region', { name: '待审批的解冻申请' });
    await list.getByText(`解冻账户 ${masked}：工单 T-2048：来电称手机丢失`).waitFor();
    await list.getByRole('button', { name: '批准解冻' }).click();
    await checker.page.getByRole('dialog', { name: '批准解冻？' }).getByRole('button', { name: '批准解冻' }).click();
    await list.getByText('没有待审批的解冻申请。').waitFor();

    const again = await phoneContext.newPage();
    await again.goto(`${server.baseUrl}/login`);
    await logInThroughForm(again, server.baseUrl, phone);
    await again.waitForURL((url) => url.pathname !== '/login');
    await Promise.all([agent.context.close(), checker.context.close(), phoneContext.close()]);
  });
});
