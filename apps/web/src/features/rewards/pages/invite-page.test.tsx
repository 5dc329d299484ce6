// /activity/invite 邀请好友: the code with copy and share, what an invitation earns, the friends masked
// with their state, the tip for an unverified inviter, the empty list.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import InvitePage, { invitePath } from './invite-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));
const shared = vi.hoisted(() => ({ sharePage: vi.fn(async () => 'copied') }));
vi.mock('../../../lib/share', () => shared);

const AT = Date.UTC(2026, 4, 20, 2, 0);
const answer = (over: Record<string, unknown> = {}) => ({
  inviteCode: 'K7M2Q9XA',
  rewardPoints: 50,
  rewarded: 1,
  pointsEarned: 50,
  verified: true,
  items: [
    { phone: '138****0001', registeredAt: AT + 1000, state: 'registered' },
    { phone: '139****0002', registeredAt: AT, state: 'rewarded' },
  ],
  nextCursor: null,
  ...over,
});

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <InvitePage />
    </RouterContext>,
  );
}

beforeEach(() => {
  api.call.mockReset();
  shared.sharePage.mockClear();
});
afterEach(() => {
  cleanup();
  clearQueries();
});

describe('/activity/invite', () => {
  it('shows the code, the reward, the totals and each friend masked with their state; asks once', async () => {
    api.call.mockResolvedValue(answer());
    await openPage();
    expect(await screen.findByText('K7M2Q9XA')).toBeTruthy();
    expect(screen.getByText('好友注册并完成实名认证，您得50积分')).toBeTruthy();
    const list = screen.getByRole('list', { name: '我邀请的好友' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['138****00012026-05-20注册已注册，待实名认证', '139****00022026-05-20注册已发放奖励']);
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(api.call).toHaveBeenCalledTimes(1);
  });

  it('shares the login address with the code filled in', async () => {
    api.call.mockResolvedValue(answer());
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: '分享给好友' }));
    expect(shared.sharePage).toHaveBeenCalledWith(expect.objectContaining({ path: invitePath('K7M2Q9XA') }));
    expect(invitePath('K7M2Q9XA')).toMatch(/^\/login\?inviteCode=K7M2Q9XA&pageTitle=/);
  });

  it('copies the code, and says to copy it by hand where the clipboard is refused', async () => {
    api.call.mockResolvedValue(answer());
    await openPage();
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await screen.findByRole('button', { name: '复制邀请码' }));
    expect(writeText).toHaveBeenCalledWith('K7M2Q9XA');
  });

  it('tells an unverified inviter that rewards wait for their own verification, and shows 暂无记录 without friends', async () => {
    api.call.mockResolvedValue(answer({ verified: false, rewarded: 0, pointsEarned: 0, items: [] }));
    await openPage();
    expect((await screen.findByRole('note')).textContent).toContain('完成实名认证后，好友的邀请奖励才会发放给您');
    expect(screen.getByRole('link', { name: '去实名认证' }).getAttribute('href')).toBe('/mine/identity');
    expect(screen.getByText('暂无记录')).toBeTruthy();
  });
});
