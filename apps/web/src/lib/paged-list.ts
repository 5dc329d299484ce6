// A list read page by page with the server's opaque cursor (docs/api.md "Notices, messages and content"):
// the first page through useQuery (shared, cached, dropped with the session), further pages on 点我加载更多···
// appended in place. The server's cursor guarantees no duplicates or gaps; ids are still checked so a
// refetched first page never doubles an item.
import { useCallback, useState } from 'react';
import { reportCallFailure } from './api-errors';
import { useQuery, type QueryKey } from './server-state';

export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export function usePagedList<T extends { id: string }>(
  key: QueryKey | null,
  fetchPage: (cursor: string | undefined, signal?: AbortSignal) => Promise<ListPage<T>>,
) {
  const first = useQuery(key, (signal) => fetchPage(undefined, signal));
  const [more, setMore] = useState<{ items: T[]; nextCursor: string | null; for: ListPage<T> } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // A new first page (refetch, invalidation) starts the list again.
  const extra = more && more.for === first.data ? more : null;

  const items: T[] = [];
  const seen = new Set<string>();
  for (const item of [...(first.data?.items ?? []), ...(extra?.items ?? [])]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  const nextCursor = extra ? extra.nextCursor : (first.data?.nextCursor ?? null);

  const loadMore = useCallback(async () => {
    if (!nextCursor || !first.data) return;
    setLoadingMore(true);
    try {
      const page = await fetchPage(nextCursor);
      setMore((current) => ({
        items: [...(current && current.for === first.data ? current.items : []), ...page.items],
        nextCursor: page.nextCursor,
        for: first.data!,
      }));
    } catch (error) {
      reportCallFailure(error);
    } finally {
      setLoadingMore(false);
    }
  }, [nextCursor, first.data, fetchPage]);

  return { status: first.status, error: first.error, refetch: first.refetch, items, hasMore: nextCursor !== null, loadingMore, loadMore };
}
