// The audit log as administrators read it (docs/operations.md "Audit"): the newest 200 entries, each with the
// signed-in operator, the time in China, the address it came from, what was done to what, and the values
// before and after, folded away until asked for.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { OpsAuditEntry } from '@tyd/protocol/schemas';
import { Button } from '../../../components/button';
import { Card } from '../../../components/page';

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

export function AuditLog({ entries, failure, onRetry }: { entries: readonly OpsAuditEntry[] | undefined; failure: string | null; onRetry: () => void }) {
  return (
    <Card label="审计记录">
      <h2 className="operators__heading">审计记录</h2>
      {failure ? (
        <>
          <p className="operators__error" role="alert">
            {failure}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            重试
          </Button>
        </>
      ) : !entries ? (
        <p className="operators__muted" role="status" aria-busy="true">
          正在加载…
        </p>
      ) : entries.length === 0 ? (
        <p className="operators__muted">暂无记录</p>
      ) : (
        <ol className="operators__audit" aria-label="审计记录">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p>
                <time className="operators__muted">{chinaDateTime(entry.at)}</time> {entry.operator} · {entry.action}
                {entry.targetId ? ` · ${entry.targetId}` : ''}
              </p>
              <p className="operators__muted">来自 {entry.address}</p>
              {entry.before !== null || entry.after !== null ? (
                <details>
                  <summary>修改前后</summary>
                  <div className="operators__diff">
                    <pre aria-label="修改前">{json(entry.before)}</pre>
                    <pre aria-label="修改后">{json(entry.after)}</pre>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
