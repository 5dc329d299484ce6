// The 积分抽奖 tile on home and 我的: logged out a way in that asks nothing; logged in the balance.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, startSession } from '../../../lib/session';
import { RewardsTile } from './rewards-tile';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

async function show() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <RewardsTile />
    </RouterContext>,
  );
}

beforeEach(() => api.call.mockReset());
afterEach(() => {
  cleanup();
  clearSession();
  clearQueries();
});

describe('RewardsTile', () => {
  it('logged out: leads to the draw page and asks nothing', async () => {
    clearSession();
    await show();
    expect(screen.getByRole('link', { name: /积分抽奖/ }).getAttribute('href')).toBe('/activity/lucky-draw');
    expect(screen.getByText('登录后用积分参与抽奖')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('logged in: the balance and the draws left today, asked quietly', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockResolvedValue({ open: true, balance: 120, cost: 10, dailyLimit: 5, drawsLeftToday: 3, pointsValidDays: 365, prizes: [] });
    await show();
    expect(await screen.findByText('120积分')).toBeTruthy();
    expect(screen.getByText('今日还可抽3次，每次10积分')).toBeTruthy();
    expect(api.call).toHaveBeenCalledWith('/v1/index/lucky-draw-info', {}, expect.objectContaining({ toastErrors: false }));
  });
});
