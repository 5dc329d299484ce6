// The audit log as administrators read it (docs/operations.md "The audit log"): each entry a sentence — when,
// who, what they did to what, whether it was done, kept for a checker or refused, why, and from where — with
// the raw values folded away. Filtered by operator, action, target and China days, and paged
// OPS_AUDIT_PAGE at a time (the server's cursor), so nothing can be pushed out of view by newer entries.
import { useState, type FormEvent } from 'react';
import { DAY_MS, OPS_ACTION_TEXT, OPS_AUDIT_OUTCOME_TEXT, chinaDateTime, chinaDayEnd } from '@tyd/protocol/wire';
import type { OpsAuditEntry } from '@tyd/protocol/schemas';
import { Button } from '../../../components/button';
import { Card } from '../../../components/page';
import { useEndsSession } from '../../../lib/operator-context';
import { useQuery } from '../../../lib/server-state';
import { opsOperators, type AuditFilter } from '../api/ops-operators';

/** The cache key of the log's first page under `filter` (the page refreshes the unfiltered one after a change). */
export const auditKey = (filter: AuditFilter = {}) => ['ops-audit', JSON.stringify(filter)];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** A China date (YYYY-MM-DD) as the first millisecond of that day, or undefined. */
function chinaDayStart(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  return chinaDayEnd(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS) - DAY_MS;
}

const ACTIONS = Object.entries(OPS_ACTION_TEXT);

function Entry({ entry }: { entry: OpsAuditEntry }) {
  const what = entry.summary ?? OPS_ACTION_TEXT[entry.action] ?? entry.action;
  return (
    <li className={`operators__audit-entry operators__audit-entry--${entry.outcome}`}>
      <p>
        <time className="operators__muted">{chinaDateTime(entry.at)}</time> <strong>{entry.operator}</strong> {what}
      </p>
      <p className="operators__muted">
        <span className={`operators__outcome operators__outcome--${entry.outcome}`}>
          {OPS_AUDIT_OUTCOME_TEXT[entry.outcome]}
          {entry.outcome === 'refused' && entry.status !== null ? `（${entry.status}）` : ''}
        </span>
        {entry.reason && entry.outcome !== 'refused' ? ` · 理由：${entry.reason}` : ''}
        {entry.targetId ? ` · 对象 ${entry.targetId}` : ''} · 来自 {entry.address}
      </p>
      {entry.before !== null || entry.after !== null ? (
        <details>
          <summary>原始记录</summary>
          <p className="operators__muted">{entry.action}</p>
          <div className="operators__diff">
            <pre aria-label="修改前">{json(entry.before)}</pre>
            <pre aria-label="修改后">{json(entry.after)}</pre>
          </div>
        </details>
      ) : null}
    </li>
  );
}

export function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [form, setForm] = useState({ operator: '', action: '', target: '', from: '', to: '' });
  const [more, setMore] = useState<{ entries: OpsAuditEntry[]; next: string | null; loading: boolean; failure: string | null } | null>(null);
  const first = useQuery(auditKey(filter), (signal) => opsOperators.audit(filter, signal), { staleTimeMs: 0 });
  useEndsSession(first.error);
  const entries = [...(first.data?.entries ?? []), ...(more?.entries ?? [])];
  const next = more ? more.next : (first.data?.next ?? null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const from = chinaDayStart(form.from);
    const to = chinaDayStart(form.to);
    setMore(null);
    setFilter({
      ...(form.operator.trim() && { operator: form.operator.trim() }),
      ...(form.action && { action: form.action }),
      ...(form.target.trim() && { target: form.target.trim() }),
      ...(from !== undefined && { from: String(from) }),
      // The end date is included: up to the end of that China day.
      ...(to !== undefined && { to: String(to + DAY_MS) }),
    });
  }
  async function loadMore() {
    if (!next) return;
    setMore((m) => ({ entries: m?.entries ?? [], next, loading: true, failure: null }));
    try {
      const page = await opsOperators.audit({ ...filter, before: next });
      setMore((m) => ({ entries: [...(m?.entries ?? []), ...page.entries], next: page.next, loading: false, failure: null }));
    } catch (error) {
      setMore((m) => ({ entries: m?.entries ?? [], next, loading: false, failure: error instanceof Error ? error.message : '加载失败' }));
    }
  }
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <Card label="审计记录">
      <h2 className="operators__heading">审计记录</h2>
      <form className="operators__form operators__audit-filter" aria-label="筛选审计记录" onSubmit={apply}>
        <label>
          运营人员
          <input autoComplete="off" placeholder="账号名" {...field('operator')} />
        </label>
        <label>
          操作
          <select {...field('action')}>
            <option value="">全部操作</option>
            {ACTIONS.map(([action, text]) => (
              <option key={action} value={action}>
                {text}
              </option>
            ))}
          </select>
        </label>
        <label>
          对象编号
          <input autoComplete="off" {...field('target')} />
        </label>
        <label>
          起始日期
          <input type="date" {...field('from')} />
        </label>
        <label>
          截止日期
          <input type="date" {...field('to')} />
        </label>
        <Button type="submit" variant="secondary">
          筛选
        </Button>
      </form>
      {first.status === 'error' ? (
        <>
          <p className="operators__error" role="alert">
            {(first.error as Error).message}
          </p>
          <Button variant="secondary" onClick={first.refetch}>
            重试
          </Button>
        </>
      ) : !first.data ? (
        <p className="operators__muted" role="status" aria-busy="true">
          正在加载…
        </p>
      ) : entries.length === 0 ? (
        <p className="operators__muted">没有符合条件的记录</p>
      ) : (
        <>
          <ol className="operators__audit" aria-label="审计记录">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
          {more?.failure ? (
            <p className="operators__error" role="alert">
              {more.failure}
            </p>
          ) : null}
          {next ? (
            <Button variant="secondary" busy={more?.loading ?? false} onClick={() => void loadMore()}>
              加载更早的记录
            </Button>
          ) : (
            <p className="operators__muted">已显示全部 {entries.length} 条</p>
          )}
        </>
      )}
    </Card>
  );
}
