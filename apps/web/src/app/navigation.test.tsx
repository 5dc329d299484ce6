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

let router: Router;
const reload = vi.fn();
const onChunkFailure = vi.fn();

async function openApp(path: string) {
  window.history.replaceState(null, '', path);
  router = createRouter();
  installNavigation(router, { reload, onChunkFailure });
  render(<App router={router} />);
  await act(() => router.start());
}

beforeEach(() => {
  sessionStorage.clear();
  pages.failing.clear();
  pages.loaded.clear();
  reload.mockReset();
  onChunkFailure.mockReset();
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
