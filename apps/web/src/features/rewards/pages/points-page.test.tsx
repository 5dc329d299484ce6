// /activity/points 我的积分: the balance, the next expiry, the ledger with reasons in Chinese, empty state.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import PointsPage from './points-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

// 10:00 China time on 2026-05-20, and a year later.
const AT = Date.UTC(2026, 4, 20, 2, 0);
const EXPIRES = Date.UTC(2027, 4, 20, 2, 0);

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <PointsPage />
    </RouterContext>,
  );
}

beforeEach(() => api.call.mockReset());
afterEach(() => {
  cleanup();
  clearQueries();
});

describe('/activity/points', () => {
  it('shows the balance, when points expire next, and each change with its reason and sign', async () => {
    api.call
      .mockResolvedValueOnce({
        balance: 110,
        expiring: { points: 100, at: EXPIRES },
        items: [
          { id: 'e3', amount: 20, reason: 'draw-prize', at: AT + 60_000, expiresAt: EXPIRES },
          { id: 'e2', amount: -10, reason: 'draw-cost', at: AT + 60_000, expiresAt: null },
          { id: 'e1', amount: 100, reason: 'operator-grant', at: AT, expiresAt: EXPIRES },
        ],
        nextCursor: 'next',
      })
      .mockResolvedValueOnce({
        balance: 110,
        expiring: null,
        items: [{ id: 'e0', amount: -5, reason: 'expiry', at: AT - 1000, expiresAt: null }],
        nextCursor: null,
      });
    await openPage();
    expect(await screen.findByText('100积分将于2027-05-20过期')).toBeTruthy();
    expect(screen.getByText('110')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去抽奖' }).getAttribute('href')).toBe('/activity/lucky-draw');
    const list = screen.getByRole('list', { name: '积分明细' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['抽奖奖励2026-05-20 10:01 · 有效期至2027-05-20+20', '抽奖消耗2026-05-20 10:01−10', '运营发放2026-05-20 10:00 · 有效期至2027-05-20+100']);
    expect(screen.getByLabelText('减少10积分').textContent).toBe('−10');
    await userEvent.click(screen.getByRole('button', { name: '点我加载更多···' }));
    expect(await screen.findByText('积分过期')).toBeTruthy();
    expect(screen.getByText('已全部加载')).toBeTruthy();
    // The summary and the list's first page are one request.
    expect(api.call.mock.calls.map(([path, payload]) => [path, payload])).toEqual([
      ['/v1/index/points-ledger', {}],
      ['/v1/index/points-ledger', { cursor: 'next' }],
    ]);
  });

  it('with no points yet: zero, nothing expiring, 暂无记录', async () => {
    api.call.mockResolvedValue({ balance: 0, expiring: null, items: [], nextCursor: null });
    await openPage();
    expect(await screen.findByText('暂无即将过期的积分')).toBeTruthy();
    expect(screen.getByText('0')).toBeTruthy();
    expect(screen.getByText('暂无记录')).toBeTruthy();
  });
});
