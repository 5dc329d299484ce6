// The gift page's texts: China days (a deadline just after China midnight is a new day), and each state's
// button and explanation.
import { describe, expect, it } from 'vitest';
import { daysLeftText, giftAction } from './gift-texts';

// 2026-12-01 00:30 in China is 2026-11-30 16:30 UTC.
const CHINA_DEC_1_0030 = Date.UTC(2026, 10, 30, 16, 30);
const DAY = 86_400_000;

describe('gift dates in China time', () => {
  it('counts the days left by China calendar day', () => {
    expect(daysLeftText(CHINA_DEC_1_0030 + 30 * DAY, CHINA_DEC_1_0030)).toBe('还剩30天');
    // An hour before China midnight, a deadline an hour after it is tomorrow's.
    expect(daysLeftText(CHINA_DEC_1_0030 - 30 * 60_000 + 60 * 60_000, CHINA_DEC_1_0030 - 90 * 60_000)).toBe('还剩1天');
    expect(daysLeftText(CHINA_DEC_1_0030 + 60_000, CHINA_DEC_1_0030)).toBe('今天截止');
    expect(daysLeftText(CHINA_DEC_1_0030 - DAY, CHINA_DEC_1_0030)).toBe('今天截止');
  });
});

describe('the button of each state', () => {
  const base = { claimedElsewhere: false, windowDays: 30, deadline: CHINA_DEC_1_0030 };
  it.each([
    ['claimable', false, '立即领取', null],
    ['needs-verification', false, '先完成实名认证', '新人礼仅限完成实名认证的用户领取，认证通过后回到本页即可领取。'],
    ['claimed', false, '已领取', null],
    ['claimed', true, '已领取', '您已在其他账号领取过新人礼，每人限领一次。'],
    ['window-closed', false, '活动已结束', '新人礼需在注册后30天内领取，您的领取期限已于2026-12-01结束。'],
    ['closed', false, '活动暂未开放', '新人礼活动暂未开放，敬请期待。'],
  ] as const)('%s (elsewhere %s): %s', (state, claimedElsewhere, label, note) => {
    expect(giftAction({ ...base, state, claimedElsewhere })).toEqual({ label, note });
  });
});
