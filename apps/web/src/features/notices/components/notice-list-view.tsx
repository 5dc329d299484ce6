// A list of notices or announcements with the SPEC §2 load-more footer and no-data placeholder; each item
// leads to its detail page. `toolbar` (全部已读) shows only above a list that loaded: it has nothing to act
// on beside a failed or empty one.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link';
import { LoadMore } from '../../../components/load-more';
import { NoData } from '../../../components/no-data';
import { useNoticeList } from '../api/notice-list';
import './notices.css';
import { LoadFailed, Loading } from '../../../components/load-states';

export function NoticeListView({ kind, detailPath, toolbar }: { kind: 'notice' | 'announcement'; detailPath: string; toolbar?: ReactNode }) {
  const list = useNoticeList(kind);
  if (list.status === 'loading' && list.items.length === 0) return <Loading />;
  if (list.status === 'error' && list.items.length === 0) {
    return <LoadFailed error={list.error} onRetry={list.refetch} />;
  }
  if (list.items.length === 0) return <NoData />;
  return (
    <>
      {toolbar}
      <ul className="notice-list" aria-label={kind === 'notice' ? '通知列表' : '公告列表'}>
        {list.items.map((item) => (
          <li key={item.id}>
            <Link className="notice-item" to={`${detailPath}?id=${encodeURIComponent(item.id)}`}>
              {item.unread !== undefined ? (
                <span
                  className={item.unread ? 'notice-dot' : 'notice-dot notice-dot--read'}
                  role={item.unread ? 'img' : undefined}
                  aria-label={item.unread ? '未读' : undefined}
                />
              ) : null}
              <span className="notice-item__text">
                <span className="notice-item__title">{item.title}</span>
                {item.summary ? <span className="notice-item__summary">{item.summary}</span> : null}
                <span className="notice-item__time">{chinaDateTime(item.publishedAt)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
