// One notice or announcement to read: its title, time and the body the server rendered (safe HTML), then
// the page's `footer` (its way back). A link to one that does not exist (a bad, old or mistyped id) says so
// and leads to the list instead, with no 重新加载: asking again cannot make it exist.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { ReactNode } from 'react';
import { Card } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { useNoticeDetail } from '../api/notice-detail';
import './notices.css';
import { LoadFailed, Loading, NotFound } from '../../../components/load-states';

export interface NoticeArticleProps {
  id: string | null;
  /** 通知 or 公告: what the page calls the item, in 该…不存在或已下线 and 返回…列表. */
  noun: '通知' | '公告';
  /** The list of such items, where a missing one leads. */
  listPath: string;
  footer: ReactNode;
}

export function NoticeArticle({ id, noun, listPath, footer }: NoticeArticleProps) {
  const detail = useNoticeDetail(id);
  if (detail.missing) return <NotFound text={`该${noun}不存在或已下线`} to={listPath} label={`返回${noun}列表`} />;
  if (detail.status === 'loading') return <Loading />;
  if (detail.status === 'error' || !detail.data) {
    return (
      <>
        <LoadFailed error={detail.error} onRetry={detail.refetch} />
        {footer}
      </>
    );
  }
  return (
    <>
      <Card>
        <article>
          <h2 className="notice-detail__title">{detail.data.title}</h2>
          <p className="notice-detail__meta">
            <span>{chinaDateTime(detail.data.publishedAt)}</span>
          </p>
          <RichText html={detail.data.html} />
        </article>
      </Card>
      {footer}
    </>
  );
}
