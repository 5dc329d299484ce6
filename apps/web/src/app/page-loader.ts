// Lazy page chunks (SPEC §2, §7 "lazy page chunks are fetched from the site root") and their
// failure handling (SPEC §8 ChunkLoadError, §9 120000 ms). Without a connection, the page shows the
// offline view and retries in place (a reload cannot help and would leave for the browser's own error
// page). With one, a failed or stalled chunk reloads the page once (a new deployment replaced the
// hashed files), guarded against reload loops by a sessionStorage flag; a second failure shows the
// 500 page with a retry button.
import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tyd/protocol/wire';
import { session } from '../lib/storage';
import type { RouteDef } from './route-table';

export type PageModule = { default: ComponentType };
type Importers = Record<string, () => Promise<PageModule>>;

// One glob, so Vite emits one chunk per page and the route table stays plain data. The operators' pages
// (ops-page.tsx, ops-*-page.tsx) are the console's (src/console/console-routes.ts): not even their addresses are here.
const modules = import.meta.glob<PageModule>(['../features/*/pages/*-page.tsx', './pages/*-page.tsx', '!../features/*/pages/ops-*page.tsx']);

export const CHUNK_RELOAD_KEY = 'tyd.chunkReload';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** The glob key of a route's page module (`page` is relative to src/). */
export function pageModuleKey(page: string): string {
  return page.startsWith('app/') ? `./${page.slice('app/'.length)}` : `../${page}`;
}

export function hasPageModule(page: string): boolean {
  return pageModuleKey(page) in modules;
}

const loaded = new Map<string, ComponentType>();

/** Why a page could not be shown: no connection (offline view, retry in place) or a real failure (500). */
export type PageFailure = 'offline' | 'failed';
const failures = new Map<string, PageFailure>();

/** What went wrong loading `route`'s page the last time, if anything. */
export function pageFailure(route: RouteDef): PageFailure | undefined {
  return failures.get(route.page);
}

export function markPageFailure(route: RouteDef, failure: PageFailure): void {
  failures.set(route.page, failure);
}

/** The page component once its chunk loaded, else undefined. */
export function loadedPage(route: RouteDef): ComponentType | undefined {
  return loaded.get(route.page);
}

export async function loadPage(route: RouteDef, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS, importers: Importers = modules): Promise<ComponentType> {
  const cached = loaded.get(route.page);
  if (cached) return cached;
  const importer = importers[pageModuleKey(route.page)];
  if (!importer) throw new ChunkLoadError(`no page module ${route.page}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const mod = await Promise.race([
      importer(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ChunkLoadError(`loading ${route.page} timed out`)), timeoutMs);
      }),
    ]);
    loaded.set(route.page, mod.default);
    failures.delete(route.page);
    session.remove(CHUNK_RELOAD_KEY);
    return mod.default;
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(`loading ${route.page} failed`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * After a ChunkLoadError: reload once (returns 'reloading'), or, when this tab already reloaded
 * for it, give up ('failed') so the 500 page shows. The flag is cleared by the next good load.
 */
export function recoverFromChunkError(reload: () => void): 'reloading' | 'failed' {
  if (session.get(CHUNK_RELOAD_KEY)) return 'failed';
  session.set(CHUNK_RELOAD_KEY, '1');
  reload();
  return 'reloading';
}
