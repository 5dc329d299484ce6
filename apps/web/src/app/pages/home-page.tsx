// `/`: the home of the service. Logged out, it says what the service offers and how to get in; logged
// in, it shows the account (masked phone, confirmed quietly by check-login) and the entries to each
// capability. Capabilities add their own tiles here as they arrive. It composes features, so it lives
// in the app layer.
import { BrandLogo } from '../../components/brand-logo';
import { CareModeSwitch } from '../../components/care-mode-switch';
import { Link } from '../../components/link';
import { LinkList } from '../../components/link-list';
import { Card, Page } from '../../components/page';
import { SkeletonButton, SkeletonLine } from '../../components/skeleton';
import { TAB_BAR_CLASS, TabBar } from '../../components/tab-bar';
import { TrustFooter } from '../../components/trust-footer';
import { useCheckLogin } from '../../features/auth/api/check-login';
import { BankCardsTile } from '../../features/bank-cards/components/bank-cards-tile';
import { DiscoverFeed } from '../../features/content/components/discover-feed';
import { IdentityTile } from '../../features/identity/components/identity-tile';
import { HomeNoticeBanner } from '../../features/notices/components/home-notice-banner';
import { useMessageUnread } from '../../features/notices/api/message-unread';
import { MessagesTile } from '../../features/notices/components/messages-tile';
import { RewardsTile } from '../../features/rewards/components/rewards-tile';
import { DeepLinkGate } from '../../features/telemetry/components/deep-link-gate';
import { useSession } from '../../lib/session';
import { SERVICE_LINKS } from '../service-links';
import { loginUrl } from '../app-login';
import '../../components/button.css';
import './home-page.css';

// What this service does for the user's safety, each true of the system as built (docs/architecture.md).
const PROMISES = [
  { title: '全程加密', text: '请求内容加密传输，敏感信息加密存储' },
  { title: '账户安全', text: '验证码登录，异常请求自动拦截' },
  { title: '随时注销', text: '在“我的”中可注销账号并删除数据' },
];

/**
 * Care mode's most used actions (适老化通用设计规范), 消息 first with the unread count in words: the care home
 * hides the 消息中心 tile, so this is where the count shows (the same query as the tile's: one request).
 */
function CareActions() {
  const session = useSession();
  const loggedIn = session !== null && session.accessToken !== null;
  // Home's own quiet login check decides what a stale token means (the tile's query, message-unread.ts).
  const total = useMessageUnread(loggedIn, 'ignore').data?.total;
  const items = [
    { to: '/messages', label: '消息', hint: loggedIn && total ? `${total > 99 ? '99+' : total}条未读消息` : '通知与账户消息' },
    { to: '/mine', label: '我的', hint: '账户、银行卡与设置' },
    { to: '/mine/help', label: '客服', hint: '常见问题与客服电话' },
  ];
  return (
    <nav className="home__care-actions" aria-label="常用">
      <LinkList items={items} label="常用功能" />
    </nav>
  );
}

function Account() {
  const session = useSession();
  const check = useCheckLogin(session !== null && session.accessToken !== null);
  if (session === null) {
    // The prerendered page (lib/hydration.ts): neither "welcome" nor "log in", which a logged-in
    // visitor would see flash by; the logged-out card's shape, so a first visitor's page does not move.
    return (
      <Card label="账户">
        <div className="home__welcome" aria-busy="true">
          <SkeletonLine className="home__who" length="short" />
          <SkeletonLine className="home__hint" />
        </div>
        <SkeletonButton />
      </Card>
    );
  }
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
  const phone = session.phone;
  return (
    <Card label="账户">
      <Link className="home__account" to="/mine">
        <span>
          <span className="home__who">{phone ?? '已登录'}</span>
          <span className="home__hint" aria-busy={check.status === 'loading'}>
            {check.status === 'loading' ? '正在确认登录状态…' : '欢迎使用通盈达'}
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
      <Page title="通盈达" titleHidden className={TAB_BAR_CLASS}>
        <header className="home__brand">
          <BrandLogo size={44} />
          <span>
            <span className="home__name">通盈达</span>
            <span className="home__tagline">实名认证、绑卡与福利，一站办理</span>
          </span>
          <CareModeSwitch className="home__care" />
        </header>
        {/* Care mode: the most used actions first, in one column (适老化通用设计规范); shown by CSS, so the
            prerendered page is the same in both modes. */}
        <CareActions />
        <HomeNoticeBanner />
        <Account />
        <MessagesTile />
        <IdentityTile />
        <BankCardsTile />
        {/* No promotions or lucky-draw invitations in care mode (适老化通用设计规范: no ads or inducements). */}
        <div className="home__promo">
          <RewardsTile />
          <DiscoverFeed />
        </div>
        <nav aria-label="服务">
          <LinkList items={SERVICE_LINKS} label="服务列表" />
        </nav>
        <ul className="home__promises" aria-label="我们的承诺">
          {PROMISES.map((item) => (
            <li key={item.title}>
              <strong>{item.title}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
        <TrustFooter />
        <TabBar current="/" />
      </Page>
    </DeepLinkGate>
  );
}
