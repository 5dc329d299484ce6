// /download (SPEC §1, §2): the two download buttons, the one for this phone first; inside WeChat, whose
// browser blocks app downloads, a hint to open the system browser. The buttons are the page's largest
// element and come from the build (docs/architecture.md "Delivery"): they point to the server's
// /download/android and /download/ios, which redirect to the configured links or say there is none
// (docs/api.md "Other routes on the same port"), so the first paint needs neither a script nor a call.
// Once the page runs it knows which platforms have a link (the page's config, appDownload): a platform
// without one shows no button, and with none at all the page says so plainly, with the way to 首页.
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { useClientEnv } from '../../../lib/env';
import { useHydrated } from '../../../lib/hydration';
import { optionalWebConfig } from '../../../lib/web-config';
import './download-page.css';

const LINKS = [
  { os: 'ios', label: 'iPhone 版下载', href: '/download/ios' },
  { os: 'android', label: 'Android 版下载', href: '/download/android' },
] as const;

/** The platforms with a download link: both in the build's first screen, then as the server configured them. */
function useOfferedPlatforms(): ReadonlySet<string> {
  const hydrated = useHydrated();
  const offered = hydrated ? (optionalWebConfig()?.appDownload ?? { android: true, ios: true }) : { android: true, ios: true };
  return new Set(LINKS.map((link) => link.os).filter((os) => offered[os]));
}

function DownloadLinks() {
  const env = useClientEnv();
  const offered = useOfferedPlatforms();
  // This phone's platform first and as the primary action; the other one stays reachable.
  const links = LINKS.filter((link) => offered.has(link.os)).sort((a, b) => Number(b.os === env.os) - Number(a.os === env.os));
  if (links.length === 0) {
    return (
      <div className="download__none" role="status">
        <p className="download__none-title">APP 暂未开放下载</p>
        <p className="download__none-text">下载地址开放后即可在此下载，您也可以继续在本页面使用通盈达的各项服务。</p>
        <Link className="btn btn--secondary btn--block" to="/">
          返回首页
        </Link>
      </div>
    );
  }
  const only = links.length === 1 ? links[0] : undefined;
  return (
    <div className="download__actions">
      {links.map((link, i) => (
        // A full page load on purpose: the server answers with a redirect, not a page of this app.
        <a
          key={link.os}
          className={`btn btn--block ${i === 0 && (env.os === link.os || env.os === 'other') ? 'btn--primary' : 'btn--secondary'}`}
          href={link.href}
          rel="external"
        >
          {link.label}
        </a>
      ))}
      {only ? <p className="download__note">{only.os === 'ios' ? 'Android 版暂未开放下载' : 'iPhone 版暂未开放下载'}</p> : null}
    </div>
  );
}

export default function DownloadPage() {
  const env = useClientEnv();
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
        <DownloadLinks />
      </Card>
    </Page>
  );
}
