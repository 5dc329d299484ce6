// /messages/notice?id=<id>: one notice to read (SPEC §7 notice-detail); reading it marks it read
// (api/notice-detail.ts). A link without a notice behind it leads to the notice list (components/notice-article.tsx).
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { useSearchParams } from '../../../lib/router-react';
import { NoticeArticle } from '../components/notice-article';
import '../../../components/button.css';

export default function NoticeDetailPage() {
  const id = useSearchParams().get('id');
  return (
    <Page title="通知详情">
      <NoticeArticle
        id={id}
        noun="通知"
        listPath="/messages?tab=notices"
        footer={
          <Link className="btn btn--secondary btn--block" to="/messages">
            返回消息中心
          </Link>
        }
      />
    </Page>
  );
}
