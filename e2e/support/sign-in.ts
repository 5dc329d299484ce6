// A new account and a browser logged in as it, for the journeys that start logged in: the account signs up
// through the API (login code from the sandbox SMS outbox, the agreement accepted: signUp in
// apps/server/test/support/accounts.ts), and the browser gets its session the way a returning visitor or the
// app has it, so the journey starts on the page it is about.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ApiClient } from '../../apps/server/test/support/api-client';
import { signUp } from '../../apps/server/test/support/accounts';
import { cardPhoto, readSide, uniqueCardPhoto } from '../../apps/server/test/support/identity';
import { FOLLOW_UP_MS } from '../../apps/web/src/lib/follow-up-presses';
import { newMobileContext, waitForApp } from './browser';
import { APP_USER_AGENTS, DEFAULT_APP_INFO, nativeShellScript } from './native-shell';
import { codeFromOutbox, sendWhenCooledDown } from './sms-outbox';
import { certification, h5FaceUrl, h5FaceVerify } from '@tyd/protocol';

/** Where the page runs: a plain mobile browser, or the simulated Android or iOS app shell (docs/bridge.md §6). */
export type Shell = 'android' | 'ios' | null;

/**
 * Signs `phone` up or in (with a friend's `inviteCode` when given); the returned client holds the session,
 * for calls the journey makes through the API. A number sent a code less than a cooldown ago (a second
 * device of one account) gets its code once the server's cooldown is over (sendWhenCooledDown).
 */
export async function signedUpClient(baseUrl: string, phone: string, opts: { inviteCode?: string } = {}): Promise<ApiClient> {
  const client = await ApiClient.fromPage(baseUrl);
  const signedUp = await signUp(client, baseUrl, phone, opts.inviteCode ? { inviteCode: opts.inviteCode } : {}, sendWhenCooledDown);
  expect(signedUp.response?.code).toBe('200');
  return client;
}

/**
 * Inside the app shell, signing in is the app's (docs/bridge.md 3.1): `/login` opens the app's login window,
 * where the fake shell signs `phone` up or in through the API, as the native login would, and hands the page
 * the token; the page then goes on to `returnPath`.
 */
export async function signInThroughApp(page: Page, baseUrl: string, phone: string, returnPath = '/'): Promise<void> {
  await page.context().exposeFunction('__e2eAppLogin', async () => (await signedUpClient(baseUrl, phone)).accessToken);
  await page.goto(`${baseUrl}/login?returnUrl=${encodeURIComponent(returnPath)}`);
  await page.waitForURL(`${baseUrl}${returnPath}`);
  await page.waitForFunction(() => localStorage.getItem('accessToken') !== null);
}

/** Certifies the client's account through the API with the sandbox OCR and face check (docs/sandbox.md): verified. */
export async function certify(client: ApiClient): Promise<void> {
  expect((await readSide(client, 'portrait', uniqueCardPhoto())).code).toBe('200');
  expect((await readSide(client, 'emblem', cardPhoto())).code).toBe('200');
  expect((await client.call(certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).response?.code).toBe('200');
  const face = (await client.call(h5FaceUrl, {})).response?.data as { url: string };
  const session = new URL(face.url, client.baseUrl).searchParams.get('session');
  expect((await fetch(`${client.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST' })).status).toBe(200);
  expect((await client.call(h5FaceVerify, {})).response?.data).toMatchObject({ state: 'verified' });
}

/**
 * A mobile browser holding `token` as its session: in a plain browser, stored as the web app stores it
 * (SPEC §3: the token and the masked phone, and the token cookie), once per tab so a logout in the journey sticks; in an app
 * shell, handed over by the shell's app info like the native app does.
 */
export async function loggedInContext(browser: Browser, token: string, phone: string, shell: Shell = null): Promise<BrowserContext> {
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
      // And the token cookie of the same lifetime (SPEC §3), as login writes it: from the next page load on,
      // the server sends this browser the neutral first screen, not a visitor's (docs/architecture.md "Delivery").
      document.cookie = `x-access-token=${t!}; path=/; max-age=${7 * 86_400}`;
    },
    [token, `${phone.slice(0, 3)}****${phone.slice(7)}`],
  );
  return context;
}

/**
 * Logs `phone` in (registering it when new) through the /login form the page is on, as a person does:
 * the number, the agreement ticked, 获取验证码, the code from the sandbox outbox, 登录. Leaves the page
 * wherever login leads.
 */
export async function logInThroughForm(page: Page, baseUrl: string, phone: string): Promise<void> {
  // The form is prerendered: typing reaches the app once it runs (docs/architecture.md "Delivery").
  await waitForApp(page);
  await page.getByLabel('手机号').pressSequentially(phone);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  const since = Date.now() - 1_000;
  const getCode = page.locator('.sms-code-button');
  await getCode.click();
  // The note under the field says what the server did. A number sent a code less than a cooldown ago
  // (another browser of the account just logged in) is not sent one: the page says so and counts down,
  // and the button comes back once the server's cooldown is over; pressed again, as a person would
  // (docs/api.md "The web's SMS code forms").
  const note = page.locator('.sms-note');
  await note.waitFor();
  if ((await note.getAttribute('class'))?.includes('sms-note--not-sent')) {
    await getCode.click();
    await page.locator('.sms-note--sent').waitFor();
  }
  await page.getByLabel('验证码').fill(await codeFromOutbox(baseUrl, phone, 'login', since));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // A person's next press comes after the double-tap window in which presses near 登录 are taken for its
  // follow-ups and swallowed (apps/web/src/lib/follow-up-presses.ts); a script is faster than that.
  await page.waitForTimeout(FOLLOW_UP_MS);
}
