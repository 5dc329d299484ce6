// Where coupons are spent (docs/api.md "Vouchers and exchange"): borrowing and repaying happen in the
// company's app, not on these pages, so a coupon says so and leads there. Inside the app the app's
// borrowing page opens (openWin {page:'loan'}, docs/bridge.md §3); in a browser, /download.
import { withNative } from '../lib/native';
import { useClientEnv } from '../lib/env';
import { Button } from './button';
import { Link } from './link';

export const USE_IN_APP_TEXT = '卡券在通盈达APP借款或还款时使用，本页面不能借款或还款。';

/** The way to where a coupon is used: 去APP使用 inside the app, 下载APP使用 in a browser. */
export function UseInApp({ className }: { className?: string }) {
  const { inApp } = useClientEnv();
  if (inApp) {
    return (
      <Button variant="secondary" className={className} onClick={() => withNative('openWin', (bridge) => bridge.openWin({ page: 'loan' }))}>
        去APP使用
      </Button>
    );
  }
  return (
    <Link className={`btn btn--secondary${className ? ` ${className}` : ''}`} to="/download">
      下载APP使用
    </Link>
  );
}
