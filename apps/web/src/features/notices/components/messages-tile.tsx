// The messages tile on home and 我的: unread messages and notices at a glance (SPEC §7 message-unread),
// leading to /messages. Logged out it still leads there, whose login guard asks for a session first.
import { SummaryTile } from '../../../components/summary-tile';
import { useSession } from '../../../lib/session';
import { useMessageUnread } from '../api/message-unread';
import './notices.css';

export function MessagesTile() {
  // No session while the page is rendered at build time: the tile's neutral entry.
  const session = useSession();
  const loggedIn = session !== null && session.accessToken !== null;
  // The page's own login check handles a stale token (message-unread.ts).
  const unread = useMessageUnread(loggedIn, 'ignore');
  const total = loggedIn ? unread.data?.total : undefined;
  return (
    <SummaryTile
      to="/messages"
      tone="red"
      icon={<path d="M6 9a6 6 0 1 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9zM10 19a2 2 0 0 0 4 0" />}
      title="消息中心"
      hint={total ? `您有${total}条未读消息` : loggedIn ? '通知与账户消息' : '登录后查看通知与账户消息'}
      badge={total ? (total > 99 ? '99+' : total) : null}
      badgeClassName="notice-count"
      className="messages-tile"
    />
  );
}
