// /ops (docs/telemetry.md "Operations view"): aggregates for every signed-in operator (the
// console signs in, src/console/console-app.tsx; nothing kept in web storage). Charts, with uPlot loaded after the
// first paint: page performance p50/p95 per route over time, records per day, SMS codes sent versus
// verified, error codes per day; the outbox's backlog and its dead events (components/dead-events.tsx).
// Empty and failure states say what is going on.
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { OpsSummary } from '@tyd/protocol/schemas';
import { Button } from '../../../components/button';
import { NoData } from '../../../components/no-data';
import { Card, Page } from '../../../components/page';
import { useEndsSession, useOperator } from '../../../lib/operator-context';
import { getOpsSummary } from '../api/get-ops-summary';
import { DeadEvents } from '../components/dead-events';
import { OpsChart } from '../components/ops-chart';
import { useQuery } from '../../../lib/server-state';
import { errorCodesChart, eventsChart, perfChart, routePerfTable, smsChart, total, type ChartData } from '../utils/ops-series';
import './ops-page.css';

const DAY_CHOICES = [7, 14, 30] as const;

const FAILURE_TEXT: Record<'unauthorized' | 'unavailable', string> = {
  unauthorized: '登录已失效，请重新登录。',
  unavailable: '数据加载失败，请检查网络后重试。',
};

/** `empty` defaults to: nothing counted in the whole window (all zero is no data to draw). */
function Section({
  title,
  lead,
  data,
  unit,
  empty = data.series.every((s) => total(s) === 0),
  children,
}: {
  title: string;
  lead?: string;
  data: ChartData;
  unit?: string;
  empty?: boolean;
  children?: ReactNode;
}) {
  const summary = `${title}：` + data.series.map((s) => `${s.label} 合计 ${total(s)}${unit ?? ''}`).join('，');
  return (
    <Card label={title}>
      <h2 className="ops__heading">{title}</h2>
      {lead ? <p className="ops__note">{lead}</p> : null}
      {empty ? <NoData text="暂无数据" /> : <OpsChart data={data} unit={unit} summary={summary} />}
      {empty ? null : children}
    </Card>
  );
}

function PerformanceSection({ summary }: { summary: OpsSummary }) {
  const table = useMemo(() => routePerfTable(summary), [summary]);
  const [picked, setPicked] = useState<string | null>(null);
  const route = picked && table.some((row) => row.route === picked) ? picked : (table[0]?.route ?? '');
  const data = useMemo(() => perfChart(summary, route), [summary, route]);
  return (
    <Section title="页面性能" lead="每页请求全部结束的用时（毫秒）；超时的不计入分位数" data={data} unit="ms" empty={table.length === 0}>
      <label className="ops__select">
        <span>路由</span>
        <select value={route} onChange={(e) => setPicked(e.target.value)}>
          {table.map((row) => (
            <option key={row.route} value={row.route}>
              {row.route}
            </option>
          ))}
        </select>
      </label>
      {/* A table wider than the phone scrolls inside its frame, which a keyboard reaches (WCAG 2.1.1). */}
      <div className="ops__table-wrap" role="region" aria-label="各路由页面性能" tabIndex={0}>
        <table className="ops__table" aria-label="各路由页面性能">
          <thead>
            <tr>
              <th scope="col">路由</th>
              <th scope="col">次数</th>
              <th scope="col">p50</th>
              <th scope="col">p95</th>
              <th scope="col">超时</th>
              <th scope="col">后台</th>
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.route}>
                <th scope="row">
                  {row.route.split('/').map((part, i) => (
                    // Long routes break after a slash, never inside a word.
                    <Fragment key={i}>
                      {i > 0 ? '/' : null}
                      {i > 1 ? <wbr /> : null}
                      {part}
                    </Fragment>
                  ))}
                </th>
                <td>{row.count}</td>
                <td>{row.p50}</td>
                <td>{row.p95}</td>
                <td>{row.timedOut}</td>
                <td>{row.hidden}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="ops__note">p50 / p95 为每条路由最近一天的值。</p>
    </Section>
  );
}

const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;

/**
 * What real visits met (docs/telemetry.md "Operations view"): per route the 75th percentile of each web
 * vital over the last day and the last week, with the number of reports behind it, so a regression shows
 * in production, not only in the lab (bench/README.md).
 */
function FieldVitals({ rows }: { rows: OpsSummary['fieldVitals'] }) {
  const routes = [...new Set(rows.map((row) => row.route))].sort();
  const cell = (window: 'day' | 'week', route: string, metric: (typeof VITALS)[number]) => {
    const row = rows.find((r) => r.window === window && r.route === route && r.metric === metric);
    if (!row) return '–';
    return `${metric === 'CLS' ? row.p75.toFixed(3) : Math.round(row.p75)} (${row.count})`;
  };
  return (
    <Card label="真实访问指标">
      <h2 className="ops__heading">真实访问指标</h2>
      <p className="ops__note">每条路由各指标的第 75 百分位（毫秒，CLS 为分值），括号内为上报次数。</p>
      {routes.length === 0 ? (
        <p className="ops__note">暂无上报。</p>
      ) : (
        (['day', 'week'] as const).map((window) => {
          const span = window === 'day' ? '最近一天' : '最近一周';
          // The caption names the table (HTML-AAM) and, by its id, the scrolling region around it: one name, the one shown.
          const captionId = `field-vitals-${window}`;
          return (
            <div key={window} className="ops__table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
              <table className="ops__table">
                <caption id={captionId}>{`${span} p75`}</caption>
                <thead>
                  <tr>
                    <th scope="col">路由</th>
                    {VITALS.map((metric) => (
                      <th key={metric} scope="col">
                        {metric}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {routes.map((route) => (
                    <tr key={route}>
                      {/* Reports that came without a route still count: their row says so rather than showing nothing. */}
                      <th scope="row">{route || '（未记录路由）'}</th>
                      {VITALS.map((metric) => (
                        <td key={metric}>{cell(window, route, metric)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })
      )}
    </Card>
  );
}

/**
 * Side effects still to deliver (docs/operations.md "The outbox"): a growing or ageing backlog needs an
 * operator, and so does every dead event (its attempts used up), listed under the figures.
 */
function OutboxBacklog({ backlog, now, onChanged }: { backlog: OpsSummary['outbox']; now: number; onChanged: () => void }) {
  const minutes = backlog.oldestAt === null ? null : Math.max(0, Math.floor((now - backlog.oldestAt) / 60_000));
  return (
    <Card label="待投递事件">
      <h2 className="ops__heading">待投递事件</h2>
      <p className="ops__note">奖励到账、消息通知等在状态变更后投递；失败会自动重试，多次失败后停止投递，等待处理。</p>
      <dl className="ops__figures">
        <div>
          <dt>待投递</dt>
          <dd>{backlog.depth}</dd>
        </div>
        <div>
          <dt>投递失败待重试</dt>
          <dd>{backlog.failing}</dd>
        </div>
        <div>
          <dt>最早一条已等待</dt>
          <dd>{minutes === null ? '无' : minutes < 1 ? '不到 1 分钟' : `${minutes} 分钟`}</dd>
        </div>
        <div>
          <dt>已停止投递</dt>
          <dd>{backlog.dead}</dd>
        </div>
      </dl>
      {backlog.failing > 0 && <p className="ops__note">有事件投递失败，可用 npm run admin -- outbox list 查看原因。</p>}
      {backlog.dead > 0 && <DeadEvents onChanged={onChanged} />}
    </Card>
  );
}

function Dashboard({ summary, onChanged }: { summary: OpsSummary; onChanged: () => void }) {
  const events = useMemo(() => eventsChart(summary), [summary]);
  const sms = useMemo(() => smsChart(summary), [summary]);
  const errors = useMemo(() => errorCodesChart(summary), [summary]);
  return (
    <>
      <PerformanceSection summary={summary} />
      <FieldVitals rows={summary.fieldVitals} />
      <Section title="每日记录数" data={events} />
      <Section title="短信验证码" lead="服务器统计：发送成功与验证通过的次数" data={sms} />
      <Section title="错误码" lead="每日接口错误应答（code/subcode），前 5 种单列" data={errors} />
      <OutboxBacklog backlog={summary.outbox} now={summary.generatedAt} onChanged={onChanged} />
    </>
  );
}

/** The summary's query key: one answer per range and per operator signed in (their id). */
const summaryKey = (days: number, operatorId: string) => ['ops-summary', days, operatorId] as const;

export default function OpsPage() {
  const { operator } = useOperator();
  const operatorId = operator.id;
  const [days, setDays] = useState<number>(14);
  const summary = useQuery<OpsSummary>(summaryKey(days, operatorId), (signal) => getOpsSummary(days, signal), { staleTimeMs: 60_000 });
  const sessionEnded = useEndsSession(summary.error);
  const failure = summary.status === 'error' ? (sessionEnded ? ('unauthorized' as const) : ('unavailable' as const)) : null;
  // Read again after an operator's action (a dead event retried): the figures shown stay until the new ones come.
  const state =
    summary.status !== 'error' && summary.data
      ? { status: 'ready' as const, summary: summary.data }
      : failure
        ? { status: 'failed' as const, failure }
        : { status: 'loading' as const };

  return (
    <Page title="运营数据" lead={state.status === 'ready' ? `${state.summary.from} 至 ${state.summary.to}（中国时间）` : '只读汇总'}>
      <div className="ops__toolbar">
        <div className="ops__days" role="group" aria-label="时间范围">
          {DAY_CHOICES.map((n) => (
            <button key={n} type="button" className="ops__day" aria-pressed={days === n} onClick={() => setDays(n)}>
              {n} 天
            </button>
          ))}
        </div>
      </div>
      {state.status === 'loading' ? (
        <p className="ops__note" role="status" aria-busy="true">
          正在加载…
        </p>
      ) : state.status === 'failed' ? (
        <Card label="加载失败">
          <p role="alert">{FAILURE_TEXT[state.failure]}</p>
          {state.failure === 'unavailable' ? (
            <Button variant="secondary" block onClick={summary.refetch}>
              重试
            </Button>
          ) : null}
        </Card>
      ) : (
        <Dashboard summary={state.summary} onChanged={summary.refetch} />
      )}
    </Page>
  );
}
