// The 500 view (SPEC §2 /error500): shown by the /error500 route and, in place, when a
// page chunk failed to load twice (SPEC §8 ChunkLoadError) or a page crashed. It is bundled with
// the app shell, not lazily, because it must show when chunks cannot be fetched.
import { useEffect } from 'react';
import { Button } from '../../../components/button';
import { ErrorView } from './error-view';

export function ServerError({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    document.title = '500';
  }, []);
  return (
    <ErrorView code="500" title="页面加载失败" text="服务器繁忙或网络不稳定，请稍后重试。">
      <Button block onClick={onRetry}>
        重新加载
      </Button>
      <a className="btn btn--text btn--block" href="/">
        返回首页
      </a>
    </ErrorView>
  );
}
