// The messages tile on home and 我的: unread messages and notices at a glance (SPEC §7 message-unread),
// leading to /messages. Logged out it still leads there, whose login guard asks for a session first.
import { useSyncExternalStore } from 'react';
import { Link } from '../../../components/link';
import { sessionStore } from '../../../lib/session';
import { useMessageUnread } from '../api/message-unread';
import './notices.css';

// No session while the page is rendered at build time (the server snapshot): the tile's neutral entry.
const noSession = () => null;

export function MessagesTile() {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
  const loggedIn = session !== null && session.accessToken !== null;
  const unread = useMessageUnread(loggedIn);
  const total = loggedIn ? unread.data?.total : undefined;
  return (
    <Link className="messages-tile" to="/messages" aria-label={`消息中心${total ? `，${total}条未读` : ''}`}>
      <span className="messages-tile__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M6 9a6 6 0 1 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9zM10 19a2 2 0 0 0 4 0" />
        </svg>
      </span>
      <span className="messages-tile__text">
        <span className="messages-tile__title">消息中心</span>
        <small>{total ? `您有${total}条未读消息` : loggedIn ? '通知与账户消息' : '登录后查看通知与账户消息'}</small>
      </span>
      {total ? <span className="notice-count">{total > 99 ? '99+' : total}</span> : null}
    </Link>
  );
}
