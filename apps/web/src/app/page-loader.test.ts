import { CHUNK_LOAD_TIMEOUT_MS } from '@tyd/protocol/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, ChunkLoadError, loadPage, loadedPage, type PageModule } from './page-loader';
import type { RouteDef } from './route-table';

const route = (page: string): RouteDef => ({ path: `/${page}`, name: page, page: `features/x/pages/${page}.tsx` });
const key = (page: string) => `../features/x/pages/${page}.tsx`;

afterEach(() => vi.useRealTimers());

describe('page chunks', () => {
  it('loads a page once, caches it and clears the reload guard', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const Page = () => null;
    const importer = vi.fn(async (): Promise<PageModule> => ({ default: Page }));
    await expect(loadPage(route('a'), 1_000, { [key('a')]: importer })).resolves.toBe(Page);
    await loadPage(route('a'), 1_000, { [key('a')]: importer });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(loadedPage(route('a'))).toBe(Page);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('a failed import is a ChunkLoadError', async () => {
    const failing = async (): Promise<PageModule> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    await expect(loadPage(route('b'), 1_000, { [key('b')]: failing })).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadPage(route('missing'), 1_000, {})).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('a chunk still loading after 120000 ms is a ChunkLoadError (SPEC §9)', async () => {
    vi.useFakeTimers();
    const pending = loadPage(route('c'), undefined, { [key('c')]: () => new Promise<PageModule>(() => {}) });
    const outcome = pending.catch((error: unknown) => error);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
  });
});
