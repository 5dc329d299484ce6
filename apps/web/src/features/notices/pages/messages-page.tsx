// /messages (消息中心): the company's notices (通知, read one by one or all at once with 全部已读:
// clear-unread-notice) and the account's own messages (我的消息), SPEC §7. ?tab= is the person's choice and
// always wins. Without it the page opens where something is unread (通知 first), and with nothing unread
// where there is something to read (我的消息 when there are no notices at all), so it never opens on an
// empty tab beside a full one (docs/api.md "Notices, messages and content"). Decided once, from the first
// counts and the first page of notices, so reading everything does not move the person to the other tab.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { reportingFailures } from '../../../lib/api-errors';
import { useSearchParams } from '../../../lib/router-react';
import { useMutation } from '../../../lib/server-state';
import { clearUnreadNotices } from '../api/clear-unread-notice';
import { useMessageUnread, type UnreadCounts } from '../api/message-unread';
import { useNoticeList } from '../api/notice-list';
import { MessageListView } from '../components/message-list-view';
import { NoticeListView } from '../components/notice-list-view';
import '../components/notices.css';
import { Loading } from '../../../components/load-states';

function Count({ n }: { n: number | undefined }) {
  return n ? (
    <span className="notice-count" aria-label={`${n}条未读`}>
      {n > 99 ? '99+' : n}
    </span>
  ) : null;
}

type Tab = 'notices' | 'mine';

/** The tab to open on, or null while what it depends on is still loading. */
function firstTab(counts: UnreadCounts | undefined, countsFailed: boolean, notices: { status: string; items: readonly unknown[] }): Tab | null {
  if (countsFailed) return 'notices';
  if (!counts) return null;
  if (counts.notices) return 'notices';
  if (counts.messages) return 'mine';
  // Nothing unread: 通知 unless it has nothing at all (a failed list is said there, on 通知).
  if (notices.status === 'loading') return null;
  return notices.status === 'success' && notices.items.length === 0 ? 'mine' : 'notices';
}

export default function MessagesPage() {
  const asked = useSearchParams().get('tab');
  const unread = useMessageUnread(true);
  const clear = useMutation(reportingFailures(clearUnreadNotices));
  // The notices' first page, shared with the 通知 tab's list (one call): asked for only while the page has
  // to choose and nothing is unread.
  const decide = asked !== 'mine' && asked !== 'notices';
  const [opened, setOpened] = useState<Tab | null>(null);
  const notices = useNoticeList('notice', decide && opened === null && unread.data !== undefined && !unread.data.total);
  // Set during render once what it depends on is known, React's pattern for state derived once.
  const first = opened === null && decide ? firstTab(unread.data, unread.status === 'error', notices) : null;
  if (first !== null) setOpened(first);
  const tab: Tab | null = asked === 'mine' ? 'mine' : asked === 'notices' ? 'notices' : opened;
  return (
    <Page title="消息中心">
      <nav className="notice-tabs" aria-label="消息分类">
        <Link to="/messages?tab=notices" replace aria-current={tab === 'notices' ? 'page' : undefined}>
          通知 <Count n={unread.data?.notices} />
        </Link>
        <Link to="/messages?tab=mine" replace aria-current={tab === 'mine' ? 'page' : undefined}>
          我的消息 <Count n={unread.data?.messages} />
        </Link>
      </nav>
      {tab === null ? (
        <Loading />
      ) : tab === 'notices' ? (
        <NoticeListView
          kind="notice"
          detailPath="/messages/notice"
          toolbar={
            unread.data?.notices ? (
              <div className="notice-toolbar">
                <Button variant="text" busy={clear.status === 'loading'} onClick={() => void clear.mutate(undefined)}>
                  全部已读
                </Button>
              </div>
            ) : null
          }
        />
      ) : (
        <MessageListView />
      )}
    </Page>
  );
}
