// The app shell with the real router, route table, page chunks and navigation behaviour
// (SPEC §2), as a user meets it: by URL, title, role and text.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnv } from '../lib/env';
import { BRIDGE_NAME, type BridgeMessage } from '../lib/native-bridge';
import { pagePerfKey } from '../lib/page-perf';
import { createRouter, type Router } from '../lib/router';
import { clearSession } from '../lib/session';
import { App } from './app';
import { installNavigation } from './navigation';
import { hasPageModule } from './page-loader';
import { NOT_FOUND_ROUTE, ROUTES } from './route-table';

const env = vi.hoisted(() => ({
  current: { inApp: false, app: null, isZhongduoduo: false, os: 'other', isAndroid: false, isIos: false, isWeChat: false } as ClientEnv,
}));
vi.mock('../lib/env', () => ({ clientEnv: () => env.current, useClientEnv: () => env.current, detectEnv: () => env.current }));

let router: Router;
let uninstall: () => void;
const posted: BridgeMessage[] = [];

async function openApp(path: string) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  uninstall = installNavigation(router, { reload: vi.fn(), onChunkFailure: vi.fn(), serverReachable: async () => true });
  render(<App router={router} />);
  await act(() => router.start());
}

async function go(path: string) {
  await act(() => router.navigate(path));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearSession();
  env.current = { ...env.current, inApp: false, app: null };
  posted.length = 0;
});

afterEach(() => {
  cleanup();
  uninstall?.();
  router?.destroy();
  delete (window as unknown as Record<string, unknown>)[BRIDGE_NAME];
  document.body.style.removeProperty('--route-bg');
});

function enterApp() {
  env.current = { ...env.current, inApp: true, app: 'zhongduoduo', isZhongduoduo: true };
  (window as unknown as Record<string, unknown>)[BRIDGE_NAME] = { postMessage: (text: string) => posted.push(JSON.parse(text) as BridgeMessage) };
}

describe('route table (SPEC §2)', () => {
  it('every route, and the 404 route, has a lazy page module', () => {
    for (const route of [...ROUTES, NOT_FOUND_ROUTE]) expect(hasPageModule(route.page), route.page).toBe(true);
  });

  it.each([
    ['/', '通盈达'],
    ['/login', '验证码登录'],
    ['/test', '通盈达'],
    ['/download', 'APP下载'],
    ['/error500', '500'],
    ['/nfc', 'NFC读卡位置说明'],
    ['/activity-exchange', '通盈达'],
    ['/discover/detail', '通盈达'],
    ['/discover/notice', '公司公告'],
    ['/mine/signOff', '注销账号'],
    ['/others/tydPreJump', '授权登录'],
    ['/cloudSteward/index', '新人礼'],
    ['/no/such/page', '404'],
  ])('%s has the title %s and renders a page heading', async (path, title) => {
    await openApp(path);
    expect(document.title).toBe(title);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('an unknown path shows the 404 page with a way home', async () => {
    await openApp('/discover');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('页面不存在');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('the login title can be overridden by the pageTitle query parameter', async () => {
    await openApp('/login?pageTitle=%E7%99%BB%E5%BD%95%E9%A2%86%E5%A5%96');
    expect(document.title).toBe('登录领奖');
  });
});

describe('navigation behaviour (SPEC §2)', () => {
  it('links go through the router: the title follows each navigation', async () => {
    await openApp('/');
    await userEvent.click(screen.getByRole('link', { name: /APP下载/ }));
    await vi.waitFor(() => expect(document.title).toBe('APP下载'));
    expect(window.location.pathname).toBe('/download');
  });

  it('the body background comes from the route (login is white), else it is reset', async () => {
    await openApp('/login');
    expect(document.body.style.getPropertyValue('--route-bg')).toBe('var(--c-surface)');
    await go('/nfc');
    expect(document.body.style.getPropertyValue('--route-bg')).toBe('');
  });

  it('stores path, start time and a false done-flag before each navigation', async () => {
    await openApp('/');
    const before = Date.now();
    await go('/nfc');
    const record = JSON.parse(localStorage.getItem(pagePerfKey('/nfc'))!) as { _pn: string; _st: number; _du: boolean };
    expect(record).toMatchObject({ _pn: '/nfc', _du: false });
    expect(record._st).toBeGreaterThanOrEqual(before);
  });

  it('scrolls a new page to the top and a page reached by back to where it was', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await openApp('/');
    window.scrollY = 480;
    await go('/nfc');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    await act(async () => {
      router.back();
      await vi.waitFor(() => expect(router.current?.path).toBe('/'));
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
    scrollTo.mockRestore();
  });

  it('inside the app: logs a page-view and sends the title, except on default-title routes', async () => {
    enterApp();
    await openApp('/download');
    // The page load also says once that this page keeps the app's bars (docs/bridge.md 3.2). Posted once
    // the bridge's chunk is there.
    await vi.waitFor(() => expect(posted.map((m) => m.method)).toEqual(['setTitle', 'logEvent', 'hiddenStatusBarAndTitleBar']));
    expect(posted[0]?.params).toEqual({ title: 'APP下载' });
    expect(posted[1]?.params).toMatchObject({ en: 'pageview', purl: '/download', title: 'APP下载' });
    expect(posted[2]?.params).toEqual({ hidden: false });
    posted.length = 0;
    await go('/discover/detail');
    expect(posted).toEqual([]);
    expect(document.title).toBe('通盈达');
  });

  it('outside the app nothing is posted to a bridge', async () => {
    (window as unknown as Record<string, unknown>)[BRIDGE_NAME] = { postMessage: (text: string) => posted.push(JSON.parse(text) as BridgeMessage) };
    await openApp('/download');
    expect(posted).toEqual([]);
  });
});
