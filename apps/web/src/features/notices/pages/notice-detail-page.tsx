// /messages/notice?id=<id>: one notice to read (SPEC §7 notice-detail).
import { Link } from '../../../components/link';
import { NoData } from '../../../components/no-data';
import { Page } from '../../../components/page';
import { useSearchParams } from '../../../lib/router-react';
import { NoticeArticle } from '../components/notice-article';
import '../../../components/button.css';

export default function NoticeDetailPage() {
  const id = useSearchParams().get('id');
  return (
    <Page title="通知详情">
      {id ? <NoticeArticle id={id} /> : <NoData text="没有找到这条通知" />}
      <Link className="btn btn--secondary btn--block" to="/messages">
        返回消息中心
      </Link>
    </Page>
  );
}
