// 网络不给力: a page could not be fetched because the phone has no usable connection. Shown in place
// instead of reloading, which would only trade our page for the browser's or the webview's own error
// page (网页无法打开), with nothing to tap. Retry tries the same page again without a reload. Bundled
// with the app shell, like the 500 view, because it shows exactly when chunks cannot be fetched.
import { useEffect } from 'react';
import { Button } from '../../../components/button';
import { ErrorView } from './error-view';

export const NETWORK_ERROR_TITLE = '网络不给力';

function NoSignal() {
  return (
    <svg className="error-view__icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill="#e8efff" />
      <path d="M16 27a23 23 0 0 1 32 0M21 33a16 16 0 0 1 22 0M26.5 39a8 8 0 0 1 11 0" fill="none" stroke="#1a5cff" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="32" cy="45" r="2.8" fill="#1a5cff" />
      <path d="m18 18 28 28" stroke="#d92d20" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

export function NetworkError({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    document.title = NETWORK_ERROR_TITLE;
  }, []);
  return (
    <ErrorView icon={<NoSignal />} title={NETWORK_ERROR_TITLE} text="网络连接异常，请检查网络设置后重试。">
      <Button block onClick={onRetry}>
        重试
      </Button>
    </ErrorView>
  );
}
