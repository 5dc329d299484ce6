// Inside the app the app's login is the page's: token adopted at start and when the app returns, the
// app's login window for pages that need a session, the page asked for opened once the session arrives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../lib/env';
import { BRIDGE_NAME, RECEIVE_NAME, type BridgeMessage } from '../lib/native-bridge';
import { createRouter, type Router } from '../lib/router';
import { clearSession, sessionStore, startSession } from '../lib/session';
import { adoptAppSession, installAppSession } from './app-session';
import { installLoginGuard } from './login-guard';

const env = vi.hoisted(() => ({ current: { inApp: true } as ClientEnv }));
vi.mock('../lib/env', () => ({ clientEnv: () => env.current }));

type W = Record<string, unknown>;
const shell = { token: '', posted: [] as BridgeMessage[] };

/** A shell that answers like docs/bridge.md: getAppInfo with its current token, openWin with true. */
function installShell() {
  (window as unknown as W)[BRIDGE_NAME] = {
    postMessage(text: string) {
      const message = JSON.parse(text) as BridgeMessage;
      shell.posted.push(message);
      const result =
        message.method === 'getAppInfo' ? { token: shell.token, phone: '138****0001', allDeviceInfo: {}, agreementVer: '1', appVer: '5.2.0' } : true;
      queueMicrotask(() => ((window as unknown as W)[RECEIVE_NAME] as (r: unknown) => void)({ id: message.id, result }));
    },
  };
}

let router: Router;
let uninstall: () => void;
beforeEach(() => {
  env.current = { inApp: true } as ClientEnv;
  clearSession();
  shell.token = '';
  shell.posted.length = 0;
  installShell();
  window.history.replaceState(null, '', '/');
  router = createRouter();
  installLoginGuard(router);
  uninstall = installAppSession(router);
});
afterEach(() => {
  uninstall();
  router.destroy();
  delete (window as unknown as W)[BRIDGE_NAME];
});

describe('inside the app', () => {
  it('adopts the app’s token', async () => {
    shell.token = 'app-token-1';
    await adoptAppSession();
    expect(sessionStore.get().accessToken).toBe('app-token-1');
    expect(sessionStore.get().phone).toBe('138****0001');
  });

  it('does not take back a token the server just refused (signed out from another device), but takes the app’s next one', async () => {
    shell.token = 'app-token-stale';
    await adoptAppSession();
    clearSession({ ended: true, signedOutElsewhere: true });
    // The app still reports the refused token until its own login has run: taking it would be refused again.
    await adoptAppSession();
    expect(sessionStore.get().accessToken).toBeNull();
    shell.token = 'app-token-new';
    await adoptAppSession();
    expect(sessionStore.get().accessToken).toBe('app-token-new');
  });

  it('an app without a session leaves the page’s own session alone', async () => {
    startSession({ accessToken: 'web-token', phone: '13800000002' });
    await adoptAppSession();
    expect(sessionStore.get().accessToken).toBe('web-token');
  });

  it('a page that needs a session opens the app’s login window, never the web login, and opens once the app hands over a session', async () => {
    await router.start();
    const failure = await router.navigate('/mine/signOff');
    expect(failure?.type).toBe('aborted');
    await vi.waitFor(() => expect(shell.posted.some((m) => m.method === 'openWin')).toBe(true));
    expect(shell.posted.find((m) => m.method === 'openWin')?.params).toEqual({ page: 'login' });
    expect(router.current?.path).toBe('/');
    // The user logs in inside the app; the webview is shown again.
    shell.token = 'app-token-2';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(router.current?.path).toBe('/mine/signOff'));
    expect(sessionStore.get().accessToken).toBe('app-token-2');
  });

  it('a first visit to such a page starts at home while the app’s login window is open', async () => {
    window.history.replaceState(null, '', '/mine/signOff');
    await router.start();
    expect(router.current?.path).toBe('/');
    await vi.waitFor(() => expect(shell.posted.some((m) => m.method === 'openWin')).toBe(true));
  });

  it('without a bridge the web login is the fallback', async () => {
    delete (window as unknown as W)[BRIDGE_NAME];
    await router.start();
    await router.navigate('/mine/signOff');
    await vi.waitFor(() => expect(router.current?.path).toBe('/login'));
  });

  it('a link to /login (登录 / 注册) opens the app’s login window, not the web form, and goes on to its returnUrl', async () => {
    await router.start();
    await router.navigate('/nfc');
    const failure = await router.navigate('/login?returnUrl=%2Fmine');
    expect(failure?.type).toBe('aborted');
    expect(router.current?.path).toBe('/nfc');
    await vi.waitFor(() => expect(shell.posted.find((m) => m.method === 'openWin')?.params).toEqual({ page: 'login' }));
    shell.token = 'app-token-3';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(router.current?.path).toBe('/mine'));
  });

  it('a first visit to /login starts at home while the app’s login window is open; a foreign returnUrl leads home', async () => {
    window.history.replaceState(null, '', '/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await router.start();
    expect(router.current?.path).toBe('/');
    await vi.waitFor(() => expect(shell.posted.some((m) => m.method === 'openWin')).toBe(true));
    await router.navigate('/nfc');
    shell.token = 'app-token-4';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(router.current?.path).toBe('/'));
  });

  it('a shell without a bridge shows the web login once for that navigation, and asks the app again next time', async () => {
    delete (window as unknown as W)[BRIDGE_NAME];
    await router.start();
    await router.navigate('/login?returnUrl=%2Fmine');
    await vi.waitFor(() => expect(router.current?.path).toBe('/login'));
    expect(new URLSearchParams(router.current!.search).get('returnUrl')).toBe('/mine');
    await router.navigate('/nfc');
    installShell();
    await router.navigate('/login');
    expect(router.current?.path).toBe('/nfc');
    await vi.waitFor(() => expect(shell.posted.some((m) => m.method === 'openWin')).toBe(true));
  });
});
