// One notice or announcement to read: its title, time and the body the server rendered (safe HTML).
import { chinaDateTime } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Card } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { userMessage } from '../../../lib/api-errors';
import { useNoticeDetail } from '../api/notice-detail';
import './notices.css';

export function NoticeArticle({ id }: { id: string }) {
  const detail = useNoticeDetail(id);
  if (detail.status === 'loading')
    return (
      <p className="notice-status" role="status" aria-busy="true">
        正在加载…
      </p>
    );
  if (detail.status === 'error' || !detail.data) {
    return (
      <div className="notice-status" role="alert">
        <p>{userMessage(detail.error)}</p>
        <Button variant="secondary" onClick={detail.refetch}>
          重试
        </Button>
      </div>
    );
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
