// /ops/content (docs/operations.md "Content"): operators write notices, announcements and articles in
// Markdown with a live preview rendered by the server (exactly what readers will get), save drafts, publish
// now or at a time, and take items down. Behind the admin token; every change is audited with `by`.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Field } from '../../../components/field';
import { Card, Page } from '../../../components/page';
import { RichText } from '../../../components/rich-text';
import { OpsApiError, opsToken } from '../../../lib/ops-api';
import { useQuery, invalidateQuery } from '../../../lib/server-state';
import { opsContent, type ContentKind, type ManagedItem } from '../api/ops-content';
import '../components/content.css';

const KIND_TEXT: Record<ContentKind, string> = { notice: '通知', announcement: '公告', article: '资讯' };
const STATUS_TEXT: Record<ManagedItem['status'], string> = { draft: '草稿', scheduled: '定时', published: '已发布', unpublished: '已下线' };
const LIST_KEY = 'ops-content';

interface Draft {
  id: string | null;
  version: number;
  kind: ContentKind;
  title: string;
  summary: string;
  important: boolean;
  body: string;
}

const EMPTY: Draft = { id: null, version: 0, kind: 'announcement', title: '', summary: '', important: false, body: '' };

function usePreview(body: string) {
  const [html, setHtml] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      opsContent.preview(body, controller.signal).then((answer) => setHtml(answer.html), () => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [body]);
  return html;
}

function TokenForm({ onSubmit, error }: { onSubmit: (token: string) => void; error?: string }) {
  const [token, setToken] = useState('');
  return (
    <Card>
      <form onSubmit={(event) => { event.preventDefault(); if (token.trim()) onSubmit(token.trim()); }} className="ops-content">
        <Field label="管理令牌" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} error={error} />
        <Button type="submit" block disabled={!token.trim()}>进入</Button>
      </form>
    </Card>
  );
}

export default function OpsContentPage() {
  const [token, setToken] = useState(opsToken.get);
  const [entry, setEntry] = useState(0);
  const list = useQuery(token ? [LIST_KEY, entry] : null, (signal) => opsContent.list(signal), { staleTimeMs: 5_000 });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [by, setBy] = useState('');
  const [at, setAt] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = usePreview(draft.body);
  const unauthorized = list.error instanceof OpsApiError && (list.error.failure === 'unauthorized' || list.error.failure === 'disabled');

  if (!token || unauthorized) {
    return (
      <Page title="内容管理">
        <TokenForm error={unauthorized ? (list.error as Error).message : undefined} onSubmit={(value) => { opsToken.set(value); setToken(value); setEntry((n) => n + 1); }} />
      </Page>
    );
  }

  async function run(action: () => Promise<ManagedItem>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      const item = await action();
      setDraft({ id: item.id, version: item.version, kind: item.kind, title: item.title, summary: item.summary, important: item.important, body: item.body });
      setMessage({ text: `${done}（${STATUS_TEXT[item.status]}）`, error: false });
      invalidateQuery([LIST_KEY, entry]);
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : '操作失败', error: true });
    } finally {
      setBusy(false);
    }
  }
  const save = () =>
    draft.id
      ? opsContent.edit(draft.id, { title: draft.title, body: draft.body, summary: draft.summary, important: draft.important, version: draft.version, by })
      : opsContent.create({ kind: draft.kind, title: draft.title, body: draft.body, ...(draft.summary && { summary: draft.summary }), important: draft.important, by });
  function handleSave(event: FormEvent) {
    event.preventDefault();
    void run(save, '已保存');
  }
  const handlePublish = () => void run(async () => opsContent.publish((await save()).id, by), '已发布');
  const handleSchedule = () => {
    const time = Date.parse(at);
    if (!Number.isFinite(time)) return setMessage({ text: '请选择发布时间', error: true });
    void run(async () => opsContent.publish((await save()).id, by, time), '已定时');
  };
  const handleUnpublish = () => draft.id && void run(() => opsContent.unpublish(draft.id!, by), '已下线');

  return (
    <Page title="内容管理">
      <Card label="编辑">
        <form className="ops-content" onSubmit={handleSave} aria-label="内容编辑">
          <div className="ops-content__row">
            <label>
              类型
              <select value={draft.kind} disabled={draft.id !== null} onChange={(e) => setDraft({ ...draft, kind: e.target.value as ContentKind })}>
                {(Object.keys(KIND_TEXT) as ContentKind[]).map((kind) => <option key={kind} value={kind}>{KIND_TEXT[kind]}</option>)}
              </select>
            </label>
            <label>
              <span><input type="checkbox" checked={draft.important} onChange={(e) => setDraft({ ...draft, important: e.target.checked })} /> 重要（首页横幅）</span>
            </label>
          </div>
          <label>标题<input value={draft.title} maxLength={100} onChange={(e) => setDraft({ ...draft, title: e.target.value })} /></label>
          <label>摘要（可选）<input value={draft.summary} maxLength={200} onChange={(e) => setDraft({ ...draft, summary: e.target.value })} /></label>
          <label>正文（Markdown）<textarea value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} /></label>
          <label>操作人<input value={by} maxLength={64} onChange={(e) => setBy(e.target.value)} placeholder="您的名字，记入操作记录" /></label>
          <div className="ops-content__row">
            <Button type="submit" busy={busy} disabled={!by.trim() || !draft.title.trim() || !draft.body.trim()}>保存草稿</Button>
            <Button variant="secondary" busy={busy} disabled={!by.trim() || !draft.title.trim() || !draft.body.trim()} onClick={handlePublish}>保存并发布</Button>
            <Button variant="text" onClick={() => { setDraft(EMPTY); setMessage(null); }}>新建</Button>
          </div>
          <div className="ops-content__row">
            <label>定时发布<input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} /></label>
            <Button variant="secondary" busy={busy} disabled={!by.trim() || !draft.title.trim()} onClick={handleSchedule}>定时发布</Button>
            {draft.id ? <Button variant="text" busy={busy} disabled={!by.trim()} onClick={handleUnpublish}>下线</Button> : null}
          </div>
          {message ? <p className={message.error ? 'ops-content__error' : undefined} role={message.error ? 'alert' : 'status'}>{message.text}</p> : null}
        </form>
      </Card>
      <Card label="预览">
        <h2>预览</h2>
        <div className="ops-content__preview" data-testid="ops-preview">
          {preview ? <RichText html={preview} /> : <p>输入正文后在此预览</p>}
        </div>
      </Card>
      <Card label="全部内容">
        <h2>全部内容</h2>
        <ul className="ops-content__items">
          {(list.data?.items ?? []).map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => setDraft({ id: item.id, version: item.version, kind: item.kind, title: item.title, summary: item.summary, important: item.important, body: item.body })}>
                [{KIND_TEXT[item.kind]}·{STATUS_TEXT[item.status]}] {item.title}
              </button>
            </li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}
