// Server state for pages: a small query hook and a mutation hook over the API client, instead of
// TanStack Query (it alone is ~10 KB gzip, more than this app's whole budget left after React;
// see docs/architecture.md "Router and server state"). Queries are keyed, shared between
// components, de-duplicated while in flight, cancelled on unmount, and refetched on demand.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

export type QueryStatus = 'loading' | 'success' | 'error';

interface Entry<T> {
  /** Bumped on every change: the snapshot React compares. */
  version: number;
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  promise: Promise<void> | null;
  controller: AbortController | null;
  listeners: Set<() => void>;
  /** The fetcher of the latest viewer, to fetch again after an invalidation. */
  fetcher: ((signal: AbortSignal) => Promise<unknown>) | null;
}

const cache = new Map<string, Entry<unknown>>();

function entryFor(key: string): Entry<unknown> {
  let entry = cache.get(key);
  if (!entry) {
    entry = { version: 0, status: 'loading', data: undefined, error: undefined, promise: null, controller: null, listeners: new Set(), fetcher: null };
    cache.set(key, entry);
  }
  return entry;
}

function update(entry: Entry<unknown>, next: Partial<Entry<unknown>>) {
  Object.assign(entry, next, { version: entry.version + 1 });
  for (const listener of entry.listeners) listener();
}

/** Starts a fetch of `key` unless one is in flight; `remember` keeps the fetcher for invalidations. */
function run(key: string, fetcher: (signal: AbortSignal) => Promise<unknown>, remember = true): void {
  const entry = entryFor(key);
  if (remember) entry.fetcher = fetcher;
  if (entry.promise) return;
  const controller = new AbortController();
  entry.controller = controller;
  const promise: Promise<void> = fetcher(controller.signal).then(
    (data) => {
      if (entry.promise === promise) update(entry, { status: 'success', data, error: undefined, promise: null, controller: null });
    },
    (error: unknown) => {
      if (entry.promise === promise) update(entry, { status: 'error', error, promise: null, controller: null });
    },
  );
  entry.promise = promise;
  if (entry.status !== 'loading') update(entry, { status: 'loading' });
}

/** Drops a cached answer (after a mutation changed it); mounted queries fetch again. */
export function invalidateQuery(key: string): void {
  const entry = cache.get(key);
  if (!entry) return;
  entry.controller?.abort();
  Object.assign(entry, { promise: null, controller: null });
  if (entry.listeners.size === 0 || !entry.fetcher) {
    cache.delete(key);
    return;
  }
  update(entry, { status: 'loading', data: undefined, error: undefined });
  run(key, entry.fetcher);
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
 * fires when the last viewer unmounts before the answer came.
 */
export function useQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): QueryResult<T> {
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => {};
      const entry = entryFor(key);
      entry.listeners.add(listener);
      if (entry.status !== 'success') run(key, (signal) => fetcherRef.current(signal));
      else entry.fetcher ??= (signal) => fetcherRef.current(signal);
      return () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0 && entry.promise) {
          entry.controller?.abort();
          if (cache.get(key) === entry) cache.delete(key);
        }
      };
    },
    [key],
  );
  useSyncExternalStore(subscribe, () => (key === null ? -1 : (cache.get(key)?.version ?? -1)));
  const entry = key === null ? undefined : cache.get(key);
  const refetch = useCallback(() => {
    if (key !== null) run(key, (signal) => fetcherRef.current(signal));
  }, [key]);
  const refetchWith = useCallback(
    (once: (signal: AbortSignal) => Promise<T>) => {
      if (key !== null) run(key, once, false);
    },
    [key],
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
