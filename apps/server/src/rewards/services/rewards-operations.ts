// What operators may change in the rewards capability, checked in one place for both ways in: the admin
// command (admin/rewards-cli.ts) and the /ops rewards API (routes/ops-rewards.ts); docs/operations.md
// "Rewards" and docs/api.md "Rewards operations". Every change is kept with who and when in
// reward_changes by the repository that makes it, in the same transaction.
import { DAY_MS, REWARDS_OPS_LIMITS, chinaDayEnd } from '@tyd/protocol';
import type { GiftContentsRepository, GiftLine } from '../repositories/gift-contents-repository.js';
import type { PrizeChange, PrizesRepository } from '../repositories/prizes-repository.js';
import type { RedeemCodesRepository, RedeemReward } from '../repositories/redeem-codes-repository.js';
import type { RewardChangesRepository } from '../repositories/reward-changes-repository.js';
import type { RewardItemChange, RewardItemsRepository } from '../repositories/reward-items-repository.js';
import { giftPackageProblem } from './gift-package.js';
import { oddsPercent } from './lucky-draw.js';
import type { RedeemBatches } from './redeem-codes.js';
import { OpsInputError } from '../../http/ops-api.js';

/** A refused change: 'invalid' input (exit 2, 400) or 'not-found' (exit 1, 404). The message says what. */

export const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,35}$/;
const BIG = 100_000_000;

const invalid = (message: string) => new OpsInputError('invalid', message);

/** A field as a refusal names it: its label, then the name the API and the admin command give it. */
const LABELS = {
  operator: '操作人',
  name: '名称',
  points: '积分',
  weight: '权重',
  stock: '库存',
  description: '说明',
  cost: '兑换积分',
  limit: '每人限兑',
  'valid-days': '有效天数',
  count: '数量',
} as const;
type Field = keyof typeof LABELS;
const labelOf = (name: Field) => `${LABELS[name]}（${name}）`;

function text(value: string, name: Field, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || [...trimmed].length > max || /[\p{Cc}]/u.test(trimmed)) throw invalid(`${labelOf(name)}：1 至 ${max} 个字符，不含控制字符`);
  return trimmed;
}

function whole(value: number, name: Field, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw invalid(`${labelOf(name)}：${min} 至 ${max} 的整数`);
  return value;
}

const wholeOrNull = (value: number | null, name: Field, min: number, max: number) => (value === null ? null : whole(value, name, min, max));

/** Points an operator grants to one account (the console's grant, `npm run admin -- rewards grant`): 1 to the limit. */
export const grantPoints = (value: number): number => whole(value, 'points', 1, REWARDS_OPS_LIMITS.grantPoints);

/** An operator's name as kept in the audit. */
export const operatorName = (value: string): string => text(value, 'operator', 64);

/** The end of China day YYYY-MM-DD: a batch expiring on a date works through that whole day. */
export function endOfChinaDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== date) throw invalid('有效期至（expires）：日期，格式 YYYY-MM-DD');
  return chinaDayEnd(day / DAY_MS);
}

export interface RewardsOperationsDeps {
  prizes: PrizesRepository;
  items: RewardItemsRepository;
  giftContents: GiftContentsRepository;
  codes: RedeemCodesRepository;
  batches: RedeemBatches;
  changes: RewardChangesRepository;
}

export function createRewardsOperations(deps: RewardsOperationsDeps) {
  const { prizes, items, giftContents, codes, changes } = deps;

  const prizeTable = async () => {
    const all = await prizes.listAll();
    const total = all.filter((prize) => prize.active).reduce((sum, prize) => sum + prize.weight, 0);
    return all.map((prize) => ({ ...prize, oddsPercent: prize.active ? oddsPercent(prize.weight, total) : '0' }));
  };

  const existingItem = async (itemId: string) => {
    if (!ITEM_ID.test(itemId) || !(await items.find(itemId))) throw new OpsInputError('not-found', `没有权益 ${itemId}`);
    return itemId;
  };

  return {
    prizeTable,

    /** One item as the catalogue holds it, or undefined. */
    item: (itemId: string) => (ITEM_ID.test(itemId) ? items.find(itemId) : Promise.resolve(undefined)),

    /** The new-user gift's lines as they are. */
    gift: () => giftContents.list(),

    /** The change as it would be made, or the refusal: also asked before a change waits for approval. */
    async checkPrizeChange(prizeId: string, change: PrizeChange): Promise<PrizeChange> {
      const prize = (await prizes.listAll()).find((p) => p.id === prizeId);
      if (!prize) throw new OpsInputError('not-found', `没有奖品 ${prizeId}`);
      const checked: PrizeChange = {
        ...(change.name !== undefined && { name: text(change.name, 'name', 20) }),
        ...(change.points !== undefined && { points: wholeOrNull(change.points, 'points', 1, 1_000_000) }),
        ...(change.weight !== undefined && { weight: whole(change.weight, 'weight', 0, 1_000_000) }),
        ...(change.stock !== undefined && { stock: wholeOrNull(change.stock, 'stock', 0, BIG) }),
        ...(change.active !== undefined && { active: change.active }),
      };
      if (Object.keys(checked).length === 0) throw invalid('没有要修改的内容');
      if (prize.kind === 'thanks' && (checked.stock != null || checked.points != null)) throw invalid('“谢谢参与”没有库存和积分');
      if (prize.kind === 'points' && checked.points === null) throw invalid('积分（points）：积分奖品须填写积分');
      return checked;
    },

    async changePrize(prizeId: string, change: PrizeChange, operator: string, now: number) {
      const checked = await this.checkPrizeChange(prizeId, change);
      await prizes.change(prizeId, checked, operator, now);
      return (await prizeTable()).find((p) => p.id === prizeId)!;
    },

    /** The change as it would be made, or the refusal: also asked before a change waits for approval. */
    async checkItemChange(itemId: string, change: RewardItemChange): Promise<RewardItemChange> {
      const checked: RewardItemChange = {
        ...(change.name !== undefined && { name: text(change.name, 'name', 40) }),
        ...(change.description !== undefined && { description: text(change.description, 'description', 200) }),
        ...(change.pointsCost !== undefined && { pointsCost: wholeOrNull(change.pointsCost, 'cost', 1, 1_000_000) }),
        ...(change.stock !== undefined && { stock: wholeOrNull(change.stock, 'stock', 0, BIG) }),
        ...(change.perUserLimit !== undefined && { perUserLimit: wholeOrNull(change.perUserLimit, 'limit', 1, 1_000) }),
        ...(change.validDays !== undefined && { validDays: whole(change.validDays, 'valid-days', 1, 3_650) }),
        ...(change.active !== undefined && { active: change.active }),
      };
      if (Object.keys(checked).length === 0) throw invalid('没有要修改的内容');
      await existingItem(itemId);
      return checked;
    },

    async changeItem(itemId: string, change: RewardItemChange, operator: string, now: number) {
      const checked = await this.checkItemChange(itemId, change);
      if (!(await items.change(itemId, checked, operator, now))) throw new OpsInputError('not-found', `没有权益 ${itemId}`);
      return (await items.find(itemId))!;
    },

    /**
     * The highest cost in points `itemId` had since `since`: its cost now, every cost set since, and the one
     * in force when the window began (docs/operations.md "Approvals"); null when it has no cost now.
     */
    async highestItemCost(itemId: string, since: number): Promise<number | null> {
      const item = await items.find(itemId);
      if (!item || item.pointsCost === null) return null;
      const costs = await changes.itemCostsSince(itemId, since);
      return Math.max(item.pointsCost, ...costs);
    },

    async addItem(item: { id: string; name: string; description: string; validDays: number }, operator: string, now: number) {
      if (!ITEM_ID.test(item.id)) throw invalid('编号（id）：1 至 36 个 a-z、0-9 或 -，以字母或数字开头');
      const added = {
        id: item.id,
        name: text(item.name, 'name', 40),
        description: text(item.description, 'description', 200),
        validDays: whole(item.validDays, 'valid-days', 1, 3_650),
      };
      if (!(await items.add(added, operator, now))) throw invalid(`权益 ${item.id} 已存在`);
      return (await items.find(item.id))!;
    },

    /** The batch as it would be made, or the refusal: also asked before a batch waits for approval. */
    async checkBatch(input: { name: string; points?: number; itemId?: string; count: number; expires: string }, now: number) {
      if ((input.points === undefined) === (input.itemId === undefined)) throw invalid('一批兑换码只能发积分或权益中的一种');
      const reward: RedeemReward =
        input.itemId !== undefined
          ? { points: null, itemId: await existingItem(input.itemId) }
          : { points: whole(input.points!, 'points', 1, REWARDS_OPS_LIMITS.redeemPoints), itemId: null };
      const expiresAt = endOfChinaDate(input.expires);
      if (expiresAt <= now) throw invalid('有效期至（expires）：须为今天或以后的日期');
      return { name: text(input.name, 'name', 40), reward, count: whole(input.count, 'count', 1, REWARDS_OPS_LIMITS.batchCodes), expiresAt };
    },

    async createBatch(input: { name: string; points?: number; itemId?: string; count: number; expires: string }, operator: string, now: number) {
      return deps.batches.create({ ...(await this.checkBatch(input, now)), operator, now });
    },

    /** Batches newest first, with how many codes were used. */
    batches: () => codes.listBatches(),

    async revokeBatch(batchId: string, operator: string, now: number) {
      const batch = await codes.findBatch(batchId);
      if (!batch) throw new OpsInputError('not-found', `没有兑换码批次 ${batchId}`);
      if (!(await codes.revoke(batchId, operator, now))) throw invalid(`兑换码批次 ${batchId} 已作废`);
      return (await codes.findBatch(batchId))!;
    },

    /** Refuses a gift that could not be made: also asked before the gift waits for approval. */
    async checkGift(lines: GiftLine[]) {
      const problem = await giftPackageProblem(lines, items);
      if (problem) throw invalid(problem);
    },

    async replaceGift(lines: GiftLine[], operator: string, now: number) {
      await this.checkGift(lines);
      await giftContents.replace(lines, operator, now);
      return giftContents.list();
    },

    async summary() {
      return {
        prizes: await prizeTable(),
        items: await items.list(),
        batches: await codes.listBatches(),
        gift: await giftContents.list(),
        changes: await changes.recent({ limit: 50 }),
      };
    },
  };
}
export type RewardsOperations = ReturnType<typeof createRewardsOperations>;
