// /activity/lucky-draw as a user sees it: the disclosure always on the page, the 九宫格 of prizes, the draw
// and its result, the keys a press sends (new per press, the same when a lost answer is fetched again),
// the ring's run after the answer (and none under prefers-reduced-motion or on a refusal), refusals, history.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import { SPIN_MS } from '../utils/draw-spin';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { resetWebConfig } from '../../../lib/web-config';
import { WIN_PAUSE_MS } from '../components/draw-panel';
import LuckyDrawPage from './lucky-draw-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const PRIZES = [
  { id: 'points-100', name: '100积分', kind: 'points', points: 100, oddsPercent: '3', stockLeft: 100 },
  { id: 'points-20', name: '20积分', kind: 'points', points: 20, oddsPercent: '20', stockLeft: null },
  { id: 'points-5', name: '5积分', kind: 'points', points: 5, oddsPercent: '35', stockLeft: 0 },
  { id: 'thanks', name: '谢谢参与', kind: 'thanks', points: null, oddsPercent: '42', stockLeft: null },
];
const INFO = { open: true, balance: 30, cost: 10, dailyLimit: 5, drawsLeftToday: 5, pointsValidDays: 365, prizes: PRIZES };
const EMPTY = { items: [], nextCursor: null };

function draw(prizeId: string, over: Record<string, unknown> = {}) {
  const prize = PRIZES.find((p) => p.id === prizeId)!;
  return {
    code: '200',
    msg: '成功',
    data: {
      drawId: `d-${Math.random()}`,
      prize: { id: prize.id, name: prize.name, kind: prize.kind, points: prize.points },
      cost: 10,
      balance: 40,
      drawsLeftToday: 4,
      repeated: false,
      ...over,
    },
  };
}

/** `info` for lucky-draw-info, `history` pages in order for lucky-draw-history. */
function answer({ info = INFO, history = [EMPTY] as unknown[] }: { info?: unknown; history?: unknown[] } = {}) {
  let page = 0;
  api.call.mockImplementation(async (path: string) => {
    if (path === '/v1/index/lucky-draw-info') {
      if (info instanceof Error) throw info;
      return info;
    }
    if (path === '/v1/index/lucky-draw-history') return history[Math.min(page++, history.length - 1)];
    throw new Error(`unexpected ${path}`);
  });
}

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <LuckyDrawPage />
    </RouterContext>,
  );
  return screen.findByRole('button', { name: /抽奖|重新获取结果/ });
}

/**
 * The user's motion setting as matchMedia answers it. Most tests draw with reduced motion, where the won
 * cell is lit at once; the tests of the ring's run turn it off and drive the timers.
 */
function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        matches: reduce && media === '(prefers-reduced-motion: reduce)',
        media,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const prizeCells = () => within(screen.getByRole('list', { name: '奖品' })).getAllByRole('listitem');
/** The cell a running spin lights (a look, not a role: only the landed cell is named for screen readers). */
const litCell = () => document.querySelector('.draw-grid__cell--lit');
const landedCell = () => screen.queryByRole('listitem', { current: true });
/** What the draw card announces (role status). */
const outcome = () => within(screen.getByRole('region', { name: '抽奖' })).getByRole('status');

/**
 * Clicks `button` with real timers, then fakes setTimeout before the answer (`settle`) arrives, so the
 * ring's steps run on the test's clock (user-event itself waits on a real setTimeout).
 */
async function pressThenFakeTimers(button: HTMLElement) {
  await userEvent.click(button);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

const sentKeys = () => api.request.mock.calls.map(([, payload]) => (payload as { idempotencyKey: string }).idempotencyKey);

beforeEach(() => {
  api.call.mockReset();
  api.request.mockReset();
  reducedMotion(true);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  cleanup();
  clearQueries();
  document.getElementById('tyd-config')?.remove();
  resetWebConfig();
});

describe('/activity/lucky-draw disclosure', () => {
  it('shows every prize with its type, odds and stock, the rules and the operator, without a tap', async () => {
    const config = document.createElement('script');
    config.id = 'tyd-config';
    config.type = 'application/json';
    config.textContent = JSON.stringify({
      appId: 'a',
      appSecret: 's',
      keyId: 'k',
      publicKey: 'p',
      operator: { name: '通盈达科技有限公司', servicePhone: '400-000-0000' },
    });
    document.head.append(config);
    answer();
    await openPage();
    const table = screen.getByRole('table', { name: '奖品、中奖概率与剩余数量' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['奖品奖品类型中奖概率剩余数量', '100积分积分3%100', '20积分积分20%不限', '5积分积分35%0', '谢谢参与无奖品42%—']);
    const rules = screen.getByRole('region', { name: '活动规则' }).textContent;
    expect(rules).toContain('每次抽奖消耗10积分，每人每天最多抽奖5次');
    expect(rules).toContain('抽奖结果由服务器随机产生');
    expect(rules).toContain('按“谢谢参与”处理');
    expect(rules).toContain('积分自获得之日起365天内有效');
    expect(rules).toContain('本活动由通盈达科技有限公司提供，如有疑问请致电客服400-000-0000');
    expect(screen.getByText('每次消耗').nextElementSibling?.textContent).toBe('10积分');
    expect(screen.getByText('今日剩余').nextElementSibling?.textContent).toBe('5/5次');
    expect(screen.getByRole('link', { name: '积分明细' }).getAttribute('href')).toBe('/activity/points');
    expect(screen.getByText('暂无记录')).toBeTruthy();
  });

  it('shows the prizes in a 九宫格 around the 抽奖 button: the four repeated in order, 谢谢参与 included', async () => {
    answer();
    const button = await openPage();
    expect(prizeCells().map((cell) => cell.getAttribute('aria-label'))).toEqual([
      '100积分',
      '20积分',
      '5积分',
      '谢谢参与',
      '100积分',
      '20积分',
      '5积分',
      '谢谢参与',
    ]);
    expect(screen.getAllByRole('listitem', { name: '谢谢参与' })).toHaveLength(2);
    // The centre button is a real button named 抽奖 (the cost under it is for the eye; 每次消耗 says it).
    expect(button.tagName).toBe('BUTTON');
    expect(screen.getByRole('button', { name: '抽奖' })).toBe(button);
    expect(button.closest('.draw-grid')).toBe(prizeCells()[0]!.closest('.draw-grid'));
    expect(landedCell()).toBeNull();
  });
});

describe('/activity/lucky-draw draws', () => {
  it('draws under a new key per press and shows the result, the balance and the draws left', async () => {
    answer();
    api.request.mockResolvedValueOnce(draw('points-20')).mockResolvedValueOnce(draw('thanks', { balance: 30, drawsLeftToday: 3 }));
    const button = await openPage();
    await userEvent.click(button);
    expect(await screen.findByText('抽中 20积分')).toBeTruthy();
    expect(screen.getByText('20积分已计入您的账户，当前积分 40')).toBeTruthy();
    expect(screen.getByText('今日剩余').nextElementSibling?.textContent).toBe('4/5次');
    // The result is announced, and the ring shows where it is.
    expect(outcome().textContent).toContain('抽中 20积分');
    expect(landedCell()?.getAttribute('aria-label')).toBe('20积分（本次结果）');
    await userEvent.click(screen.getByRole('button', { name: '抽奖' }));
    expect(await screen.findByText('谢谢参与', { selector: '.draw-result__title' })).toBeTruthy();
    expect(landedCell()?.getAttribute('aria-label')).toBe('谢谢参与（本次结果）');
    const [first, second] = sentKeys();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(second).not.toBe(first);
    expect(api.request).toHaveBeenCalledWith('/v1/index/update-lucky-points', { idempotencyKey: first }, expect.objectContaining({ toastErrors: false }));
    // The history was read again after each draw.
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/index/lucky-draw-history').length).toBeGreaterThanOrEqual(2);
  });

  it('a lost answer is fetched again under the same key and never drawn twice', async () => {
    answer();
    api.request
      .mockRejectedValueOnce(new TransportError('network', '网络连接异常，请稍后重试'))
      .mockResolvedValueOnce(draw('points-100', { repeated: true, balance: 120 }))
      .mockResolvedValueOnce(draw('thanks'));
    await userEvent.click(await openPage());
    expect((await screen.findByRole('alert')).textContent).toContain('网络异常，未能确认抽奖结果');
    await userEvent.click(screen.getByRole('button', { name: '重新获取结果' }));
    expect(await screen.findByText('抽中 100积分')).toBeTruthy();
    expect(screen.getByText('这是刚才那次抽奖的结果，未重复扣除积分')).toBeTruthy();
    expect(landedCell()?.getAttribute('aria-label')).toBe('100积分（本次结果）');
    await userEvent.click(screen.getByRole('button', { name: '抽奖' }));
    await screen.findByText('谢谢参与', { selector: '.draw-result__title' });
    const [lost, retry, next] = sentKeys();
    expect(retry).toBe(lost);
    expect(next).not.toBe(lost);
  });

  it('ignores a second tap while the draw is in flight', async () => {
    answer();
    let settle: (value: unknown) => void = () => {};
    api.request.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    const button = await openPage();
    await userEvent.click(button);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: '抽奖中…' }).getAttribute('aria-busy')).toBe('true');
    settle(draw('points-5'));
    await screen.findByText('抽中 5积分');
    expect(api.request).toHaveBeenCalledTimes(1);
  });
});

describe('/activity/lucky-draw the ring', () => {
  it('moves nothing until the server has answered, then runs the ring and lands on the server’s prize', async () => {
    reducedMotion(false);
    answer();
    let settle: (value: unknown) => void = () => {};
    api.request.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    await pressThenFakeTimers(await openPage());
    // Awaiting the answer: the button is busy and nothing moves, however long it takes.
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByRole('button', { name: '抽奖中…' }).getAttribute('aria-busy')).toBe('true');
    expect(litCell()).toBeNull();

    await act(async () => settle(draw('points-20')));
    const lit: number[] = [];
    const cells = prizeCells();
    for (let elapsed = 0; elapsed < SPIN_MS && !landedCell(); elapsed += 10) {
      await act(() => vi.advanceTimersByTimeAsync(10));
      const index = cells.indexOf(litCell() as HTMLLIElement);
      if (index >= 0 && index !== lit.at(-1)) lit.push(index);
      if (lit.length === 2) {
        // Mid-run: no result, balance or count yet; the button stays busy and a tap draws nothing.
        expect(screen.queryByText('抽中 20积分')).toBeNull();
        expect(screen.getByText('今日剩余').nextElementSibling?.textContent).toBe('5/5次');
        expect(outcome().textContent).toBe('正在抽奖，请稍候…');
        act(() => void fireEvent.click(screen.getByRole('button', { name: '抽奖中…' })));
      }
    }
    // Within SPIN_MS: clockwise from the first cell, a full lap, then on to a cell of 20积分.
    const landed = landedCell()!;
    expect(landed.getAttribute('aria-label')).toBe('20积分（本次结果）');
    const target = cells.indexOf(landed as HTMLLIElement);
    expect(lit).toEqual(Array.from({ length: lit.length }, (_, i) => i % 8));
    expect(lit.length + 1).toBe(8 + target + 1);
    expect(litCell()).toBeNull();
    expect(screen.getByText('抽中 20积分')).toBeTruthy();
    expect(screen.getByText('今日剩余').nextElementSibling?.textContent).toBe('4/5次');
    expect(screen.getByRole('button', { name: '抽奖' }).getAttribute('aria-busy')).toBeNull();
    expect(api.request).toHaveBeenCalledTimes(1);
  });

  it('a refusal moves nothing and shows why', async () => {
    reducedMotion(false);
    answer();
    let settle: (value: unknown) => void = () => {};
    api.request.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    await pressThenFakeTimers(await openPage());
    await act(async () => settle({ code: '409', subcode: '4801', msg: '冲突', submsg: '积分不足，暂时无法抽奖', data: { balance: 4, cost: 10 } }));
    for (let elapsed = 0; elapsed < SPIN_MS * 2; elapsed += 50) {
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(litCell()).toBeNull();
    }
    expect(landedCell()).toBeNull();
    expect(outcome().textContent).toBe('积分不足：每次抽奖需要10积分，还差6积分');
  });

  it('a prize on no cell (the list changed since the page read it) is shown at once, on no cell', async () => {
    reducedMotion(false);
    answer();
    api.request.mockResolvedValueOnce({
      code: '200',
      msg: '成功',
      data: {
        drawId: 'd-new',
        prize: { id: 'points-50', name: '50积分', kind: 'points', points: 50 },
        cost: 10,
        balance: 70,
        drawsLeftToday: 4,
        repeated: false,
      },
    });
    await userEvent.click(await openPage());
    expect(await screen.findByText('抽中 50积分')).toBeTruthy();
    expect(landedCell()).toBeNull();
    expect(litCell()).toBeNull();
  });
});

describe('/activity/lucky-draw when a draw is not possible', () => {
  it.each([
    ['积分不足', { ...INFO, balance: 5 }, '每次抽奖需要10积分，还差5积分'],
    ['今日次数已用完', { ...INFO, drawsLeftToday: 0 }, '每天最多抽奖5次，明天再来'],
    ['活动暂未开放', { ...INFO, open: false }, '活动开放后即可参与'],
  ])('%s: the button is disabled and says why', async (reason, info, detail) => {
    answer({ info });
    const button = await openPage();
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(reason).parentElement?.textContent).toBe(`${reason}：${detail}`);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByText(reason).parentElement?.id);
  });

  it.each([
    ['4801', { code: '409', subcode: '4801', msg: '冲突', submsg: '积分不足，暂时无法抽奖', data: { balance: 4, cost: 10 } }, '积分不足'],
    [
      '4802',
      { code: '429', subcode: '4802', msg: '请求过于频繁', submsg: '今日抽奖次数已用完，请明天再来', data: { retryAfterSeconds: 600 } },
      '今日次数已用完',
    ],
    ['4803', { code: '409', subcode: '4803', msg: '冲突', submsg: '抽奖活动暂未开放' }, '活动暂未开放'],
  ])('the server refuses with %s: the button turns disabled with the reason', async (_code, refusal, reason) => {
    answer();
    api.request.mockResolvedValueOnce(refusal);
    await userEvent.click(await openPage());
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByRole('button', { name: '抽奖' })).toHaveProperty('disabled', true);
  });

  it('says when the activity cannot be loaded and loads again on request', async () => {
    answer({ info: new TransportError('network', '网络连接异常，请稍后重试') });
    const router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <LuckyDrawPage />
      </RouterContext>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('网络连接异常，请稍后重试');
    answer();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '抽奖' })).toBeTruthy();
  });
});

describe('/activity/lucky-draw without the points for a draw', () => {
  it('at 0 points says how points are earned here, each with the way there', async () => {
    answer({ info: { ...INFO, balance: 0 } });
    const button = await openPage();
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText('积分不足').parentElement?.textContent).toBe('积分不足：每次抽奖需要10积分，还差10积分');
    const ways = screen.getByRole('region', { name: '如何获得积分' });
    const links = within(ways)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['去邀请', '/activity/invite'],
      ['去兑换', '/activity-exchange'],
      ['去看看', '/cloudSteward/index'],
    ]);
    expect(within(ways).getByRole('link', { name: '去邀请：邀请好友' })).toBeTruthy();
    expect(ways.textContent).toContain('好友注册并完成实名认证');
    expect(ways.textContent).toContain('兑换码');
  });

  it('shows no such list while a draw is possible, and shows it once the server says the points ran out', async () => {
    answer();
    api.request.mockResolvedValueOnce({ code: '409', subcode: '4801', msg: '冲突', submsg: '积分不足，暂时无法抽奖', data: { balance: 4, cost: 10 } });
    const button = await openPage();
    expect(screen.queryByRole('region', { name: '如何获得积分' })).toBeNull();
    await userEvent.click(button);
    expect(await screen.findByRole('region', { name: '如何获得积分' })).toBeTruthy();
  });
});

describe('/activity/lucky-draw a prize won', () => {
  it('names the prize in a dialog once it has landed, and lights the won cell; one tap closes it', async () => {
    answer();
    api.request.mockResolvedValueOnce(draw('points-20'));
    await userEvent.click(await openPage());
    const dialog = await screen.findByRole('dialog', { name: '恭喜中奖' });
    expect(dialog.textContent).toContain('20积分');
    expect(dialog.textContent).toContain('已计入您的账户，当前积分 40');
    expect(within(dialog).getByRole('link', { name: '查看积分' }).getAttribute('href')).toBe('/activity/points');
    expect(landedCell()?.className).toContain('draw-grid__cell--won');
    await userEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The result stays on the page, and 抽奖 has the focus back.
    expect(screen.getByText('抽中 20积分')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '抽奖' }));
  });

  it('opens the dialog only when the ring has landed and the won cell has had its moment', async () => {
    reducedMotion(false);
    answer();
    let settle: (value: unknown) => void = () => {};
    api.request.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    await pressThenFakeTimers(await openPage());
    await act(async () => settle(draw('points-100')));
    for (let elapsed = 0; elapsed < SPIN_MS && !landedCell(); elapsed += 10) {
      await act(() => vi.advanceTimersByTimeAsync(10));
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    // Landed: the won cell has its moment first, then the dialog names the prize.
    expect(landedCell()?.className).toContain('draw-grid__cell--won');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(WIN_PAUSE_MS));
    expect(screen.getByRole('dialog', { name: '恭喜中奖' }).textContent).toContain('100积分');
  });

  it('谢谢参与 opens no dialog and is not celebrated', async () => {
    answer();
    api.request.mockResolvedValueOnce(draw('thanks', { balance: 20 }));
    await userEvent.click(await openPage());
    await screen.findByText('谢谢参与', { selector: '.draw-result__title' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(landedCell()?.className).not.toContain('draw-grid__cell--won');
  });
});

describe('我的抽奖记录', () => {
  it('lists the draws and loads more until everything is shown', async () => {
    const item = (n: number, kind: 'points' | 'thanks') => ({
      drawId: `d${n}`,
      prizeName: kind === 'points' ? '20积分' : '谢谢参与',
      kind,
      points: kind === 'points' ? 20 : null,
      cost: 10,
      at: Date.UTC(2026, 0, n, 2, 5),
    });
    answer({
      history: [
        { items: [item(3, 'points'), item(2, 'thanks')], nextCursor: 'c1' },
        { items: [item(1, 'thanks')], nextCursor: null },
      ],
    });
    await openPage();
    const list = await screen.findByRole('list', { name: '抽奖记录' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['抽中20积分2026-01-03 10:05 · 消耗10积分+20', '谢谢参与2026-01-02 10:05 · 消耗10积分未中奖']);
    await userEvent.click(screen.getByRole('button', { name: '点我加载更多···' }));
    expect(await screen.findByText('已全部加载')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(api.call).toHaveBeenCalledWith('/v1/index/lucky-draw-history', { cursor: 'c1' }, expect.anything());
  });
});
