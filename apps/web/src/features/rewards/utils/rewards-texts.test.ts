import { describe, expect, it } from 'vitest';
import { drawBlock, formatAmount, REASON_LABEL, stockText } from './rewards-texts';

describe('rewards texts', () => {
  it('says why a draw cannot start, the closed draw first', () => {
    const ok = { open: true, balance: 10, cost: 10, drawsLeftToday: 1 };
    expect(drawBlock(ok)).toBeNull();
    expect(drawBlock({ ...ok, balance: 9 })).toBe('insufficient');
    expect(drawBlock({ ...ok, balance: 9, drawsLeftToday: 0 })).toBe('daily-limit');
    expect(drawBlock({ ...ok, balance: 9, drawsLeftToday: 0, open: false })).toBe('closed');
  });

  it('signs amounts, names every reason, and says 不限 for an unlimited stock', () => {
    expect(formatAmount(20)).toBe('+20');
    expect(formatAmount(-10)).toBe('−10');
    expect(Object.values(REASON_LABEL)).toEqual(['抽奖消耗', '抽奖奖励', '积分过期', '运营发放', '邀请奖励', '新人礼包', '积分兑换', '兑换码']);
    expect(stockText(null)).toBe('不限');
    expect(stockText(0)).toBe('0');
  });
});
