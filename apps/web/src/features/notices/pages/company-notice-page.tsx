// /discover/notice (SPEC §1, §2 公司公告): the company's announcements, newest first with 点我加载更多···,
// and one announcement at /discover/notice?id=<id>.
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { useSearchParams } from '../../../lib/router-react';
import { NoticeArticle } from '../components/notice-article';
import { NoticeListView } from '../components/notice-list-view';
import '../../../components/button.css';

export default function CompanyNoticePage() {
  const id = useSearchParams().get('id');
  return (
    <Page title="公司公告">
      {id ? (
        <NoticeArticle
          id={id}
          noun="公告"
          listPath="/discover/notice"
          footer={
            <Link className="btn btn--secondary btn--block" to="/discover/notice">
              查看全部公告
            </Link>
          }
        />
      ) : (
        <NoticeListView kind="announcement" detailPath="/discover/notice" />
      )}
    </Page>
  );
}
