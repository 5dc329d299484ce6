// The account's messages (SPEC §7 message-list): tapping one opens its text and marks it read
// (message-read); 全部已读 marks all. Load-more footer and no-data placeholder as SPEC §2 names them.
import { chinaDateTime } from '@tyd/protocol/wire';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { LoadMore } from '../../../components/load-more';
import { NoData } from '../../../components/no-data';
import { reportingFailures } from '../../../lib/api-errors';
import { useMutation } from '../../../lib/server-state';
import { useMessageList } from '../api/message-list';
import { markMessagesRead } from '../api/message-read';
import './notices.css';
import { LoadFailed, Loading } from '../../../components/load-states';

export function MessageListView() {
  const list = useMessageList(true);
  const [open, setOpen] = useState<string | null>(null);
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const readAll = useMutation(reportingFailures(() => markMessagesRead({ all: true })));

  function handleOpen(id: string, unread: boolean) {
    setOpen((current) => (current === id ? null : id));
    if (unread && !readHere.has(id)) {
      setReadHere((current) => new Set(current).add(id));
      markMessagesRead({ id }).catch(() =>
        setReadHere((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
      );
    }
  }

  if (list.status === 'loading' && list.items.length === 0) return <Loading />;
  if (list.status === 'error' && list.items.length === 0) {
    return <LoadFailed error={list.error} onRetry={list.refetch} />;
  }
  if (list.items.length === 0) return <NoData />;
  const anyUnread = list.items.some((m) => m.readAt === null && !readHere.has(m.id));
  return (
    <>
      {anyUnread ? (
        <div className="notice-toolbar">
          <Button variant="text" busy={readAll.status === 'loading'} onClick={() => void readAll.mutate(undefined)}>
            全部已读
          </Button>
        </div>
      ) : null}
      <ul className="notice-list" aria-label="消息列表">
        {list.items.map((message) => {
          const unread = message.readAt === null && !readHere.has(message.id);
          const expanded = open === message.id;
          return (
            <li key={message.id} className="message-item">
              <span
                className={unread ? 'notice-dot' : 'notice-dot notice-dot--read'}
                role={unread ? 'img' : undefined}
                aria-label={unread ? '未读' : undefined}
              />
              <div className="notice-item__text">
                <button type="button" className="message-item__head" aria-expanded={expanded} onClick={() => handleOpen(message.id, unread)}>
                  <span className="notice-item__title">{message.title}</span>
                  <span className="notice-item__time">{chinaDateTime(message.createdAt)}</span>
                </button>
                {expanded ? (
                  <>
                    {message.body ? <p className="message-item__body">{message.body}</p> : null}
                    {message.link ? (
                      <Link className="message-item__link" to={message.link}>
                        查看详情
                      </Link>
                    ) : null}
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
