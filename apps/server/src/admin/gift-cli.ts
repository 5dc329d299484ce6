// `npm run admin -- rewards gift…` (docs/operations.md "The new-user gift"): operators read and replace
// the new-user gift and count its claims. A replacement is kept with the operator's name and the time
// (reward_changes, subject 'gift'); the claims are counted, never listed (who claimed is nobody's business
// here).
import type { GiftLine } from '../rewards/repositories/gift-contents-repository.js';
import { giftPackageProblem } from '../rewards/services/gift-package.js';
import { operatorName } from '../rewards/services/rewards-operations.js';
import type { createRewardsAdmin } from '../rewards/rewards-module.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const GIFT_USAGE = [
  'rewards gift                                   (the new-user gift, line by line)',
  'rewards gift-set --operator NAME <line>…       (replaces the gift; a line is points:N or item:<itemId>; "none" alone closes it)',
  'rewards gift-claims                            (how many people claimed it; never who)',
].join('\n');

type GiftAdmin = Pick<ReturnType<typeof createRewardsAdmin>, 'giftContents' | 'giftClaims' | 'items'>;

/** `points:100` or `item:coupon-repay-10`. */
function parseLine(text: string): GiftLine {
  const points = /^points:([0-9]{1,10})$/.exec(text);
  if (points) return { points: Number(points[1]), itemId: null };
  const item = /^item:([A-Za-z0-9_-]{1,36})$/.exec(text);
  if (item) return { points: null, itemId: item[1]! };
  throw new UsageError(`rewards gift-set: a line is points:N or item:<itemId>, got ${text}`);
}

async function printGift(deps: GiftAdmin, out: CliOutput): Promise<void> {
  const lines = await deps.giftContents.list();
  if (lines.length === 0) out.error('the gift is empty: closed');
  for (const [index, line] of lines.entries()) {
    if (line.itemId === null) {
      out.json({ line: index + 1, points: line.points });
      continue;
    }
    const item = await deps.items.find(line.itemId);
    out.json({
      line: index + 1,
      itemId: line.itemId,
      name: item?.name ?? null,
      validDays: item?.validDays ?? null,
      stock: item ? (item.stock ?? 'unlimited') : null,
    });
  }
}

export async function runGift(action: string, args: string[], deps: GiftAdmin, out: CliOutput, now: number): Promise<number> {
  if (action === 'gift' && args.length === 0) {
    await printGift(deps, out);
    return 0;
  }
  if (action === 'gift-claims' && args.length === 0) {
    out.json({ claims: await deps.giftClaims.count() });
    return 0;
  }
  if (action === 'gift-set') {
    let operator: string | undefined;
    const words: string[] = [];
    for (let i = 0; i < args.length; i += 1) {
      if (args[i] === '--operator') operator = args[++i];
      else words.push(args[i]!);
    }
    if (!operator) throw new UsageError('rewards gift-set: --operator NAME (who makes the change) is required');
    if (words.length === 0) throw new UsageError('rewards gift-set: the lines of the gift, or none to close it');
    const lines = words.length === 1 && words[0] === 'none' ? [] : words.map(parseLine);
    const problem = await giftPackageProblem(lines, deps.items);
    if (problem) throw new UsageError(`rewards gift-set: ${problem}`);
    await deps.giftContents.replace(lines, operatorName(operator), now);
    await printGift(deps, out);
    return 0;
  }
  throw new UsageError(`rewards: unknown action ${action}`);
}
