// /messages (消息中心): the company's notices (通知, unread since the account's watermark, 全部已读 moves
// it: clear-unread-notice) and the account's own messages (我的消息), SPEC §7. Without ?tab= it opens
// where the unread items are (我的消息 when only messages are unread), decided once from the first counts,
// so reading everything does not move the person to the other tab.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { reportingFailures } from '../../../lib/api-errors';
import { useSearchParams } from '../../../lib/router-react';
import { useMutation } from '../../../lib/server-state';
import { clearUnreadNotices } from '../api/clear-unread-notice';
import { useMessageUnread } from '../api/message-unread';
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

export default function MessagesPage() {
  const asked = useSearchParams().get('tab');
  const unread = useMessageUnread(true);
  const clear = useMutation(reportingFailures(clearUnreadNotices));
  const [opened, setOpened] = useState<Tab | null>(null);
  // Set during render from the first counts (or their failure), React's pattern for state derived once.
  if (opened === null && (unread.data || unread.status === 'error'))
    setOpened(unread.data && !unread.data.notices && unread.data.messages ? 'mine' : 'notices');
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
