// What the exchange page says (docs/api.md "Vouchers and exchange", "Redeem codes"): where a voucher came
// from, what is left of an item, why 兑换 cannot be pressed, and the refusals of exchange-points and
// redeem-code in words that say what to do next. Codes not named here show the server's submsg, else msg
// (SPEC §8).
import { SUBCODE, type ApiResponse } from '@tyd/protocol/wire';
import type { VoucherSourceName } from '@tyd/protocol/schemas';

export const SOURCE_LABEL: Record<VoucherSourceName, string> = {
  exchange: '积分兑换',
  'redeem-code': '兑换码',
  'new-user-gift': '新人礼',
  invite: '邀请奖励',
};

/** What is left: plenty (no stock limit), 已兑完, or the number. */
export function stockLeftText(stockLeft: number | null): string {
  if (stockLeft === null) return '库存充足';
  return stockLeft > 0 ? `剩余${stockLeft}张` : '已兑完';
}

export type ExchangeBlock = 'sold-out' | 'limit' | 'insufficient';

export const EXCHANGE_BLOCK_TEXT: Record<ExchangeBlock, string> = { 'sold-out': '已兑完', limit: '已达上限', insufficient: '积分不足' };

/** Why an item cannot be exchanged now, or null when it can; the server decides again on every exchange. */
export function exchangeBlock(
  item: { pointsCost: number; stockLeft: number | null; perUserLimit: number | null; usedByMe: number },
  balance: number,
): ExchangeBlock | null {
  if (item.stockLeft !== null && item.stockLeft <= 0) return 'sold-out';
  if (item.perUserLimit !== null && item.usedByMe >= item.perUserLimit) return 'limit';
  if (balance < item.pointsCost) return 'insufficient';
  return null;
}

const numberIn = (data: unknown, field: string): number | undefined => {
  const value = (data as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'number' ? value : undefined;
};

/** A refused exchange, said in place in the confirm sheet. */
export function exchangeRefusalText(answer: ApiResponse<unknown>, cost: number): string {
  switch (answer.subcode) {
    case SUBCODE.POINTS_INSUFFICIENT: {
      const balance = numberIn(answer.data, 'balance');
      return balance === undefined ? '积分不足' : `积分不足，还差${Math.max(1, cost - balance)}积分`;
    }
    case SUBCODE.EXCHANGE_OUT_OF_STOCK:
      return '该卡券已兑完，请选择其他卡券';
    case SUBCODE.EXCHANGE_LIMIT_REACHED: {
      const limit = numberIn(answer.data, 'limit');
      return limit === undefined ? '已达到兑换上限' : `每人限兑${limit}张，您已兑满`;
    }
    case SUBCODE.EXCHANGE_ITEM_UNAVAILABLE:
      return '该卡券暂不可兑换，请刷新后查看';
    default:
      return answer.submsg || answer.msg;
  }
}

/** A refused redeem code, said under the field. */
export function redeemRefusalText(answer: ApiResponse<unknown>): string {
  switch (answer.subcode) {
    case SUBCODE.REDEEM_CODE_INVALID: {
      const left = numberIn(answer.data, 'attemptsLeft');
      return left === undefined
        ? '兑换码无效，请核对后重新输入'
        : left > 0
          ? `兑换码无效，请核对后重新输入（还可尝试${left}次）`
          : '兑换码无效，本小时内的尝试次数已用完';
    }
    case SUBCODE.REDEEM_CODE_USED:
      return '该兑换码已被使用';
    case SUBCODE.REDEEM_CODE_EXPIRED:
      return '该兑换码已过期';
    case SUBCODE.REDEEM_CODE_REVOKED:
      return '该兑换码已失效';
    case SUBCODE.REDEEM_LOCKED: {
      const seconds = numberIn(answer.data, 'retryAfterSeconds');
      return seconds === undefined ? '兑换码错误次数过多，请稍后再试' : `兑换码错误次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;
    }
    case SUBCODE.REDEEM_REWARD_UNAVAILABLE:
      return '奖品暂时发放完毕，兑换码未使用，请稍后再试';
    default:
      return answer.submsg || answer.msg;
  }
}
