// One notice or announcement to read: its title, time and the body the server rendered (safe HTML).
import { chinaDateTime } from '@tyd/protocol/wire';
import { Card } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { useNoticeDetail } from '../api/notice-detail';
import './notices.css';
import { LoadFailed, Loading } from '../../../components/load-states';

export function NoticeArticle({ id }: { id: string }) {
  const detail = useNoticeDetail(id);
  if (detail.status === 'loading') return <Loading />;
  if (detail.status === 'error' || !detail.data) {
    return <LoadFailed error={detail.error} onRetry={detail.refetch} />;
  }
  return (
    <Card>
      <article>
        <h2 className="notice-detail__title">{detail.data.title}</h2>
        <p className="notice-detail__meta">
          <span>{chinaDateTime(detail.data.publishedAt)}</span>
        </p>
        <RichText html={detail.data.html} />
      </article>
    </Card>
  );
}
