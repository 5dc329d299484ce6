// /download (SPEC §1, §2): download links from getAppDownloadUrl, the one for this
// phone first; inside WeChat, whose browser blocks app downloads, a hint to open the system browser.
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { userMessage } from '../../../lib/api-errors';
import { useClientEnv } from '../../../lib/env';
import { getAppDownloadUrls, useAppDownloadUrls, type AppDownloadUrls } from '../api/get-app-download-url';
import './download-page.css';

function DownloadLinks({ urls }: { urls: AppDownloadUrls }) {
  const env = useClientEnv();
  const links = [
    { os: 'ios', label: 'iPhone 版下载', href: urls.iosUrl },
    { os: 'android', label: 'Android 版下载', href: urls.androidUrl },
  ].filter((link): link is { os: string; label: string; href: string } => link.href !== null);
  if (links.length === 0) return <p className="download__status">暂无可用的下载地址，请稍后再试。</p>;
  // This phone's platform first and as the primary action; the other one stays reachable.
  links.sort((a, b) => Number(b.os === env.os) - Number(a.os === env.os));
  return (
    <div className="download__actions">
      {links.map((link, i) => (
        <a key={link.os} className={`btn btn--block ${i === 0 && (env.os === link.os || env.os === 'other') ? 'btn--primary' : 'btn--secondary'}`} href={link.href} rel="noopener">
          {link.label}
        </a>
      ))}
    </div>
  );
}

export default function DownloadPage() {
  const env = useClientEnv();
  const query = useAppDownloadUrls();
  return (
    <Page title="下载通盈达 APP">
      <Card>
        <div className="download__hero">
          <span className="download__logo" aria-hidden="true">
            通
          </span>
          <div>
            <p className="download__name">通盈达</p>
            <p className="download__slogan">随时随地，管理您的借款与支付</p>
          </div>
        </div>
        {env.isWeChat ? <Tip>微信内无法直接下载，请点击右上角「···」，选择「在浏览器打开」后再下载。</Tip> : null}
        {query.status === 'loading' ? (
          <p className="download__status" role="status" aria-busy="true">
            正在获取下载地址…
          </p>
        ) : query.status === 'error' ? (
          <div className="download__actions">
            <p className="download__status" role="alert">
              {userMessage(query.error)}
            </p>
            {/* A user action: the call runs under the loading toast (SPEC §4). */}
            <Button block variant="secondary" onClick={() => query.refetchWith((signal) => getAppDownloadUrls(signal, { loading: true }))}>
              重新获取
            </Button>
          </div>
        ) : query.data ? (
          <DownloadLinks urls={query.data} />
        ) : null}
      </Card>
    </Page>
  );
}
