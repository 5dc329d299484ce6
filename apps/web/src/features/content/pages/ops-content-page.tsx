// /ops/content (docs/operations.md "Content"): operators write notices, announcements and articles in
// Markdown with a live preview rendered by the server (exactly what readers will get), save drafts, publish
// now or at a time, and take items down. Behind the operator's session (the console signs in); every change is
// audited with the signed-in operator's name, and the item's audit (who did what, when) shows under the editor.
// Editing is the content editors' (docs/operations.md "Roles"): other roles read the items and their audit. 常见问题 are written here too (docs/operations.md
// "Help and customer service"): the question as the title, the answer as the body, with a category and an order.
import { useEffect, useState, type FormEvent } from 'react';
import { chinaDateTime } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { OpsApiError } from '../../../lib/ops-api';
import { mayChange, useEndsSession, useOperator } from '../../../lib/operator-context';
import { useQuery, invalidateQuery } from '../../../lib/server-state';
import type { ContentAuditEntry as AuditEntry, ManagedContent as ManagedItem, OpsContentKind } from '@tyd/protocol/schemas';
import { opsContent } from '../api/ops-content';
import '../components/content.css';

const KIND_TEXT: Record<OpsContentKind, string> = { notice: '通知', announcement: '公告', article: '资讯', faq: '常见问题' };
const STATUS_TEXT: Record<ManagedItem['status'], string> = { draft: '草稿', scheduled: '定时', published: '已发布', unpublished: '已下线' };
const ACTION_TEXT: Record<AuditEntry['action'], string> = {
  create: '创建',
  edit: '修改',
  publish: '发布',
  schedule: '定时发布',
  unpublish: '下线',
  image: '上传图片',
};
const LIST_KEY = 'ops-content';
const ITEM_KEY = 'ops-content-item';

interface Draft {
  id: string | null;
  version: number;
  kind: OpsContentKind;
  title: string;
  summary: string;
  important: boolean;
  body: string;
  status: ManagedItem['status'];
  publishAt: number | null;
  /** FAQ entries: the category and the order in it, as typed (the order a whole number, '' for 0). */
  category: string;
  order: string;
  /** The item as the server last gave it: an edit sends only what differs from it. */
  base: ManagedItem | null;
}

const EMPTY: Draft = {
  id: null,
  version: 0,
  kind: 'announcement',
  title: '',
  summary: '',
  important: false,
  body: '',
  status: 'draft',
  publishAt: null,
  category: '',
  order: '',
  base: null,
};
const draftOf = (item: ManagedItem): Draft => ({
  id: item.id,
  version: item.version,
  kind: item.kind,
  title: item.title,
  summary: item.summary,
  important: item.important,
  body: item.body,
  status: item.status,
  publishAt: item.publishAt,
  category: item.category ?? '',
  order: item.order ? String(item.order) : '',
  base: item,
});

/** The typed order: '' is 0 (first); NaN unless a whole number. */
const orderOf = (draft: Draft) => (draft.order.trim() === '' ? 0 : /^\d{1,4}$/.test(draft.order.trim()) ? Number(draft.order.trim()) : NaN);

/**
 * What the operator changed. Only that is sent: the summary the server derived from the body is not sent
 * back as if written, so a new body gets a new summary (docs/api.md "Content operations"), and the audit
 * records what was set.
 */
function editsOf(draft: Draft) {
  const base = draft.base;
  return {
    ...(draft.title !== base?.title && { title: draft.title }),
    ...(draft.body !== base?.body && { body: draft.body }),
    ...(draft.summary !== base?.summary && { summary: draft.summary }),
    ...(draft.important !== base?.important && { important: draft.important }),
    ...(draft.kind === 'faq' && draft.category !== base?.category && { category: draft.category }),
    ...(draft.kind === 'faq' && orderOf(draft) !== base?.order && { order: orderOf(draft) }),
  };
}

/**
 * The typed publication time as China time (the service's clock, and the time the audit shows), whatever
 * the operator's computer is set to; NaN unless a real date and time `YYYY-MM-DD HH:mm`. A text field, not
 * datetime-local: that one shows the browser's locale (mm/dd/yyyy on an English system), not China's.
 */
export function chinaTimeOf(value: string): number {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const at = Date.UTC(year, month - 1, day, hour - 8, minute);
  // Date.UTC rolls 02-30 over into March: only a date and time that exist are taken.
  return chinaDateTime(at) === `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}` ? at : NaN;
}
const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = '日一二三四五六';

/** How the operator reads a China time back: 2026年12月1日 星期二 08:00. */
export function chinaTimeText(at: number): string {
  const [date, time] = chinaDateTime(at).split(' ') as [string, string];
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(at + 8 * 3_600_000).getUTCDay();
  return `${year}年${month}月${day}日 星期${WEEKDAYS[weekday]} ${time}`;
}

/** The server's rendering of `body`, asked for only once the operator has signed in and typed something. */
function usePreview(body: string, signedIn: boolean) {
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!signedIn || !body.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      opsContent.preview(body, controller.signal).then(
        (answer) => setHtml(answer.html),
        () => undefined,
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body, signedIn]);
  return signedIn && body.trim() ? html : '';
}

function auditText(entry: AuditEntry): string {
  const when = entry.action === 'schedule' && 'publishAt' in entry.detail && entry.detail.publishAt !== null ? ` ${chinaDateTime(entry.detail.publishAt)}` : '';
  return `${entry.by} ${ACTION_TEXT[entry.action]}${when}（第${entry.version}版）`;
}

function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="ops-content__audit" aria-label="操作记录">
      {entries.map((entry) => (
        <li key={`${entry.at}-${entry.version}-${entry.action}`}>
          <time className="ops-content__muted">{chinaDateTime(entry.at)}</time> {auditText(entry)}
        </li>
      ))}
    </ol>
  );
}

/** What an operator of another role sees of the chosen item: what it is and what it says, as written. */
function ItemView({ draft }: { draft: Draft }) {
  if (!draft.id) return <p className="ops-content__muted">仅内容编辑可以新建和修改内容。请在下方“全部内容”中选择一项查看。</p>;
  return (
    <div className="ops-content">
      <p className="ops-content__muted">
        {KIND_TEXT[draft.kind]}·{STATUS_TEXT[draft.status]}
        {draft.publishAt !== null && draft.status !== 'draft' ? ` · 发布时间 ${chinaDateTime(draft.publishAt)}` : ''} · 第{draft.version}版
      </p>
      <h2 className="ops-content__heading">{draft.title}</h2>
      <p className="ops-content__source">{draft.body}</p>
    </div>
  );
}

export default function OpsContentPage() {
  const { operator } = useOperator();
  const editor = mayChange(operator, 'content_editor');
  const list = useQuery([LIST_KEY], (signal) => opsContent.list(signal), { staleTimeMs: 5_000 });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // Keyed by version: every change of the item (ours or, after a 409, someone else's) reads its audit anew.
  const itemKey = draft.id ? [ITEM_KEY, draft.id, draft.version] : null;
  const item = useQuery(itemKey, (signal) => opsContent.get(draft.id ?? '', signal), { staleTimeMs: 0 });
  const [at, setAt] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const ended = useEndsSession(list.error);
  const preview = usePreview(draft.body, editor && !ended);

  /** `done` says what happened as the item now is (已保存（草稿）, 已定时，将于…发布): never the same word twice. */
  async function run(action: () => Promise<ManagedItem>, done: (item: ManagedItem) => string) {
    setBusy(true);
    setMessage(null);
    try {
      const changed = await action();
      setDraft(draftOf(changed));
      setMessage({ text: done(changed), error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : '操作失败', error: true });
      // Someone else changed it: the list and the audit say who and what the item is now.
      if (error instanceof OpsApiError && error.status === 409 && itemKey) invalidateQuery(itemKey);
    } finally {
      invalidateQuery([LIST_KEY]);
      setBusy(false);
    }
  }
  const save = () =>
    draft.id
      ? opsContent.edit(draft.id, { ...editsOf(draft), version: draft.version })
      : opsContent.create({
          kind: draft.kind,
          title: draft.title,
          body: draft.body,
          ...(draft.summary && { summary: draft.summary }),
          important: draft.important,
          ...(draft.kind === 'faq' && { category: draft.category, order: orderOf(draft) }),
        });
  /** Saves, then publishes: the saved draft (its id, its new version) is kept even when publishing is refused, so a retry neither duplicates the item nor conflicts with itself. */
  const saveThenPublish = async (time?: number) => {
    const saved = await save();
    setDraft(draftOf(saved));
    return opsContent.publish(saved.id, time);
  };
  function handleSave(event: FormEvent) {
    event.preventDefault();
    void run(save, (item) => `已保存（${STATUS_TEXT[item.status]}）`);
  }
  const handlePublish = () =>
    void run(
      () => saveThenPublish(),
      () => '已发布',
    );
  const handleSchedule = () => {
    const time = chinaTimeOf(at);
    if (!Number.isFinite(time)) return setMessage({ text: '请按 2026-12-01 08:00 的格式填写发布时间（北京时间）', error: true });
    void run(
      () => saveThenPublish(time),
      (item) => (item.publishAt !== null ? `已定时，将于 ${chinaTimeText(item.publishAt)}（北京时间）发布` : '已定时'),
    );
  };
  const handleUnpublish = () =>
    draft.id &&
    void run(
      () => opsContent.unpublish(draft.id!),
      () => '已下线',
    );
  const scheduled = chinaTimeOf(at);
  const faq = draft.kind === 'faq';
  const incomplete = !draft.title.trim() || !draft.body.trim() || (faq && (!draft.category.trim() || !Number.isFinite(orderOf(draft))));
  const audit = item.data?.audit;

  return (
    <Page title="内容管理">
      <Card label={editor ? '编辑' : '查看'}>
        {editor ? (
          <form className="ops-content" onSubmit={handleSave} aria-label="内容编辑">
            {draft.id ? (
              <p className="ops-content__muted">
                {KIND_TEXT[draft.kind]}·{STATUS_TEXT[draft.status]}
                {draft.publishAt !== null && draft.status !== 'draft' ? ` · 发布时间 ${chinaDateTime(draft.publishAt)}` : ''} · 第{draft.version}版
              </p>
            ) : null}
            <div className="ops-content__row">
              <label>
                类型
                <select value={draft.kind} disabled={draft.id !== null} onChange={(e) => setDraft({ ...draft, kind: e.target.value as OpsContentKind })}>
                  {(Object.keys(KIND_TEXT) as OpsContentKind[]).map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_TEXT[kind]}
                    </option>
                  ))}
                </select>
              </label>
              {faq ? null : (
                <label className="ops-content__check">
                  <input type="checkbox" checked={draft.important} onChange={(e) => setDraft({ ...draft, important: e.target.checked })} /> 重要（首页横幅）
                </label>
              )}
            </div>
            {faq ? (
              <div className="ops-content__row">
                <label>
                  分类
                  <input value={draft.category} maxLength={20} placeholder="如 还款、账户" onChange={(e) => setDraft({ ...draft, category: e.target.value })} />
                </label>
                <label>
                  排序（0 在最前）
                  <input
                    value={draft.order}
                    inputMode="numeric"
                    maxLength={4}
                    placeholder="0"
                    onChange={(e) => setDraft({ ...draft, order: e.target.value })}
                  />
                </label>
              </div>
            ) : null}
            <label>
              {faq ? '问题' : '标题'}
              <input value={draft.title} maxLength={100} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
            </label>
            {faq ? null : (
              <label>
                摘要（可选）
                <input value={draft.summary} maxLength={200} placeholder="留空则取正文开头" onChange={(e) => setDraft({ ...draft, summary: e.target.value })} />
              </label>
            )}
            <label>
              {faq ? '回答（Markdown，可含电话链接）' : '正文（Markdown）'}
              <textarea value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} />
            </label>
            <div className="ops-content__row">
              <Button type="submit" busy={busy} disabled={incomplete}>
                {draft.status === 'published' ? '保存修改' : '保存草稿'}
              </Button>
              <Button variant="secondary" busy={busy} disabled={incomplete} onClick={handlePublish}>
                保存并发布
              </Button>
              <Button
                variant="text"
                onClick={() => {
                  setDraft(EMPTY);
                  setMessage(null);
                }}
              >
                新建
              </Button>
            </div>
            <div className="ops-content__row">
              <label>
                定时发布（北京时间）
                <input
                  value={at}
                  inputMode="numeric"
                  placeholder="2026-12-01 08:00"
                  autoComplete="off"
                  aria-describedby="ops-content-at"
                  onChange={(e) => setAt(e.target.value)}
                />
              </label>
              <Button variant="secondary" busy={busy} disabled={incomplete} onClick={handleSchedule}>
                定时发布
              </Button>
              {draft.id ? (
                <Button variant="text" busy={busy} onClick={handleUnpublish}>
                  下线
                </Button>
              ) : null}
            </div>
            {/* The typed time read back in Chinese, so a wrong day is seen before it is scheduled. */}
            <p id="ops-content-at" className="ops-content__muted">
              {at.trim() === ''
                ? '定时发布时间格式：年-月-日 时:分'
                : Number.isFinite(scheduled)
                  ? `将于 ${chinaTimeText(scheduled)}（北京时间）发布`
                  : '请按 年-月-日 时:分 填写，如 2026-12-01 08:00'}
            </p>
            {message ? (
              <p className={message.error ? 'ops-content__error' : undefined} role={message.error ? 'alert' : 'status'}>
                {message.text}
              </p>
            ) : null}
          </form>
        ) : (
          <ItemView draft={draft} />
        )}
        {audit ? (
          <>
            <h2 className="ops-content__heading">操作记录</h2>
            <AuditList entries={audit} />
          </>
        ) : null}
      </Card>
      {editor ? (
        <Card label="预览">
          <h2 className="ops-content__heading">预览</h2>
          <div className="ops-content__preview" data-testid="ops-preview">
            {preview ? <RichText html={preview} /> : <p>输入正文后在此预览</p>}
          </div>
        </Card>
      ) : null}
      <Card label="全部内容">
        <h2 className="ops-content__heading">全部内容</h2>
        <ul className="ops-content__items">
          {(list.data?.items ?? []).map((listed) => (
            <li key={listed.id}>
              <button
                type="button"
                aria-current={listed.id === draft.id || undefined}
                onClick={() => {
                  setDraft(draftOf(listed));
                  setMessage(null);
                }}
              >
                <span>
                  [{KIND_TEXT[listed.kind]}·{STATUS_TEXT[listed.status]}]{listed.category ? ` ${listed.category} ·` : ''} {listed.title}
                </span>
                {listed.publishAt !== null && listed.status !== 'draft' ? <time className="ops-content__muted">{chinaDateTime(listed.publishAt)}</time> : null}
              </button>
            </li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}
