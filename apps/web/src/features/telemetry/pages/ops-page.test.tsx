import { opsTelemetrySummary, parseOpsResponseData, type OpsSummary } from '@tyd/protocol/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_TOKEN_KEY } from '../../../lib/ops-api';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
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
  outbox: { depth: 0, failing: 0, oldestAt: null },
  errorCodes: [{ day: '2026-11-21', code: '400', subcode: '4202', count: 2 }],
};

/** A '200' answer built through opsTelemetrySummary's response schema, so a change of the contract breaks these answers too. */
function ok(data: OpsSummary): Response {
  const parsed = parseOpsResponseData(opsTelemetrySummary, data);
  if (!parsed.ok) throw new Error(`summary outside its schema: ${parsed.issues.join(', ')}`);
  return new Response(JSON.stringify({ code: '200', msg: '成功', data: parsed.data }), { status: 200 });
}
const coded = (status: number, code: string) => new Response(JSON.stringify({ code, msg: 'x' }), { status });

let router: Router;
const show = () =>
  render(
    <RouterContext value={router}>
      <OpsPage />
    </RouterContext>,
  );

beforeEach(async () => {
  window.history.replaceState(null, '', '/ops');
  router = createRouter();
  await router.start();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
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

async function enterToken(token: string) {
  await userEvent.type(screen.getByLabelText('管理令牌'), token);
  await userEvent.click(screen.getByRole('button', { name: '查看数据' }));
}

describe('/ops', () => {
  it('asks for the admin token, keeps it for the tab only, and shows the four charts and the route table', async () => {
    fetchMock.mockResolvedValue(ok(SUMMARY));
    show();
    expect(fetchMock).not.toHaveBeenCalled();
    await enterToken('admin-secret');
    await screen.findByRole('heading', { name: '页面性能' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ops/api/summary?days=14');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer admin-secret');
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBe('admin-secret');
    expect(localStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
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
    // The other operators' pages, behind the same token.
    const links = within(screen.getByRole('navigation', { name: '运营管理' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['内容管理', '/ops/content'],
      ['奖励管理', '/ops/rewards'],
      ['用户提问', '/ops/help'],
    ]);
  });

  it('changes the window and asks again', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    fetchMock.mockResolvedValue(ok(SUMMARY));
    show();
    await screen.findByRole('heading', { name: '页面性能' });
    await userEvent.click(screen.getByRole('button', { name: '30 天' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.at(-1)![0]).toBe('/ops/api/summary?days=30'));
    expect(screen.getByRole('button', { name: '30 天' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a wrong token: back to the form with a message, the token forgotten; the next token is the one sent', async () => {
    // The server as it is: only the right token gets the summary.
    fetchMock.mockImplementation(async (_url: string | URL | Request, init?: RequestInit) =>
      new Headers(init?.headers).get('authorization') === 'Bearer admin-secret' ? ok(SUMMARY) : coded(401, '401'),
    );
    show();
    await enterToken('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('管理令牌不正确，请重新输入。');
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
    await userEvent.clear(screen.getByLabelText('管理令牌'));
    await enterToken('admin-secret');
    expect(await screen.findByRole('heading', { name: '页面性能' })).toBeTruthy();
    expect(new Headers(fetchMock.mock.calls.at(-1)![1]?.headers).get('authorization')).toBe('Bearer admin-secret');
  });

  it('says when the server has the ops API off', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    fetchMock.mockResolvedValue(coded(404, '404'));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('TYD_ADMIN_TOKEN');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('a network failure can be retried', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(ok(SUMMARY));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('数据加载失败，请检查网络后重试。');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '页面性能' })).toBeTruthy();
  });

  it('no data yet: every section says so, no chart is drawn', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    // The server may list quiet days with zero counts: nothing to draw either.
    fetchMock.mockResolvedValue(ok({ ...SUMMARY, pagePerformance: [], events: [], sms: [{ day: '2026-11-21', sent: 0, verified: 0 }], errorCodes: [] }));
    show();
    await screen.findByRole('heading', { name: '页面性能' });
    expect(screen.getAllByText('暂无数据')).toHaveLength(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charts()).toEqual([]);
  });

  it('shows the outbox backlog: none waiting, or how many, how many failing and how old the oldest is', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    fetchMock.mockResolvedValueOnce(ok(SUMMARY));
    const { unmount } = show();
    const quiet = within(await screen.findByRole('region', { name: '待投递事件' }));
    expect(quiet.getByText('无')).toBeTruthy();
    expect(quiet.queryByText(/outbox list/)).toBeNull();
    unmount();
    clearQueries();
    fetchMock.mockResolvedValueOnce(ok({ ...SUMMARY, outbox: { depth: 7, failing: 2, oldestAt: SUMMARY.generatedAt - 25 * 60_000 } }));
    show();
    const busy = within(await screen.findByRole('region', { name: '待投递事件' }));
    expect(busy.getByText('7')).toBeTruthy();
    expect(busy.getByText('2')).toBeTruthy();
    expect(busy.getByText('25 分钟')).toBeTruthy();
    expect(busy.getByText(/outbox list/)).toBeTruthy();
  });

  it('signing out forgets the token', async () => {
    sessionStorage.setItem(OPS_TOKEN_KEY, 'admin-secret');
    fetchMock.mockResolvedValue(ok(SUMMARY));
    show();
    await screen.findByRole('heading', { name: '页面性能' });
    await userEvent.click(screen.getByRole('button', { name: '退出' }));
    expect(screen.getByLabelText('管理令牌')).toBeTruthy();
    expect(sessionStorage.getItem(OPS_TOKEN_KEY)).toBeNull();
  });
});
