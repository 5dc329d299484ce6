// What a part of a page shows while its data loads, when the load fails, and, for a list, when it is empty
// or has more (SPEC §2 shared pieces: 暂无记录, 点我加载更多··· / 已全部加载). One look and one wording
// everywhere: skeleton lines while loading, the failure said where the data would be with 重新加载 (a load
// is loaded again; 重试 is kept for an action the person took), docs/architecture.md "Web".
import type { ReactNode } from 'react';
import { userMessage } from '../lib/api-errors';
import type { usePagedList } from '../lib/paged-list';
import { Button } from './button';
import { Link } from './link';
import { LoadMore } from './load-more';
import { NoData } from './no-data';
import { SkeletonLine } from './skeleton';
import './feedback.css';

/** Skeleton lines in the shape of a few rows; screen readers hear 正在加载…. */
export function Loading() {
  return (
    <div className="load-state" role="status" aria-busy="true">
      <span className="visually-hidden">正在加载…</span>
      <SkeletonLine />
      <SkeletonLine length="short" />
      <SkeletonLine />
    </div>
  );
}

/** A failed load, said in place (what the server said, in the person's words), with 重新加载. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="load-state load-state--failed" role="alert">
      <p>{userMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        重新加载
      </Button>
    </div>
  );
}

/**
 * The item a page is about does not exist (a bad, old or mistyped link; the server's 404): said in place,
 * with the way on (`to`, `label`), and no 重新加载: loading it again cannot make it exist.
 */
export function NotFound({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className="load-state load-state--failed" role="status">
      <p>{text}</p>
      <Link className="btn btn--secondary" to={to}>
        {label}
      </Link>
    </div>
  );
}

type PagedList = Pick<ReturnType<typeof usePagedList>, 'status' | 'error' | 'refetch' | 'items' | 'hasMore' | 'loadingMore' | 'loadMore'>;

/**
 * A paged list's states around its rows (`children`): loading and failure before the first page, `empty`
 * (暂无记录 by default) when there is nothing, and the load-more footer under the rows.
 */
export function PagedListStates({ list, empty, children }: { list: PagedList; empty?: string; children: ReactNode }) {
  if (list.status === 'loading' && list.items.length === 0) return <Loading />;
  if (list.status === 'error' && list.items.length === 0) return <LoadFailed error={list.error} onRetry={list.refetch} />;
  if (list.items.length === 0) return <NoData text={empty} />;
  return (
    <>
      {children}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
