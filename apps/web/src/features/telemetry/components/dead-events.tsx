// Dead outbox events on /ops (docs/operations.md "The outbox"): side effects whose every attempt failed,
// parked until an operator acts. Every operator sees them, with the last error; administrators retry one
// (tried at once, the answer says how it went) or discard it after confirming (the person never gets it).
// The server decides who may act regardless (docs/operations.md "Roles").
import { chinaDateTime } from '@tyd/protocol/wire';
import type { OpsOutboxEvent } from '@tyd/protocol/schemas';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { mayChange, useEndsSession, useOperator } from '../../../lib/operator-context';
import { invalidateQuery, useQuery } from '../../../lib/server-state';
import { opsOutbox } from '../api/ops-outbox';

/** What each topic delivers, as operators know it; an unknown topic shows its name. */
const TOPIC_TEXT: Readonly<Record<string, string>> = {
  message: '消息通知',
  'identity-verified': '实名认证后的奖励',
  'invite-reward': '邀请奖励',
};

const DEAD_KEY = 'ops-outbox-dead';

type Message = { text: string; error: boolean } | null;

/** The outcome of a retry, in words: the answer is the event after the one attempt made at once. */
const retried = (event: OpsOutboxEvent) =>
  event.deliveredAt !== null
    ? '已重试，投递成功。'
    : event.deadAt !== null
      ? '已重试，仍然失败，已再次停止投递。'
      : '已重试，这次仍失败，将按退避继续自动重试。';

/** `onChanged`: the backlog's figures changed (the summary is read again). */
export function DeadEvents({ onChanged }: { onChanged: () => void }) {
  const { operator } = useOperator();
  const acts = mayChange(operator, 'administrator');
  const key = [DEAD_KEY, operator.id] as const;
  const list = useQuery(key, (signal) => opsOutbox.dead(signal), { staleTimeMs: 0 });
  useEndsSession(list.error);
  const [discarding, setDiscarding] = useState<OpsOutboxEvent | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);

  async function act(event: OpsOutboxEvent, action: 'retry' | 'discard') {
    if (busy) return;
    setBusy(event.id);
    setMessage(null);
    try {
      if (action === 'retry') setMessage({ text: retried((await opsOutbox.retry(event.id)).event), error: false });
      else {
        await opsOutbox.discard(event.id);
        setMessage({ text: '已丢弃，该事件不会再投递。', error: false });
      }
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : '操作失败', error: true });
    } finally {
      setBusy(null);
      setDiscarding(null);
      invalidateQuery(key);
      onChanged();
    }
  }

  const items = list.data?.items ?? [];
  return (
    <section aria-label="已停止投递的事件" className="ops__dead">
      <h3 className="ops__subheading">已停止投递的事件</h3>
      <p className="ops__note">
        {acts ? '修复失败原因后可重试；确认不再需要的可丢弃（用户将收不到）。' : '仅管理员可以重试或丢弃；也可用 npm run admin -- outbox dead 查看。'}
      </p>
      {message ? (
        <p className={message.error ? 'ops__error' : 'ops__done'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {list.status === 'error' && !list.data ? (
        <p role="alert">{list.error instanceof Error ? list.error.message : '加载失败'}</p>
      ) : !list.data ? (
        <p className="ops__note" role="status" aria-busy="true">
          正在加载…
        </p>
      ) : (
        <ul className="ops__dead-list" aria-label="已停止投递的事件">
          {items.map((event) => (
            <li key={event.id} className="ops__dead-item">
              <p>
                <strong>{TOPIC_TEXT[event.topic] ?? event.topic}</strong> <span className="ops__note">{event.id}</span>
              </p>
              <p className="ops__note">
                产生于 {chinaDateTime(event.createdAt)} · 尝试 {event.attempts} 次 · 停止于 {event.deadAt !== null ? chinaDateTime(event.deadAt) : '—'}
              </p>
              <p className="ops__dead-error">{event.lastError ?? '（无错误记录）'}</p>
              {acts ? (
                <div className="ops__dead-actions">
                  <Button variant="secondary" busy={busy === event.id} onClick={() => void act(event, 'retry')}>
                    重试
                  </Button>
                  <Button variant="text" onClick={() => setDiscarding(event)}>
                    丢弃
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > items.length ? <p className="ops__note">另有 {list.data.total - items.length} 条未列出，可用命令行查看。</p> : null}
      <Dialog
        open={discarding !== null}
        title="丢弃该事件？"
        onClose={() => setDiscarding(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDiscarding(null)}>
              取消
            </Button>
            <Button busy={busy !== null} onClick={() => discarding && void act(discarding, 'discard')}>
              丢弃
            </Button>
          </>
        }
      >
        {discarding ? `${TOPIC_TEXT[discarding.topic] ?? discarding.topic}（${discarding.id}）将被删除，不再投递，用户将收不到。此操作会记入审计日志。` : null}
      </Dialog>
    </section>
  );
}
