// `/`: the home of the service. Logged out, it says what the service offers and how to get in; logged
// in, it shows the account (masked phone, confirmed quietly by check-login) and the entries to each
// capability. Capabilities add their own tiles here as they arrive. It composes features, so it lives
// in the app layer.
import { useSyncExternalStore } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { Link } from '../../components/link';
import { Card, Page } from '../../components/page';
import { TAB_BAR_CLASS, TabBar } from '../../components/tab-bar';
import { useCheckLogin } from '../../features/auth/api/check-login';
import { DeepLinkGate } from '../../features/telemetry/components/deep-link-gate';
import { sessionStore } from '../../lib/session';
import { loginUrl } from '../unauthorized';
import '../../components/button.css';
import './home-page.css';

export const SERVICE_LINKS = [
  { to: '/discover/notice', label: '公司公告', hint: '通盈达的最新公告' },
  { to: '/cloudSteward/index', label: '新人礼', hint: '新用户专享礼包' },
  { to: '/activity-exchange', label: '积分兑换', hint: '用抽奖积分兑换奖品' },
  { to: '/nfc', label: 'NFC读卡位置说明', hint: '用手机读取身份证前请看' },
  { to: '/download', label: 'APP下载', hint: '下载通盈达 App' },
];

const PROMISES = [
  { title: '持牌合规', text: '借款与支付服务均依法合规开展' },
  { title: '信息加密', text: '身份证号、银行卡号加密存储' },
  { title: '费用透明', text: '借款前展示全部费用，无隐藏收费' },
];

function Account() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  const check = useCheckLogin(session.accessToken !== null);
  if (session.accessToken === null) {
    return (
      <Card label="账户">
        <div className="home__welcome">
          <p className="home__who">欢迎来到通盈达</p>
          <p className="home__hint">手机号验证码登录，未注册的手机号将自动创建账户</p>
        </div>
        <Link className="btn btn--primary btn--block" to={loginUrl('/')}>
          登录 / 注册
        </Link>
      </Card>
    );
  }
  const phone = check.data?.phone ?? session.phone;
  return (
    <Card label="账户">
      <Link className="home__account" to="/mine">
        <span>
          <span className="home__who">{phone ?? '已登录'}</span>
          <span className="home__hint" aria-busy={check.status === 'loading'}>
            {check.status === 'loading' ? '正在确认登录状态…' : '欢迎回来'}
          </span>
        </span>
        <span className="home__more">我的账户</span>
      </Link>
    </Card>
  );
}

export default function HomePage() {
  return (
    // `/?dl=<key>` opens the page a deep link names instead (SPEC §7).
    <DeepLinkGate title="通盈达">
      <Page title="通盈达" className={`home ${TAB_BAR_CLASS}`}>
        <header className="home__brand">
          <BrandLogo size={44} />
          <span>
            <span className="home__name">通盈达</span>
            <span className="home__tagline">安心借款，便捷支付</span>
          </span>
        </header>
        <Account />
        <nav aria-label="服务">
          <ul className="home__list">
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="home__item" to={link.to}>
                  <span>
                    {link.label}
                    <small>{link.hint}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="home__promises" aria-label="我们的承诺">
          {PROMISES.map((item) => (
            <li key={item.title}>
              <strong>{item.title}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
        <TabBar current="/" />
      </Page>
    </DeepLinkGate>
  );
}
