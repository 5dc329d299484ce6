// `/mine` (我的): the account at a glance and what a user does with it. The masked phone is the
// session's, which every check-login answer and the phone change update (SPEC §3, §7); 退出登录 asks for
// confirmation, ends the session on the server and on this device (SPEC §4), says so, and goes home;
// 注销账号 comes last and plain, as an irreversible step should. Logged out, the page offers login
// instead of redirecting, so the tab bar always leads somewhere. Composes features: app layer.
import { CODE_TEXT, SUBCODE } from '@tyd/protocol/wire';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Link } from '../../components/link';
import { LinkList } from '../../components/link-list';
import { Card, Page } from '../../components/page';
import { SkeletonButton, SkeletonLine } from '../../components/skeleton';
import { TAB_BAR_CLASS, TabBar } from '../../components/tab-bar';
import { TrustFooter } from '../../components/trust-footer';
import { useCheckLogin } from '../../features/auth/api/check-login';
import { logout } from '../../features/auth/api/logout';
import { BankCardsTile } from '../../features/bank-cards/components/bank-cards-tile';
import { IdentityTile } from '../../features/identity/components/identity-tile';
import { MessagesTile } from '../../features/notices/components/messages-tile';
import { RewardsTile } from '../../features/rewards/components/rewards-tile';
import { toast } from '../../lib/notify';
import { useRouter } from '../../lib/router-react';
import { useMutation } from '../../lib/server-state';
import { useSession } from '../../lib/session';
import { ACCOUNT_LINKS, MINE_LINKS } from '../service-links';
import { loginUrl } from '../app-login';
import '../../components/button.css';
import './mine-page.css';

function Avatar() {
  return (
    <svg className="mine__avatar" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <circle className="mine__avatar-bg" cx="24" cy="24" r="24" />
      <circle className="mine__avatar-figure" cx="24" cy="19" r="8" />
      <path className="mine__avatar-figure" d="M10.5 40c2.2-7 7.4-10.5 13.5-10.5S35.3 33 37.5 40" />
    </svg>
  );
}

export default function MinePage() {
  // null in the prerendered page (lib/hydration.ts): the account card's logged-out shape without its words.
  const session = useSession();
  const known = session !== null;
  const loggedIn = known && session.accessToken !== null;
  const check = useCheckLogin(loggedIn);
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const leaving = useMutation(logout);

  async function handleLogout() {
    setConfirming(false);
    await leaving.mutate(undefined);
    toast('已退出登录', 'success');
    void router.navigate('/', { replace: true });
  }

  return (
    <Page title="我的" className={TAB_BAR_CLASS}>
      <Card label="账户">
        <div className="mine__account">
          <Avatar />
          {!known ? (
            <span aria-busy="true">
              <SkeletonLine className="mine__phone" length="short" />
              <SkeletonLine className="mine__hint" />
            </span>
          ) : loggedIn ? (
            <span>
              <span className="mine__phone" aria-busy={check.status === 'loading'}>
                {session.phone ?? '已登录'}
              </span>
              <span className="mine__hint">{check.status === 'loading' ? '正在确认登录状态…' : '已登录'}</span>
            </span>
          ) : (
            <span>
              <span className="mine__phone">未登录</span>
              {/* The session was refused by the server (SPEC §4 code 401): say so here too. */}
              <span className="mine__hint">
                {session.signedOutElsewhere ? CODE_TEXT[SUBCODE.SIGNED_OUT_ELSEWHERE] : session.ended ? '登录已失效，请重新登录' : '登录后查看您的账户'}
              </span>
            </span>
          )}
        </div>
        {!known ? (
          <SkeletonButton />
        ) : loggedIn ? null : (
          <Link className="btn btn--primary btn--block" to={loginUrl('/mine')}>
            登录 / 注册
          </Link>
        )}
      </Card>
      <MessagesTile />
      <IdentityTile />
      <BankCardsTile />
      <RewardsTile />
      {loggedIn ? <LinkList items={ACCOUNT_LINKS} label="账户与安全" /> : null}
      <LinkList items={MINE_LINKS} label="常用" />
      {loggedIn ? (
        <>
          <Button variant="secondary" block busy={leaving.status === 'loading'} onClick={() => setConfirming(true)}>
            {leaving.status === 'loading' ? '退出中…' : '退出登录'}
          </Button>
          <Link className="mine__sign-off" to="/mine/signOff">
            注销账号
          </Link>
        </>
      ) : null}
      <Dialog
        open={confirming}
        title="确定退出登录？"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              取消
            </Button>
            <Button onClick={() => void handleLogout()}>退出登录</Button>
          </>
        }
      >
        退出后需要重新获取验证码登录。
      </Dialog>
      <TrustFooter />
      <TabBar current="/mine" />
    </Page>
  );
}
