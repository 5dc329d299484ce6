// `/`: the hub of the user's features (issue 4: never a blank page). It composes features, so it
// lives in the app layer: the account state (via auth's check-login) and links to every page.
import { useSyncExternalStore } from 'react';
import { Link } from '../../components/link';
import { Card, Page } from '../../components/page';
import { useCheckLogin } from '../../features/auth/api/check-login';
import { DeepLinkGate } from '../../features/telemetry/components/deep-link-gate';
import { sessionStore } from '../../lib/session';
import { loginUrl } from '../unauthorized';
import '../../components/button.css';
import './hub-page.css';

const LINKS = [
  { to: '/discover/notice', label: '公司公告', hint: '通盈达的最新公告' },
  { to: '/cloudSteward/index', label: '新人礼', hint: '新用户专享礼包' },
  { to: '/activity-exchange', label: '积分兑换', hint: '用抽奖积分兑换奖品' },
  { to: '/nfc', label: 'NFC读卡位置说明', hint: '用手机读取身份证前请看' },
  { to: '/download', label: 'APP下载', hint: '下载通盈达 App' },
];

function Account() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const check = useCheckLogin(session.accessToken !== null);
  if (session.accessToken === null) {
    return (
      <Card label="账户">
        <div className="hub__account">
          <div>
            <p className="hub__who">未登录</p>
            <p className="hub__hint">登录后查看您的账户与服务</p>
          </div>
          <Link className="btn btn--primary" to={loginUrl('/')}>
            登录
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card label="账户">
      <div className="hub__account">
        <div>
          <p className="hub__who">{session.phone ?? '已登录'}</p>
          <p className="hub__hint" aria-busy={check.status === 'loading'}>
            {check.status === 'loading' ? '正在确认登录状态…' : '欢迎使用通盈达'}
          </p>
        </div>
        <Link className="btn btn--text" to="/mine/signOff">
          注销账号
        </Link>
      </div>
    </Card>
  );
}

export default function HubPage() {
  return (
    // `/?dl=<key>` opens the page a deep link names instead (SPEC §7).
    <DeepLinkGate title="通盈达">
      <Page title="通盈达">
        <Account />
        <nav aria-label="服务">
          <ul className="hub__list">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link className="hub__item" to={link.to}>
                  <span>
                    {link.label}
                    <small>{link.hint}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Page>
    </DeepLinkGate>
  );
}
