// 404 for any path outside the route table (SPEC §2).
import { Link } from '../../../components/link';
import { useRouter } from '../../../lib/router-react';
import { Button } from '../../../components/button';
import { ErrorView } from '../components/error-view';

export default function NotFoundPage() {
  const router = useRouter();
  return (
    <ErrorView code="404" title="页面不存在" text="您访问的页面不存在或已下线，请检查地址是否正确。">
      <Link className="btn btn--primary btn--block" to="/">
        返回首页
      </Link>
      {window.history.length > 1 ? (
        <Button variant="text" block onClick={() => router.back()}>
          返回上一页
        </Button>
      ) : null}
    </ErrorView>
  );
}
