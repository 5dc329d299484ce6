// What an operator may put in the new-user gift (docs/api.md "New-user gift", docs/operations.md): at most
// GIFT_MAX_LINES lines, each 1..GIFT_POINTS_MAX points or one voucher of an item in the catalogue. One
// check for every way a package is set (the admin command, the /ops rewards API).
import type { GiftLine } from '../repositories/gift-contents-repository.js';
import type { RewardItemsRepository } from '../repositories/reward-items-repository.js';

export const GIFT_MAX_LINES = 10;
export const GIFT_POINTS_MAX = 100_000;

/** Why the package cannot be set (in the operators' language), or null when it can. An empty package closes the gift. */
export async function giftPackageProblem(lines: readonly GiftLine[], items: Pick<RewardItemsRepository, 'find'>): Promise<string | null> {
  if (lines.length > GIFT_MAX_LINES) return `礼包至多 ${GIFT_MAX_LINES} 项`;
  for (const [index, line] of lines.entries()) {
    if (line.itemId === null) {
      if (!Number.isSafeInteger(line.points) || line.points < 1 || line.points > GIFT_POINTS_MAX)
        return `第 ${index + 1} 项：积分须为 1 至 ${GIFT_POINTS_MAX} 的整数`;
    } else if (!(await items.find(line.itemId))) {
      return `第 ${index + 1} 项：没有权益 ${line.itemId}`;
    }
  }
  return null;
}
