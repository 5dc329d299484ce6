// /activity-exchange as a user sees it: the balance, the catalogue and why 兑换 cannot be pressed, the
// confirm sheet and its answers (a new key per press, the same key when a lost answer is asked again),
// the 兑换码 box with its grouping and refusals, and 我的卡券 with its list states.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import ActivityExchangePage from './activity-exchange-page';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const DAY = 86_400_000;
const ITEMS = [
  {
    id: 'coupon-interest-free-7',
    name: '7天免息券',
    description: '借款时抵扣7天利息',
    pointsCost: 500,
    stockLeft: 12,
    perUserLimit: 2,
    usedByMe: 0,
    validDays: 30,
  },
  {
    id: 'coupon-repay-10',
    name: '10元还款立减券',
    description: '单笔还款满500元立减10元',
    pointsCost: 200,
    stockLeft: null,
    perUserLimit: null,
    usedByMe: 0,
    validDays: 30,
  },
  {
    id: 'coupon-rate-off-5',
    name: '利率95折券',
    description: '下一笔借款利率打95折',
    pointsCost: 1000,
    stockLeft: 0,
    perUserLimit: 1,
    usedByMe: 0,
    validDays: 60,
  },
];
const INFO = { balance: 600, items: ITEMS };
const EMPTY = { items: [], nextCursor: null };
const GRANTED = Date.UTC(2026, 0, 10, 4, 0);

const voucher = (over: Record<string, unknown> = {}) => ({
  id: `v-${Math.random()}`,
  itemId: 'coupon-repay-10',
  name: '10元还款立减券',
  description: '单笔还款满500元立减10元',
  source: 'exchange',
  grantedAt: GRANTED,
  expiresAt: GRANTED + 30 * DAY,
  state: 'valid',
  ...over,
});

/** `info` for exchange-info, `vouchers` pages in order for my-vouchers. */
function answer({ info = INFO as unknown, vouchers = [EMPTY] as unknown[] } = {}) {
  let page = 0;
  api.call.mockImplementation(async (path: string) => {
    if (path === '/v1/index/exchange-info') {
      if (info instanceof Error) throw info;
      return info;
    }
    if (path === '/v1/index/my-vouchers') return vouchers[Math.min(page++, vouchers.length - 1)];
    throw new Error(`unexpected ${path}`);
  });
}

async function openPage() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <ActivityExchangePage />
    </RouterContext>,
  );
  return screen.findByRole('list', { name: '可兑换的卡券' });
}

const exchanged = (over: Record<string, unknown> = {}) => ({
  code: '200',
  msg: '成功',
  data: { voucher: voucher(), cost: 200, balance: 400, repeated: false, ...over },
});
const requests = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as Record<string, string>);

beforeEach(() => {
  api.call.mockReset();
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  clearQueries();
});

describe('/activity-exchange catalogue', () => {
  it('shows the balance and each voucher with its cost, what is left and the limit; 兑换 says why it cannot be pressed', async () => {
    answer({
      info: {
        balance: 600,
        items: [
          ITEMS[0],
          ITEMS[1],
          ITEMS[2],
          { ...ITEMS[1], id: 'coupon-x', name: '满额券', pointsCost: 800 },
          { ...ITEMS[0], id: 'coupon-y', name: '已满券', usedByMe: 2 },
        ],
      },
    });
    const list = await openPage();
    expect(screen.getByText('我的积分', { selector: '.draw__label' }).nextElementSibling?.textContent).toBe('600');
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]?.textContent).toContain('7天免息券借款时抵扣7天利息剩余12张每人限兑2张（已兑0张）兑换后30天有效500积分');
    expect(cards[1]?.textContent).toContain('库存充足');
    expect(cards[2]?.textContent).toContain('已兑完');
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('兑换 7天免息券')).toHaveProperty('disabled', false);
    expect(button('兑换 10元还款立减券')).toHaveProperty('disabled', false);
    expect(button('已兑完 利率95折券')).toHaveProperty('disabled', true);
    expect(button('积分不足 满额券')).toHaveProperty('disabled', true);
    expect(button('已达上限 已满券')).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: '积分明细' }).getAttribute('href')).toBe('/activity/points');
  });

  it('says when nothing is on offer, and when the page cannot be loaded, with a way to load again', async () => {
    answer({ info: new TransportError('network', '网络连接异常，请稍后重试') });
    const router = createRouter();
    await router.start();
    render(
      <RouterContext value={router}>
        <ActivityExchangePage />
      </RouterContext>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('网络连接异常，请稍后重试');
    answer({ info: { balance: 0, items: [] } });
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无可兑换的卡券，敬请期待')).toBeTruthy();
  });
});

describe('/activity-exchange confirm sheet', () => {
  it('confirms what it costs, exchanges under a new key per press, and shows the voucher', async () => {
    answer();
    api.request.mockResolvedValueOnce(exchanged()).mockResolvedValueOnce(exchanged({ balance: 200 }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '兑换 10元还款立减券' }));
    const sheet = await screen.findByRole('dialog', { name: '确认兑换' });
    expect(sheet.textContent).toContain('兑换将消耗200积分');
    expect(within(sheet).getByText('兑换后剩余').nextElementSibling?.textContent).toBe('400');
    await userEvent.click(within(sheet).getByRole('button', { name: '确认兑换' }));
    const done = await screen.findByRole('dialog', { name: '兑换成功' });
    expect(done.textContent).toContain('10元还款立减券已放入我的卡券，有效期至2026-02-09，在通盈达APP借款或还款时使用。');
    expect(done.textContent).toContain('当前积分 400');
    await userEvent.click(within(done).getByRole('button', { name: '完成' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '兑换 10元还款立减券' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认兑换' }));
    await screen.findByRole('dialog', { name: '兑换成功' });
    const [first, second] = requests('/v1/index/exchange-points');
    expect(first).toMatchObject({ itemId: 'coupon-repay-10', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(api.request).toHaveBeenCalledWith('/v1/index/exchange-points', first, expect.objectContaining({ toastErrors: false }));
    // The balance, the catalogue and 我的卡券 were read again.
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/index/exchange-info').length).toBeGreaterThanOrEqual(2);
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/index/my-vouchers').length).toBeGreaterThanOrEqual(2);
  });

  it('a lost answer is asked again under the same key (also after closing the sheet), never exchanged twice', async () => {
    answer();
    api.request.mockRejectedValueOnce(new TransportError('timeout', '网络超时，请稍后重试')).mockResolvedValueOnce(exchanged({ repeated: true }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: '兑换 10元还款立减券' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认兑换' }));
    expect((await screen.findByRole('alert')).textContent).toContain('网络异常，未收到兑换结果');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await userEvent.click(screen.getByRole('button', { name: '兑换 10元还款立减券' }));
    await userEvent.click(await screen.findByRole('button', { name: '重新提交' }));
    expect((await screen.findByRole('dialog', { name: '兑换成功' })).textContent).toContain('这是刚才那次兑换的结果，未重复扣除积分。');
    const [lost, retry] = requests('/v1/index/exchange-points');
    expect(retry?.idempotencyKey).toBe(lost?.idempotencyKey);
  });

  it.each([
    ['4801', { code: '409', subcode: '4801', msg: '冲突', submsg: '积分不足', data: { balance: 150, cost: 200 } }, '积分不足，还差50积分'],
    ['4805', { code: '409', subcode: '4805', msg: '冲突', submsg: '该奖品已兑完' }, '该卡券已兑完，请选择其他卡券'],
    ['4806', { code: '409', subcode: '4806', msg: '冲突', submsg: '该奖品的兑换次数已达上限', data: { limit: 2 } }, '每人限兑2张，您已兑满'],
    ['4804', { code: '409', subcode: '4804', msg: '冲突', submsg: '该奖品暂不可兑换' }, '该卡券暂不可兑换，请刷新后查看'],
    ['another code', { code: '500', msg: '服务器繁忙，请稍后重试' }, '服务器繁忙，请稍后重试'],
  ])('a refusal (%s) is said in the sheet and the catalogue is read again', async (_code, refusal, text) => {
    answer();
    api.request.mockResolvedValueOnce(refusal);
    await openPage();
    const before = api.call.mock.calls.filter(([path]) => path === '/v1/index/exchange-info').length;
    await userEvent.click(screen.getByRole('button', { name: '兑换 10元还款立减券' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认兑换' }));
    const sheet = await screen.findByRole('dialog', { name: '未能兑换' });
    expect(within(sheet).getByRole('alert').textContent).toBe(text);
    expect(api.call.mock.calls.filter(([path]) => path === '/v1/index/exchange-info').length).toBeGreaterThan(before);
  });
});

describe('/activity-exchange 兑换码', () => {
  it('groups what is typed, sends it when complete, and says what it gave', async () => {
    answer();
    api.request.mockResolvedValueOnce({ code: '200', msg: '成功', data: { kind: 'points', points: 88, voucher: null, balance: 688, repeated: false } });
    await openPage();
    const input = screen.getByLabelText('输入16位兑换码');
    const submit = screen.getByRole('button', { name: '兑换' });
    await userEvent.type(input, '7k3m 9qx2ab');
    expect((input as HTMLInputElement).value).toBe('7K3M-9QX2-AB');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(input, 'cdefgh');
    expect((input as HTMLInputElement).value).toBe('7K3M-9QX2-ABCD-EFGH');
    await userEvent.click(submit);
    expect((await screen.findByText(/兑换成功/)).textContent).toBe('兑换成功，获得88积分');
    expect(requests('/v1/index/redeem-code')[0]).toMatchObject({ code: '7K3M9QX2ABCDEFGH', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it.each([
    [
      { code: '409', subcode: '4807', msg: '冲突', submsg: '兑换码无效，请核对后重新输入', data: { attemptsLeft: 3 } },
      '兑换码无效，请核对后重新输入（还可尝试3次）',
    ],
    [{ code: '409', subcode: '4807', msg: '冲突', submsg: '兑换码无效，请核对后重新输入', data: { attemptsLeft: 0 } }, '兑换码无效，本小时内的尝试次数已用完'],
    [{ code: '409', subcode: '4808', msg: '冲突', submsg: '该兑换码已被使用' }, '该兑换码已被使用'],
    [{ code: '409', subcode: '4809', msg: '冲突', submsg: '该兑换码已过期' }, '该兑换码已过期'],
    [{ code: '409', subcode: '4810', msg: '冲突', submsg: '该兑换码已失效' }, '该兑换码已失效'],
    [
      { code: '429', subcode: '4811', msg: '请求过于频繁', submsg: '兑换码错误次数过多，请稍后再试', data: { retryAfterSeconds: 1_500 } },
      '兑换码错误次数过多，请25分钟后再试',
    ],
    [{ code: '409', subcode: '4812', msg: '冲突', submsg: '奖品暂时发放完毕' }, '奖品暂时发放完毕，兑换码未使用，请稍后再试'],
  ])('a refused code is explained under the field: %j', async (refusal, text) => {
    answer();
    api.request.mockResolvedValueOnce(refusal);
    await openPage();
    const input = screen.getByLabelText('输入16位兑换码');
    await userEvent.type(input, 'ZZZZZZZZZZZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: '兑换' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('a lost answer is asked again with the same key for the same code, a new key for another code', async () => {
    answer();
    api.request
      .mockRejectedValueOnce(new TransportError('network', '网络连接异常，请稍后重试'))
      .mockResolvedValueOnce({
        code: '200',
        msg: '成功',
        data: { kind: 'voucher', points: null, voucher: voucher({ source: 'redeem-code', name: '7天免息券' }), balance: 600, repeated: true },
      })
      .mockResolvedValueOnce({ code: '409', subcode: '4808', msg: '冲突' });
    await openPage();
    const input = screen.getByLabelText('输入16位兑换码');
    await userEvent.type(input, 'AAAABBBBCCCCDDDD');
    await userEvent.click(screen.getByRole('button', { name: '兑换' }));
    expect((await screen.findByRole('alert')).textContent).toContain('网络异常，未收到兑换结果');
    await userEvent.click(screen.getByRole('button', { name: '兑换' }));
    expect((await screen.findByText(/兑换成功/)).textContent).toBe('兑换成功，获得7天免息券（有效期至2026-02-09）。这是刚才那次兑换的结果，未重复发放');
    await userEvent.type(input, 'EEEEFFFFGGGGHHHH');
    await userEvent.click(screen.getByRole('button', { name: '兑换' }));
    await screen.findByRole('alert');
    const [lost, retry, other] = requests('/v1/index/redeem-code');
    expect(retry?.idempotencyKey).toBe(lost?.idempotencyKey);
    expect(other?.idempotencyKey).not.toBe(lost?.idempotencyKey);
  });
});

describe('我的卡券', () => {
  it('says 暂无记录 when the user has none', async () => {
    answer();
    await openPage();
    expect(within(screen.getByRole('region', { name: '我的卡券' })).getByText('暂无记录')).toBeTruthy();
  });

  it('lists valid and expired vouchers with where they came from, and loads more until all are shown', async () => {
    answer({
      vouchers: [
        {
          items: [voucher({ id: 'v1' }), voucher({ id: 'v2', name: '7天免息券', source: 'new-user-gift', state: 'expired', expiresAt: GRANTED - DAY })],
          nextCursor: 'c1',
        },
        { items: [voucher({ id: 'v3', source: 'redeem-code' })], nextCursor: null },
      ],
    });
    await openPage();
    const list = await screen.findByRole('list', { name: '我的卡券' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10元还款立减券单笔还款满500元立减10元有效期至2026-02-09来自积分兑换APP内使用',
      '7天免息券单笔还款满500元立减10元已于2026-01-09过期来自新人礼已过期',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '点我加载更多···' }));
    expect(await screen.findByText('已全部加载')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(api.call).toHaveBeenCalledWith('/v1/index/my-vouchers', { cursor: 'c1' }, expect.anything());
    // Where they are spent, and the way there: this page neither borrows nor repays.
    expect(screen.getByText('卡券在通盈达APP借款或还款时使用，本页面不能借款或还款。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '下载APP使用' }).getAttribute('href')).toBe('/download');
  });
});
