// Chunk-load failure (SPEC §8 ChunkLoadError): one automatic reload guarded against loops, then
// the 500 view with a retry button.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../lib/router';
import { App } from './app';
import { installNavigation } from './navigation';
import { CHUNK_RELOAD_KEY, ChunkLoadError, recoverFromChunkError } from './page-loader';
import type * as Env from '../lib/env';
import type * as PageLoader from './page-loader';

const pages = vi.hoisted(() => ({ failing: new Set<string>(), loaded: new Map<string, ComponentType>() }));
vi.mock('./page-loader', async (importOriginal) => {
  const real = await importOriginal<typeof PageLoader>();
  return {
    ...real,
    loadPage: async (route: { page: string }) => {
      if (pages.failing.has(route.page)) throw new real.ChunkLoadError(`loading ${route.page} failed`);
      const component = pages.loaded.get(route.page) ?? (() => <h1>{route.page}</h1>);
      pages.loaded.set(route.page, component);
      sessionStorage.removeItem(real.CHUNK_RELOAD_KEY);
      return component;
    },
    loadedPage: (route: { page: string }) => pages.loaded.get(route.page),
  };
});

// The app shell as navigation.ts sees it: whether the page is inside the app, and the events logged there.
const shell = vi.hoisted(() => ({ inApp: false, events: [] as unknown[], bars: [] as boolean[] }));
vi.mock('../lib/env', async (importOriginal) => {
  const real = await importOriginal<typeof Env>();
  return { ...real, clientEnv: () => ({ ...real.clientEnv(), inApp: shell.inApp }) };
});
vi.mock('../lib/native', () => ({
  nativeBridge: () => null,
  withNative: (_name: string, run: (bridge: unknown) => Promise<unknown>) =>
    void run({
      logEvent: async (event: unknown) => void shell.events.push(event),
      setTitle: async () => {},
      hiddenStatusBarAndTitleBar: async (hidden: boolean) => void shell.bars.push(hidden),
    }),
}));

let router: Router;
const reload = vi.fn();
const onChunkFailure = vi.fn();
const reachable = { value: true };
const serverReachable = vi.fn(async () => reachable.value);

async function openApp(path: string) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  installNavigation(router, { reload, onChunkFailure, serverReachable });
  render(<App router={router} />);
  await act(() => router.start());
}

beforeEach(() => {
  sessionStorage.clear();
  pages.failing.clear();
  pages.loaded.clear();
  reload.mockReset();
  onChunkFailure.mockReset();
  reachable.value = true;
  serverReachable.mockClear();
  shell.inApp = false;
  shell.events.length = 0;
  shell.bars.length = 0;
});

afterEach(() => {
  cleanup();
  router.destroy();
});

describe('chunk load failure', () => {
  it('reloads once, then shows the 500 view with a retry that reloads', async () => {
    pages.failing.add('features/download/pages/download-page.tsx');
    await openApp('/');
    await act(() => router.navigate('/download'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith('/download');
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1');
    // What the reloaded page sees: the flag is still set, so no second reload.
    await act(() => router.navigate('/download'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onChunkFailure).toHaveBeenCalledWith(expect.objectContaining({ path: '/download' }), expect.any(ChunkLoadError));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('页面加载失败');
    expect(document.title).toBe('500');
    const retry = screen.getByRole('button', { name: '重新加载' });
    const locationReload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    await userEvent.click(retry);
    expect(locationReload).toHaveBeenCalledTimes(1);
  });

  it('a good load clears the guard, so a later failure may reload again', () => {
    const doReload = vi.fn();
    expect(recoverFromChunkError(doReload)).toBe('reloading');
    expect(recoverFromChunkError(doReload)).toBe('failed');
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    expect(recoverFromChunkError(doReload)).toBe('reloading');
    expect(doReload).toHaveBeenCalledTimes(2);
  });

  it('a page that crashes while rendering shows the 500 view, not a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    pages.loaded.set('features/content/pages/nfc-page.tsx', () => {
      throw new Error('render bug');
    });
    await openApp('/');
    await act(() => router.navigate('/nfc'));
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});

describe('offline', () => {
  it('a page that cannot be fetched offline shows 网络不给力 with 重试, never a reload; 重试 shows the page once back online', async () => {
    pages.failing.add('features/download/pages/download-page.tsx');
    reachable.value = false;
    await openApp('/');
    await act(() => router.navigate('/download'));
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('网络不给力');
    expect(window.location.pathname).toBe('/download');
    // Still offline: the same view again, still no reload.
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(serverReachable).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('网络不给力');
    // Back online: the page shows, in place.
    pages.failing.clear();
    reachable.value = true;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('features/download/pages/download-page.tsx'));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('inside the app', () => {
  it('the page-view sent to the app carries the scrubbed address: no one-time or invite code', async () => {
    shell.inApp = true;
    await openApp('/');
    await act(() => router.navigate('/others/tydPreJump?code=SECRETcode123&returnUrl=%2Fnfc&utm_source=sms'));
    await act(() => router.navigate('/login?inviteCode=ABCD2345'));
    expect(shell.events.map((event) => (event as { purl: string }).purl)).toEqual(['/', '/others/tydPreJump?utm_source=sms', '/login']);
  });

  it('full-screen pages (home, 我的) hide the app’s bars while they show; other pages bring them back, once per change', async () => {
    shell.inApp = true;
    await openApp('/');
    expect(document.documentElement.classList.contains('app-full-screen')).toBe(true);
    await act(() => router.navigate('/mine'));
    await act(() => router.navigate('/nfc'));
    expect(document.documentElement.classList.contains('app-full-screen')).toBe(false);
    await act(() => router.navigate('/download'));
    expect(shell.bars).toEqual([true, false]);
  });

  it('a page load says what it wants even when it is not full-screen (a previous page may have hidden the bars)', async () => {
    shell.inApp = true;
    await openApp('/nfc');
    expect(shell.bars).toEqual([false]);
  });

  it('outside the app nothing is hidden', async () => {
    await openApp('/');
    expect(document.documentElement.classList.contains('app-full-screen')).toBe(false);
    expect(shell.bars).toEqual([]);
  });
});
