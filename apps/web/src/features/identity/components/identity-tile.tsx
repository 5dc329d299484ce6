// The certification tile on home and 我的 (SPEC §1): the state at a glance and the way in. Logged out
// it still leads to /identity, whose login guard asks for a session first.
import { useSyncExternalStore } from 'react';
import { Link } from '../../../components/link';
import { sessionStore } from '../../../lib/session';
import { useCertificationInfo } from '../api/certification-info';
import { STATE_LABEL, stateHint } from '../utils/identity-texts';
import './identity.css';

// No session while the page is rendered at build time (the server snapshot): the tile shows its neutral entry.
const noSession = () => null;

export function IdentityTile() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
  const loggedIn = session !== null && session.accessToken !== null;
  const info = useCertificationInfo(loggedIn);
  const data = loggedIn && info.status === 'success' ? info.data : undefined;
  const state = data?.state;
  return (
    <Link className="identity-tile" to="/identity" aria-label={`实名认证：${state ? STATE_LABEL[state] : loggedIn ? '查询中' : '登录后认证'}`}>
      <span className="identity-tile__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="11" r="2.2" />
          <path d="M5.8 16.2c.7-1.6 1.8-2.3 3.2-2.3s2.5.7 3.2 2.3M14.5 10h4M14.5 13.5h3" />
        </svg>
      </span>
      <span className="identity-tile__text">
        <span className="identity-tile__title">实名认证</span>
        <small>{data ? stateHint(data) : loggedIn ? (info.status === 'error' ? '点击查看认证状态' : '正在查询…') : '登录后完成身份证和人脸认证'}</small>
      </span>
      <span className={`identity-badge identity-badge--${state ?? 'unknown'}`}>{state ? STATE_LABEL[state] : loggedIn ? '…' : '去认证'}</span>
    </Link>
  );
}
