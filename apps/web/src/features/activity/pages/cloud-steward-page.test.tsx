// /cloudSteward/index as a user sees it in each state: the package, the deadline, the one button (立即领取,
// 先完成实名认证, 已领取, 活动已结束, 活动暂未开放) and why it cannot be pressed, the keys a press sends (new
// per press, the same when a lost answer is fetched again), refusals, and the rules.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import CloudStewardPage from './cloud-steward-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => ({
  ...(await import('../../../test/api-answers')).checkedClient(api),
  clientConfig: () => ({ clockOffset: 0 }),
}));

const DAY = 86_400_000;
const CONTENTS = [
  { kind: 'points', points: 100 },
  { kind: 'voucher', itemId: 'coupon-interest-free-7', name: '7天免息券', description: '借款时抵扣7天利息', validDays: 30 },
  { kind: 'voucher', itemId: 'coupon-repay-10', name: '10元还款立减券', description: '单笔还款满500元立减10元', validDays: 30 },
];
// Noon in China, 12 days before the deadline's China day.
const NOW = Date.UTC(2026, 10, 30, 4, 0);
const DEADLINE = NOW + 12 * DAY;
const INFO = { state: 'claimable', contents: CONTENTS, deadline: DEADLINE, windowDays: 30, claimedAt: null, claimedElsewhere: false, pointsValidDays: 365 };
const CLAIMED_AT = Date.UTC(2026, 10, 30, 4, 5);

function claimed(over: Record<string, unknown> = {}) {
  return { code: '200', msg: '成功', data: { claimedAt: CLAIMED_AT, contents: CONTENTS, repeated: false, ...over } };
}

/** Answers new-user-gift-info with `infos` in turn (the last one repeats). */
function answer(...infos: unknown[]) {
  let n = 0;
  api.call.mockImplementation(async (path: string) => {
    if (path !== '/v1/index/new-user-gift-info') throw new Error(`unexpected ${path}`);
    const info = infos[Math.min(n++, infos.length - 1)];
    if (info instanceof Error) throw info;
    return info;
  });
}

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <CloudStewardPage />
    </RouterContext>,
  );
  await screen.findByRole('region', { name: '新人礼包' });
}

const sentKeys = () => api.request.mock.calls.map(([, payload]) => (payload as { idempotencyKey: string }).idempotencyKey);
const lines = () =>
  within(screen.getByRole('list', { name: '礼包内容' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  api.call.mockReset();
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  clearQueries();
  vi.useRealTimers();
});

describe('/cloudSteward/index claimable', () => {
  it('shows the package as cards, the days left and the deadline, and the rules', async () => {
    answer(INFO);
    await openPage();
    expect(lines()).toEqual([
      '100积分100积分可用于积分抽奖、兑换卡券获得后365天内有效',
      '券卡券7天免息券借款时抵扣7天利息领取后30天内有效',
      '券卡券10元还款立减券单笔还款满500元立减10元领取后30天内有效',
    ]);
    expect(screen.getByText('还剩12天')).toBeTruthy();
    expect(screen.getByText('活动截止 2026-12-12')).toBeTruthy();
    const rules = screen.getByRole('region', { name: '活动规则' }).textContent;
    expect(rules).toContain('须在注册后30天内完成实名认证并领取');
    expect(rules).toContain('每人限领一次，以实名认证的身份为准');
    expect(rules).toContain('注销后重新注册的账号');
    expect(rules).toContain('7天免息券30天，10元还款立减券30天');
    expect(rules).toContain('积分自获得之日起365天内有效');
    expect(screen.getByRole('button', { name: '立即领取' })).toHaveProperty('disabled', false);
  });

  it('claims under a new key, says it arrived and where, and reads the state again', async () => {
    answer(INFO, { ...INFO, state: 'claimed', claimedAt: CLAIMED_AT });
    api.request.mockResolvedValueOnce(claimed());
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    expect(await screen.findByText('领取成功，礼包已发放到您的账户')).toBeTruthy();
    expect(screen.getByText('领取时间 2026-11-30 12:05')).toBeTruthy();
    expect(screen.getByRole('button', { name: '已领取' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: '查看我的卡券' }).getAttribute('href')).toBe('/activity-exchange');
    expect(screen.getByRole('link', { name: '查看我的积分' }).getAttribute('href')).toBe('/activity/points');
    const [sent] = sentKeys();
    expect(sent).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(api.request).toHaveBeenCalledWith('/v1/index/claim-new-user-gift', { idempotencyKey: sent }, expect.objectContaining({ toastErrors: false }));
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/index/new-user-gift-info')).toHaveLength(2);
  });

  it('a lost answer is fetched again under the same key, and never claimed twice', async () => {
    answer(INFO);
    api.request.mockRejectedValueOnce(new TransportError('network', '网络连接异常，请稍后重试')).mockResolvedValueOnce(claimed({ repeated: true }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    expect((await screen.findByRole('alert')).textContent).toBe('网络异常，未能确认领取结果。重新获取不会重复领取。');
    await userEvent.click(screen.getByRole('button', { name: '重新获取结果' }));
    expect(await screen.findByText('礼包已发放到您的账户')).toBeTruthy();
    const [lost, retry] = sentKeys();
    expect(retry).toBe(lost);
  });

  it('ignores a second tap while the claim is in flight', async () => {
    answer(INFO);
    let settle: (value: unknown) => void = () => {};
    api.request.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
    await openPage();
    const button = screen.getByRole('button', { name: '立即领取' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: '领取中…' }).getAttribute('aria-busy')).toBe('true');
    settle(claimed());
    await screen.findByText('领取成功，礼包已发放到您的账户');
    expect(api.request).toHaveBeenCalledTimes(1);
  });

  it('a voucher out of stock: the reason under the button, the button stays, a new press is a new key', async () => {
    answer(INFO);
    api.request
      .mockResolvedValueOnce({ code: '409', subcode: '4816', msg: '冲突', submsg: '礼包中的卡券已发完，请稍后再试', data: { itemId: 'coupon-repay-10' } })
      .mockResolvedValueOnce(claimed());
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    expect((await screen.findByRole('alert')).textContent).toBe('礼包中的卡券已发完，请稍后再试');
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    await screen.findByText('领取成功，礼包已发放到您的账户');
    const [first, second] = sentKeys();
    expect(second).not.toBe(first);
  });

  it('a refusal that makes the page stale (claimed on another account) shows the state read again', async () => {
    answer(INFO, { ...INFO, state: 'claimed', claimedElsewhere: true });
    api.request.mockResolvedValueOnce({ code: '409', subcode: '4815', msg: '冲突', submsg: '您已在其他账号领取过新人礼，每人限领一次' });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    expect(await screen.findByRole('button', { name: '已领取' })).toHaveProperty('disabled', true);
    expect(screen.getByText('您已在其他账号领取过新人礼，每人限领一次。')).toBeTruthy();
  });
});

describe('/cloudSteward/index in the other states', () => {
  it('without a session: the offer and 登录领取, leading to login titled for the gift and back here', async () => {
    answer({ ...INFO, state: 'needs-login', deadline: null });
    await openPage();
    expect(lines().length).toBeGreaterThan(0);
    const link = screen.getByRole('link', { name: '登录领取' });
    const target = new URL(link.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('returnUrl')).toBe('/cloudSteward/index');
    expect(target.searchParams.get('pageTitle')).toBe('登录领取新人礼');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toContain('完成实名认证即可领取，每人限领一次');
    expect(screen.queryByText(/还剩\d+天/)).toBeNull();
    expect(screen.queryByRole('button', { name: '立即领取' })).toBeNull();
  });

  it('needs verification: 先完成实名认证 leads to the identity page', async () => {
    answer({ ...INFO, state: 'needs-verification' });
    await openPage();
    const link = screen.getByRole('link', { name: '先完成实名认证' });
    expect(link.getAttribute('href')).toBe('/mine/identity');
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe('新人礼仅限完成实名认证的用户领取，认证通过后回到本页即可领取。');
    expect(screen.getByText('还剩12天')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即领取' })).toBeNull();
  });

  it('claimed by this account: what it received, when, and where to find it', async () => {
    answer({ ...INFO, state: 'claimed', claimedAt: CLAIMED_AT, contents: [CONTENTS[0]] });
    await openPage();
    expect(screen.getByRole('heading', { name: '您已领取的新人礼包' })).toBeTruthy();
    expect(lines()).toHaveLength(1);
    expect(screen.getByRole('button', { name: '已领取' })).toHaveProperty('disabled', true);
    expect(screen.getByText('领取时间 2026-11-30 12:05')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的积分' })).toBeTruthy();
    // Points only: no voucher link.
    expect(screen.queryByRole('link', { name: '查看我的卡券' })).toBeNull();
    expect(screen.queryByText(/还剩/)).toBeNull();
  });

  it('claimed on another account: says so, never which, and links nowhere', async () => {
    answer({ ...INFO, state: 'claimed', claimedElsewhere: true });
    await openPage();
    const button = screen.getByRole('button', { name: '已领取' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('您已在其他账号领取过新人礼，每人限领一次。');
    expect(screen.queryByRole('link', { name: /查看我的/ })).toBeNull();
  });

  it('window closed: 活动已结束, disabled, with the day it ended', async () => {
    answer({ ...INFO, state: 'window-closed', deadline: NOW - DAY });
    await openPage();
    const button = screen.getByRole('button', { name: '活动已结束' });
    expect(button).toHaveProperty('disabled', true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('新人礼需在注册后30天内领取，您的领取期限已于2026-11-29结束。');
    expect(screen.queryByText(/还剩/)).toBeNull();
  });

  it('closed (nothing in the gift): 活动暂未开放 and no cards', async () => {
    answer({ ...INFO, state: 'closed', contents: [] });
    await openPage();
    expect(screen.getByRole('button', { name: '活动暂未开放' })).toHaveProperty('disabled', true);
    expect(screen.getByText('新人礼活动暂未开放，敬请期待。')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '礼包内容' })).toBeNull();
  });

  it('says when the activity cannot be loaded and loads again on request', async () => {
    answer(new TransportError('network', '网络连接异常，请稍后重试'), INFO);
    const router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <CloudStewardPage />
      </RouterContext>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('网络连接异常，请稍后重试');
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '立即领取' })).toBeTruthy();
  });
});
