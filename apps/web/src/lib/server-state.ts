// Server state for pages: one query hook for what a page reads and one mutation hook for what a
// user does, over the API client, instead of TanStack Query (see docs/architecture.md "Router and
// server state"). Queries are keyed (a name and its parameters), shared between components,
// de-duplicated while in flight, cancelled on unmount, fresh for a stale time, and refetched on demand.
//
// Every cached answer belongs to the session that fetched it. When the access token changes (login,
// logout, 401, deregistration, a new token from the native app: SPEC §4), the whole cache is dropped
// and in-flight fetches are aborted; a fetch started under the old session can never land in the new
// one, because answers are only written into the entry that started them, and that entry is gone.
// Shown queries then fetch again under the new session. On a shared phone the next person never sees
// the previous person's data.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { sessionStore } from './session';

export type QueryStatus = 'loading' | 'success' | 'error';

/** A query's name and parameters, e.g. ['notice-detail', 42]. */
export type QueryKey = string | readonly (string | number | boolean | null)[];

/** How long an answer is used without asking again when a page shows it anew. */
export const DEFAULT_STALE_MS = 30_000;

interface Entry<T> {
  /** Bumped on every change: the snapshot React compares. */
  version: number;
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** When the current data arrived (Date.now()); 0 before. */
  fetchedAt: number;
  promise: Promise<void> | null;
  controller: AbortController | null;
  listeners: Set<() => void>;
  /** The fetcher of the latest viewer, to fetch again after an invalidation. */
  fetcher: ((signal: AbortSignal) => Promise<unknown>) | null;
}

const cache = new Map<string, Entry<unknown>>();

// The session generation: bumped when the cache is dropped, so every shown query subscribes afresh.
let generation = 0;
const generationListeners = new Set<() => void>();
let cachedToken = sessionStore.get().accessToken;

function serialiseKey(key: QueryKey): string {
  return typeof key === 'string' ? key : JSON.stringify(key);
}

function entryFor(id: string): Entry<unknown> {
  let entry = cache.get(id);
  if (!entry) {
    entry = {
      version: 0,
      status: 'loading',
      data: undefined,
      error: undefined,
      fetchedAt: 0,
      promise: null,
      controller: null,
      listeners: new Set(),
      fetcher: null,
    };
    cache.set(id, entry);
  }
  return entry;
}

function update(entry: Entry<unknown>, next: Partial<Entry<unknown>>) {
  Object.assign(entry, next, { version: entry.version + 1 });
  for (const listener of entry.listeners) listener();
}

/**
 * Starts a fetch of `id` unless one is in flight; `remember` keeps the fetcher for invalidations.
 * `background`: the data shown stays shown while it is refreshed (a stale answer), instead of loading.
 */
function run(id: string, fetcher: (signal: AbortSignal) => Promise<unknown>, { remember = true, background = false } = {}): void {
  const entry = entryFor(id);
  if (remember) entry.fetcher = fetcher;
  if (entry.promise) return;
  const controller = new AbortController();
  entry.controller = controller;
  const promise: Promise<void> = fetcher(controller.signal).then(
    (data) => {
      if (entry.promise === promise) update(entry, { status: 'success', data, error: undefined, fetchedAt: Date.now(), promise: null, controller: null });
    },
    (error: unknown) => {
      if (entry.promise === promise) update(entry, { status: background ? entry.status : 'error', error, promise: null, controller: null });
    },
  );
  entry.promise = promise;
  if (entry.status !== 'loading' && !background) update(entry, { status: 'loading' });
}

/** Drops every cached answer and aborts every fetch; shown queries fetch again. */
export function clearQueries(): void {
  for (const entry of cache.values()) {
    entry.controller?.abort();
    entry.promise = null;
  }
  cache.clear();
  generation += 1;
  for (const listener of generationListeners) listener();
}

sessionStore.subscribe(() => {
  const token = sessionStore.get().accessToken;
  if (token === cachedToken) return;
  cachedToken = token;
  clearQueries();
});

function subscribeGeneration(listener: () => void): () => void {
  generationListeners.add(listener);
  return () => void generationListeners.delete(listener);
}

/** Drops a cached answer (after a mutation changed it); shown queries fetch again. */
export function invalidateQuery(key: QueryKey): void {
  const id = serialiseKey(key);
  const entry = cache.get(id);
  if (!entry) return;
  entry.controller?.abort();
  Object.assign(entry, { promise: null, controller: null });
  if (entry.listeners.size === 0 || !entry.fetcher) {
    cache.delete(id);
    return;
  }
  update(entry, { status: 'loading', data: undefined, error: undefined, fetchedAt: 0 });
  run(id, entry.fetcher);
}

export interface QueryOptions {
  /** How long an answer stays fresh (ms); default DEFAULT_STALE_MS. */
  staleTimeMs?: number;
}

export interface QueryResult<T> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  refetch: () => void;
  /** Fetches again with `once` instead of the query's fetcher (e.g. a user retry under the loading toast). */
  refetchWith: (once: (signal: AbortSignal) => Promise<T>) => void;
}

/**
 * Fetches `key` while any component shows it; components showing the same key share one fetch
 * and its answer. `key` null: not yet (e.g. waiting for a token). The fetcher's AbortSignal
 * fires when the last viewer unmounts before the answer came, or when the session changes.
 */
export function useQuery<T>(
  key: QueryKey | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  { staleTimeMs = DEFAULT_STALE_MS }: QueryOptions = {},
): QueryResult<T> {
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const id = key === null ? null : serialiseKey(key);
  const currentGeneration = useSyncExternalStore(
    subscribeGeneration,
    () => generation,
    () => generation,
  );
  const subscribe = useCallback(
    (listener: () => void) => {
      if (id === null) return () => {};
      const entry = entryFor(id);
      entry.listeners.add(listener);
      const viewerFetcher = (signal: AbortSignal) => fetcherRef.current(signal);
      if (entry.status !== 'success') run(id, viewerFetcher);
      else if (Date.now() - entry.fetchedAt > staleTimeMs) run(id, viewerFetcher, { background: true });
      else entry.fetcher ??= viewerFetcher;
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0 && entry.promise) {
          entry.controller?.abort();
          if (cache.get(id) === entry) cache.delete(id);
        }
      };
    },
    // A new session generation means a new entry for the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, staleTimeMs, currentGeneration],
  );
  // -1: no entry, which is also what the prerendered page showed (loading; lib/hydration.ts): while
  // hydrating, an answer that came early is shown right after, not in the hydrated markup.
  const version = useSyncExternalStore(
    subscribe,
    () => (id === null ? -1 : (cache.get(id)?.version ?? -1)),
    () => -1,
  );
  const entry = version === -1 || id === null ? undefined : cache.get(id);
  const refetch = useCallback(() => {
    if (id !== null) run(id, (signal) => fetcherRef.current(signal));
  }, [id]);
  const refetchWith = useCallback(
    (once: (signal: AbortSignal) => Promise<T>) => {
      if (id !== null) run(id, once, { remember: false });
    },
    [id],
  );
  return { status: entry?.status ?? 'loading', data: entry?.data as T | undefined, error: entry?.error, refetch, refetchWith };
}

export interface MutationResult<A, T> {
  status: 'idle' | QueryStatus;
  data: T | undefined;
  error: unknown;
  /** Runs the call; resolves with its result, or undefined when it failed (error is set). */
  mutate: (args: A) => Promise<T | undefined>;
  reset: () => void;
}

/** A user action against the server (submit a form, send a code): status, result and error. */
export function useMutation<A, T>(action: (args: A) => Promise<T>): MutationResult<A, T> {
  const [state, setState] = useState<{ status: MutationResult<A, T>['status']; data: T | undefined; error: unknown }>({
    status: 'idle',
    data: undefined,
    error: undefined,
  });
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  const mutate = useCallback(async (args: A) => {
    setState({ status: 'loading', data: undefined, error: undefined });
    try {
      const data = await actionRef.current(args);
      setState({ status: 'success', data, error: undefined });
      return data;
    } catch (error) {
      setState({ status: 'error', data: undefined, error });
      return undefined;
    }
  }, []);
  const reset = useCallback(() => setState({ status: 'idle', data: undefined, error: undefined }), []);
  return { ...state, mutate, reset };
}
