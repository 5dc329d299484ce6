import {
  opsOutboxDead,
  opsOutboxDiscard,
  opsOutboxRetry,
  opsTelemetrySummary,
  parseOpsResponseData,
  type OpsEndpoint,
  type OpsOutboxEvent,
  type OpsResponseData,
  type OpsSummary,
} from '@tyd/protocol/schemas';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { OPS_TEST_CREDENTIALS, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import OpsPage from './ops-page';

// The real uPlot draws into happy-dom (no canvas pixels, but its DOM: one .uplot per chart, legends).
const charts = () => [...document.querySelectorAll('.ops-chart .uplot')];
const legend = (chart: Element) => [...chart.querySelectorAll('.u-legend .u-series th')].map((th) => th.textContent);

const fetchMock = vi.fn<typeof fetch>();

const SUMMARY: OpsSummary = {
  from: '2026-11-19',
  to: '2026-11-21',
  days: 3,
  timezone: 'Asia/Shanghai',
  generatedAt: 1_763_700_000_000,
  pagePerformance: [
    { day: '2026-11-20', route: '/download', count: 4, p50: 320, p95: 900, timedOut: 0, hidden: 1 },
    { day: '2026-11-21', route: '/download', count: 2, p50: 300, p95: 640, timedOut: 1, hidden: 0 },
    { day: '2026-11-21', route: '/', count: 9, p50: 120, p95: 210, timedOut: 0, hidden: 0 },
  ],
  fieldVitals: [
    { window: 'day', route: '/', metric: 'LCP', p75: 1480.4, count: 12 },
    { window: 'day', route: '/', metric: 'CLS', p75: 0.0123, count: 12 },
    { window: 'week', route: '/', metric: 'LCP', p75: 1390, count: 80 },
    { window: 'week', route: '/login', metric: 'INP', p75: 96, count: 31 },
  ],
  events: [{ day: '2026-11-21', kind: 'pageview', count: 12 }],
  sms: [{ day: '2026-11-21', sent: 3, verified: 2 }],
  smsSource: 'server',
  outbox: { depth: 0, failing: 0, oldestAt: null, dead: 0 },
  errorCodes: [{ day: '2026-11-21', code: '400', subcode: '4202', count: 2 }],
};

/** A '200' answer built through the call's response schema, so a change of the contract breaks these answers too. */
function answerOf<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.path}: answer outside its schema: ${parsed.issues.join(', ')}`);
  return new Response(JSON.stringify({ code: '200', msg: '成功', data: parsed.data }), { status: 200 });
}
const ok = (data: OpsSummary) => answerOf(opsTelemetrySummary, data);
const coded = (status: number, code: string) => new Response(JSON.stringify({ code, msg: 'x' }), { status });

let router: Router;
const show = () =>
  renderInConsole(
    <RouterContext value={router}>
      <OpsPage />
    </RouterContext>,
  );

beforeEach(async () => {
  window.history.replaceState(null, '', '/ops');
  router = createRouter();
  await router.start();
  fetchMock.mockReset();
  session = opsSessionAnswers({ signedIn: true });
  // The session's calls answered apart: fetchMock sees the summary's only.
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => session.answer(url, init) ?? fetchMock(url, init));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  router.destroy();
  vi.unstubAllGlobals();
  // Each test is a new visit: no answer of the previous one is reused.
  clearQueries();
});

let session = opsSessionAnswers({ signedIn: true });

async function signIn(code = OPS_TEST_CREDENTIALS.code) {
  await userEvent.type(await screen.findByLabelText('账号'), OPS_TEST_CREDENTIALS.name);
  await userEvent.type(screen.getByLabelText('密码'), OPS_TEST_CREDENTIALS.password);
  await userEvent.type(screen.getByLabelText('动态验证码'), code);
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('/ops', () => {
  it('asks the operator to sign in, keeps nothing in web storage, and shows the four charts and the route table', async () => {
    session = opsSessionAnswers({ signedIn: false });
    fetchMock.mockResolvedValue(ok(SUMMARY));
    show();
    await signIn();
    await screen.findByRole('heading', { name: '页面性能' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ops/api/summary?days=14');
    expect(init).toMatchObject({ credentials: 'same-origin' });
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '页面性能',
      '真实访问指标',
      '每日记录数',
      '短信验证码',
      '错误码',
      '待投递事件',
    ]);
    // The field p75 per route and metric, day and week, with the reports behind each.
    const field = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(field('最近一天 p75')).toEqual([
      ['路由', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB'],
      ['/', '1480 (12)', '–', '0.012 (12)', '–', '–'],
      ['/login', '–', '–', '–', '–', '–'],
    ]);
    expect(field('最近一周 p75')[2]).toEqual(['/login', '–', '96 (31)', '–', '–', '–']);
    // Each scrolls in a region named by the caption shown above it.
    expect(screen.getByRole('region', { name: '最近一天 p75' }).querySelector('caption')?.textContent).toBe('最近一天 p75');
    expect(screen.getByRole('region', { name: '最近一周 p75' }).querySelector('table')).toBe(screen.getByRole('table', { name: '最近一周 p75' }));
    await vi.waitFor(() => expect(charts()).toHaveLength(4));
    expect(charts().map(legend)).toEqual([['p50', 'p95'], ['页面浏览'], ['发送', '验证通过'], ['400/4202']]);
    const rows = within(screen.getByRole('table', { name: '各路由页面性能' }))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['路由次数p50p95超时后台', '/912021000', '/download63006401' + '1']);
    // The busiest route first; another route redraws the performance chart.
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('/');
    const before = charts()[0];
    await userEvent.selectOptions(screen.getByRole('combobox'), '/download');
    await vi.waitFor(() => expect(charts()[0]).not.toBe(before));
    expect(charts()).toHaveLength(4);
  });

  it('changes the window and asks again', async () => {
    fetchMock.mockResolvedValue(ok(SUMMARY));
    show();
    await screen.findByRole('heading', { name: '页面性能' });
    await userEvent.click(screen.getByRole('button', { name: '30 天' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toBe('/ops/api/summary?days=30'));
    expect(screen.getByRole('button', { name: '30 天' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a session the server ended: back to the sign-in with a message; signing in again shows the data', async () => {
    fetchMock.mockResolvedValueOnce(coded(401, '401')).mockResolvedValue(ok(SUMMARY));
    show();
    const form = await screen.findByRole('form', { name: '运营登录' });
    expect(within(form).getByRole('alert').textContent).toBe('登录已失效，请重新登录');
    session = opsSessionAnswers({ signedIn: false });
    await signIn();
    expect(await screen.findByRole('heading', { name: '页面性能' })).toBeTruthy();
  });

  it('a network failure can be retried', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok(SUMMARY));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('数据加载失败，请检查网络后重试。');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '页面性能' })).toBeTruthy();
  });

  it('no data yet: every section says so, no chart is drawn', async () => {
    // The server may list quiet days with zero counts: nothing to draw either.
    fetchMock.mockResolvedValue(ok({ ...SUMMARY, pagePerformance: [], events: [], sms: [{ day: '2026-11-21', sent: 0, verified: 0 }], errorCodes: [] }));
    show();
    await screen.findByRole('heading', { name: '页面性能' });
    expect(screen.getAllByText('暂无数据')).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charts()).toEqual([]);
  });

  it('shows the outbox backlog: none waiting, or how many, how many failing and how old the oldest is', async () => {
    fetchMock.mockResolvedValueOnce(ok(SUMMARY));
    const { unmount } = show();
    const quiet = within(await screen.findByRole('region', { name: '待投递事件' }));
    expect(quiet.getByText('无')).toBeTruthy();
    expect(quiet.queryByText(/outbox list/)).toBeNull();
    unmount();
    clearQueries();
    fetchMock.mockResolvedValueOnce(ok({ ...SUMMARY, outbox: { depth: 7, failing: 2, oldestAt: SUMMARY.generatedAt - 25 * 60_000, dead: 0 } }));
    show();
    const busy = within(await screen.findByRole('region', { name: '待投递事件' }));
    expect(busy.getByText('7')).toBeTruthy();
    expect(busy.getByText('2')).toBeTruthy();
    expect(busy.getByText('25 分钟')).toBeTruthy();
    expect(busy.getByText(/outbox list/)).toBeTruthy();
  });

  const DEAD: OpsOutboxEvent = {
    id: 'ev_AAAAAAAAAAAAAAAA',
    topic: 'message',
    attempts: 20,
    createdAt: SUMMARY.generatedAt - 3_600_000,
    deadAt: SUMMARY.generatedAt - 60_000,
    deliveredAt: null,
    lastError: 'Error: message: title 1..60, body at most 500 characters',
  };
  const OTHER: OpsOutboxEvent = { ...DEAD, id: 'ev_BBBBBBBBBBBBBBBB', topic: 'invite-reward', lastError: 'Error: ledger unavailable' };
  const WITH_DEAD: OpsSummary = { ...SUMMARY, outbox: { depth: 0, failing: 0, oldestAt: null, dead: 2 } };

  /** The summary with two dead events and their list, then whatever `then` answers (a retry, a discard, the calls after). */
  function deadEventsServer(then: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (url, init) => {
      const answer = then(String(url), init);
      if (answer) return answer;
      if (String(url).startsWith('/ops/api/summary')) return ok(WITH_DEAD);
      if (url === '/ops/api/outbox/dead') return answerOf(opsOutboxDead, { items: [DEAD, OTHER], total: 2 });
      throw new Error(`unexpected call ${String(url)}`);
    });
  }

  it('lists dead events with their last error to every operator; only an administrator is offered retry and discard', async () => {
    session = opsSessionAnswers({ signedIn: true, role: 'viewer' });
    deadEventsServer();
    show();
    const card = within(await screen.findByRole('region', { name: '待投递事件' }));
    const list = within(await card.findByRole('list', { name: '已停止投递的事件' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByText('消息通知')).toBeTruthy();
    expect(list.getByText('邀请奖励')).toBeTruthy();
    expect(list.getByText(DEAD.lastError!)).toBeTruthy();
    expect(list.getAllByText(/尝试 20 次/)).toHaveLength(2);
    expect(card.getByText(/仅管理员可以重试或丢弃/)).toBeTruthy();
    expect(card.queryByRole('button', { name: '重试' })).toBeNull();
    expect(card.queryByRole('button', { name: '丢弃' })).toBeNull();
  });

  it('an administrator retries a dead event (told how the try went) and discards another after confirming', async () => {
    const calls: string[] = [];
    let remaining = [DEAD, OTHER];
    deadEventsServer((url, init) => {
      if (init?.method !== 'POST') {
        if (url === '/ops/api/outbox/dead') return answerOf(opsOutboxDead, { items: remaining, total: remaining.length });
        return undefined;
      }
      calls.push(url);
      expect(init.body).toBe('{}');
      if (url === `/ops/api/outbox/dead/${DEAD.id}/retry`) {
        remaining = remaining.filter((event) => event.id !== DEAD.id);
        return answerOf(opsOutboxRetry, { event: { ...DEAD, attempts: 1, deadAt: null, deliveredAt: SUMMARY.generatedAt, lastError: null } });
      }
      if (url === `/ops/api/outbox/dead/${OTHER.id}/discard`) {
        remaining = remaining.filter((event) => event.id !== OTHER.id);
        return answerOf(opsOutboxDiscard, { event: OTHER });
      }
      return undefined;
    });
    show();
    const card = within(await screen.findByRole('region', { name: '待投递事件' }));
    const first = within((await card.findAllByRole('listitem'))[0]!);
    await userEvent.click(first.getByRole('button', { name: '重试' }));
    expect((await card.findByRole('status')).textContent).toBe('已重试，投递成功。');
    await vi.waitFor(() => expect(card.getAllByRole('listitem')).toHaveLength(1));
    await userEvent.click(card.getByRole('button', { name: '丢弃' }));
    // Nothing is discarded before the operator confirms in the dialog.
    const dialog = within(await screen.findByRole('dialog', { name: '丢弃该事件？' }));
    expect(calls).toEqual([`/ops/api/outbox/dead/${DEAD.id}/retry`]);
    await userEvent.click(dialog.getByRole('button', { name: '丢弃' }));
    expect((await card.findByRole('status')).textContent).toBe('已丢弃，该事件不会再投递。');
    expect(calls).toEqual([`/ops/api/outbox/dead/${DEAD.id}/retry`, `/ops/api/outbox/dead/${OTHER.id}/discard`]);
    await vi.waitFor(() => expect(card.queryAllByRole('listitem')).toHaveLength(0));
  });
});
