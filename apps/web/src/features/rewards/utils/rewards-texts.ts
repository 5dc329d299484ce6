// What the points and lucky-draw pages say (docs/api.md "Points and the lucky draw"): ledger reasons in
// Chinese, why 抽奖 cannot be pressed (dates in China time: @tyd/protocol's china-time.ts).
import type { PointsReason } from '@tyd/protocol/schemas';

export const REASON_LABEL: Record<PointsReason, string> = {
  'draw-cost': '抽奖消耗',
  'draw-prize': '抽奖奖励',
  expiry: '积分过期',
  'operator-grant': '运营发放',
  'invite-reward': '邀请奖励',
  'new-user-gift': '新人礼包',
  exchange: '积分兑换',
  'redeem-code': '兑换码',
};

export type DrawBlock = 'closed' | 'daily-limit' | 'insufficient';

export const DRAW_BLOCK_TEXT: Record<DrawBlock, string> = {
  closed: '活动暂未开放',
  'daily-limit': '今日次数已用完',
  insufficient: '积分不足',
};

/** Why a draw cannot start now, or null when it can; the server decides again on every draw. */
export function drawBlock(state: { open: boolean; balance: number; cost: number; drawsLeftToday: number }): DrawBlock | null {
  if (!state.open) return 'closed';
  if (state.drawsLeftToday <= 0) return 'daily-limit';
  if (state.balance < state.cost) return 'insufficient';
  return null;
}

/** A ledger amount with its sign: +20 / −10 (a real minus sign, read as “负”). */
export function formatAmount(amount: number): string {
  return amount >= 0 ? `+${amount}` : `−${Math.abs(amount)}`;
}

/** 剩余数量: a number, or 不限 for a prize without a stock limit. */
export function stockText(stockLeft: number | null): string {
  return stockLeft === null ? '不限' : String(stockLeft);
}
