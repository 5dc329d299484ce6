// /discover/detail (SPEC §2): an article whose title comes from its content (a default-title
// route: the app sets no title, the page will call usePageTitle with the article's title).
import { PlannedPage } from '../../../components/planned-page';

export default function DiscoverDetailPage() {
  return <PlannedPage title="资讯详情" about="展示通盈达发布的资讯文章，页面标题取自文章标题。" />;
}
