// /discover/detail?id=<id> (SPEC §2): a discover article. A default-title route: the page sets the
// document title from the article and, inside the app, sends it to the app (lib/page-title.ts). 分享
// shares it through the app's share sheet inside the app (docs/bridge.md "share"), else the browser's.
import { chinaDate } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { usePageTitle } from '../../../lib/page-title';
import { useSearchParams } from '../../../lib/router-react';
import { sharePage } from '../../../lib/share';
import { useContentDetail } from '../api/tyd-notice-detail';
import '../components/content.css';
import '../../../components/button.css';
import { LoadFailed, Loading, NotFound } from '../../../components/load-states';

export default function DiscoverDetailPage() {
  const id = useSearchParams().get('id');
  const detail = useContentDetail(id);
  const article = detail.status === 'success' ? detail.data : undefined;
  usePageTitle(article?.title);
  return (
    <Page title="资讯详情" titleHidden>
      {detail.missing ? (
        // A link without an article behind it: said once, with the way home (no 重新加载, no second link).
        <NotFound text="该资讯不存在或已下线" to="/" label="返回首页" />
      ) : detail.status === 'loading' ? (
        <Loading />
      ) : !article ? (
        <LoadFailed error={detail.error} onRetry={detail.refetch} />
      ) : (
        <Card>
          <article>
            <h2 className="article__title">{article.title}</h2>
            <div className="article__meta">
              <span>{chinaDate(article.publishedAt)}</span>
              <Button variant="text" onClick={() => void sharePage({ title: article.title, path: `/discover/detail?id=${encodeURIComponent(article.id)}` })}>
                分享
              </Button>
            </div>
            <RichText html={article.html} />
          </article>
        </Card>
      )}
      {detail.missing ? null : (
        <Link className="btn btn--secondary btn--block" to="/">
          返回首页
        </Link>
      )}
    </Page>
  );
}
