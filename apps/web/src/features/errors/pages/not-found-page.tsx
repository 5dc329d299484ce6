// 404 for any path outside the route table (SPEC §2).
import { Link } from '../../../components/link';
import { useHydrated } from '../../../lib/hydration';
import { useRouter } from '../../../lib/router-react';
import { Button } from '../../../components/button';
import { ErrorView } from '../components/error-view';

export default function NotFoundPage() {
  const router = useRouter();
  // The history of this tab is not known to the build-time prerender (lib/hydration.ts).
  const canGoBack = useHydrated() && window.history.length > 1;
  return (
    <ErrorView code="404" title="页面不存在" text="您访问的页面不存在或已下线，请检查地址是否正确。">
      <Link className="btn btn--primary btn--block" to="/">
        返回首页
      </Link>
      {canGoBack ? (
        <Button variant="text" block onClick={() => router.back()}>
          返回上一页
        </Button>
      ) : null}
    </ErrorView>
  );
}
