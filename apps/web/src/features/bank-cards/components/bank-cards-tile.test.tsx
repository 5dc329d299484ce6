// The bank-card tile on home and 我的, in each state a user can meet: logged out, asking, no card yet (also
// before certification), the cards with the default one, and a failed call or chunk (a plain way in).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, startSession } from '../../../lib/session';
import type { BankCard } from '../api/bank-card-list';
import { BankCardsTile } from './bank-cards-tile';

const api = vi.hoisted(() => ({ call: vi.fn(), request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const AGREEMENT = { title: '快捷支付服务协议', version: '2026-11-27', url: '/agreements/quick-payment-agreement.html' };

function card(last4: string, bankName: string, isDefault: boolean): BankCard {
  return {
    cardId: `bc_${last4.repeat(4)}AAAAAA`,
    bankCode: 'X',
    bankName,
    mark: { text: bankName[0]!, color: '#c7000b' },
    cardType: 'debit',
    maskedNumber: `6222 **** **** ${last4}`,
    last4,
    maskedPhone: '138****5678',
    isDefault,
    boundAt: 1_795_000_000_000,
    singleLimit: 50_000,
    dailyLimit: 50_000,
    agreement: { version: '2026-11-27', agreedAt: 1_795_000_000_000 },
  };
}

async function show() {
  const router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <BankCardsTile />
    </RouterContext>,
  );
}

const tile = () => screen.getByRole('link', { name: /银行卡/ });

// The tile's summary is a lazy chunk: its first import is compiled on demand, which on a loaded machine took
// longer than a test's waits. Imported once here, every render finds it in the module cache.
beforeAll(async () => {
  await import('./bank-cards-summary');
});

// A block body: a function returned from beforeEach would be run after the test as its teardown.
beforeEach(() => {
  api.call.mockReset();
});
afterEach(() => {
  cleanup();
  clearSession();
  clearQueries();
});

describe('BankCardsTile', () => {
  it('logged out: leads to the card list with 去绑定, and asks nothing', async () => {
    clearSession();
    await show();
    expect(tile().getAttribute('href')).toBe('/bank-cards');
    expect(screen.getByText('登录后绑定银行卡')).toBeTruthy();
    expect(screen.getByText('去绑定')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();
  });

  it('logged in, still asking: says so quietly, marked busy, no badge', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockReturnValue(new Promise(() => {}));
    await show();
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith('/v1/user/bank-card-list', {}, expect.objectContaining({ toastErrors: false })));
    expect(screen.getByText('正在查询…').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('去绑定')).toBeNull();
  });

  it.each([
    ['verified', true],
    ['not yet certified', false],
  ])('no card yet (%s): 暂未绑定银行卡 and 去绑定', async (_state, identityVerified) => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockResolvedValue({ items: [], maxCards: 5, identityVerified, agreement: AGREEMENT });
    await show();
    expect(await screen.findByText('暂未绑定银行卡')).toBeTruthy();
    expect(screen.getByText('去绑定')).toBeTruthy();
    expect(tile().getAttribute('href')).toBe('/bank-cards');
  });

  it('one card: its bank and masked tail, and the count', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockResolvedValue({ items: [card('1234', '招商银行', true)], maxCards: 5, identityVerified: true, agreement: AGREEMENT });
    await show();
    expect(await screen.findByText('招商银行 尾号1234')).toBeTruthy();
    expect(screen.getByText('1张')).toBeTruthy();
    // Named by what it shows (WCAG 2.1 2.5.3).
    expect(screen.getByRole('link', { name: /^银行卡\s*招商银行 尾号1234\s*1张$/ })).toBe(tile());
  });

  it('several cards: the default one, wherever the list has it', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockResolvedValue({
      items: [card('1111', '工商银行', false), card('2222', '中国邮政储蓄银行', true), card('3333', '建设银行', false)],
      maxCards: 5,
      identityVerified: true,
      agreement: AGREEMENT,
    });
    await show();
    expect(await screen.findByText('默认 中国邮政储蓄银行 尾号2222')).toBeTruthy();
    expect(screen.getByText('3张')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^银行卡\s*默认 中国邮政储蓄银行 尾号2222\s*3张$/ })).toBe(tile());
  });

  it('the call failed: a neutral way in, no badge and nothing toasted', async () => {
    startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    api.call.mockRejectedValue(new Error('网络连接异常，请稍后重试'));
    await show();
    expect(await screen.findByText('点击查看我的银行卡')).toBeTruthy();
    expect(screen.queryByText('去绑定')).toBeNull();
    expect(api.call).toHaveBeenCalledWith('/v1/user/bank-card-list', {}, expect.objectContaining({ toastErrors: false }));
  });
});

describe('BankCardsTile without its chunk', () => {
  afterEach(() => {
    vi.doUnmock('./bank-cards-summary');
    vi.resetModules();
  });

  it('offline after the first paint: a plain way in instead of an error page', async () => {
    // Fresh modules, so this tile's lazy part is fetched anew and fails.
    vi.resetModules();
    vi.doMock('./bank-cards-summary', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const fresh = {
      ...(await import('./bank-cards-tile')),
      ...(await import('../../../lib/router')),
      ...(await import('../../../lib/router-react')),
      ...(await import('../../../lib/session')),
    };
    fresh.startSession({ accessToken: 'T'.repeat(43), phone: '13812345678' });
    const router = fresh.createRouter();
    await router.start();
    render(
      <fresh.RouterContext value={router}>
        <fresh.BankCardsTile />
      </fresh.RouterContext>,
    );
    expect(await screen.findByText('点击查看我的银行卡')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();
    fresh.clearSession();
  });
});
