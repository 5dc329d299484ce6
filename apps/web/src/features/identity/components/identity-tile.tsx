// The certification tile on home and 我的 (SPEC §1): the state at a glance and the way in. Logged out
// it still leads to /mine/identity, whose login guard asks for a session first.
import { SummaryTile } from '../../../components/summary-tile';
import { useSession } from '../../../lib/session';
import { useCertificationInfo } from '../api/certification-info';
import { STATE_LABEL, stateHint } from '../utils/identity-texts';
import './identity.css';

export function IdentityTile() {
  // No session while the page is rendered at build time: the tile shows its neutral entry.
  const session = useSession();
  const loggedIn = session !== null && session.accessToken !== null;
  const info = useCertificationInfo(loggedIn, 'ignore');
  const data = loggedIn && info.status === 'success' ? info.data : undefined;
  const state = data?.state;
  const asking = loggedIn && !data && info.status !== 'error';
  return (
    <SummaryTile
      to="/mine/identity"
      tone="blue"
      icon={
        <>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="11" r="2.2" />
          <path d="M5.8 16.2c.7-1.6 1.8-2.3 3.2-2.3s2.5.7 3.2 2.3M14.5 10h4M14.5 13.5h3" />
        </>
      }
      title="实名认证"
      hint={data ? stateHint(data) : loggedIn ? (asking ? '正在查询…' : '点击查看认证状态') : '登录后完成认证'}
      busy={asking}
      badge={state ? STATE_LABEL[state] : loggedIn ? '…' : '去认证'}
      badgeClassName={`identity-badge identity-badge--${state ?? 'unknown'}`}
    />
  );
}
