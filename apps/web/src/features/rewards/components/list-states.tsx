// The states every list of this feature shows (SPEC §2 shared pieces): loading, a failure with a retry,
// 暂无记录 when empty, and the load-more footer (点我加载更多··· / 已全部加载).
import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { LoadMore } from '../../../components/load-more';
import { NoData } from '../../../components/no-data';
import { userMessage } from '../../../lib/api-errors';
import type { usePagedList } from '../../../lib/paged-list';

type PagedList = Pick<ReturnType<typeof usePagedList>, 'status' | 'error' | 'refetch' | 'items' | 'hasMore' | 'loadingMore' | 'loadMore'>;

export function ListStates({ list, children }: { list: PagedList; children: ReactNode }) {
  if (list.status === 'loading' && list.items.length === 0) {
    return (
      <p className="rewards__muted" role="status" aria-busy="true">
        正在加载…
      </p>
    );
  }
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <div className="rewards__failed">
        <p className="rewards__error" role="alert">
          {userMessage(list.error)}
        </p>
        <Button variant="secondary" onClick={list.refetch}>
          重新加载
        </Button>
      </div>
    );
  }
  if (list.items.length === 0) return <NoData />;
  return (
    <>
      {children}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
