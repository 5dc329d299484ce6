// The /ops rewards API (docs/api.md "Rewards operations"): plain JSON behind an operator's session, like
// the content API (http/ops-api.ts): every role reads, a rewards manager changes. reward_changes keeps the
// signed-in operator's name with every change, the /ops audit the values before. What may be set is checked
// by services/rewards-operations.ts, the same rules as the admin command. Maker-checker (docs/operations.md
// "Approvals"): a batch or a grant worth more than OPS_APPROVAL_POINTS in total, any change of a prize's
// odds and any new gift are kept as requests (HTTP 202) until a second rewards manager approves them
// (operators/routes/ops-approvals.ts runs them then, through the executors registered here). Each call's
// address, body and answer are its endpoint object's in packages/protocol (endpoints/ops/rewards-ops.ts).
import {
  CODE,
  isMainlandMobile,
  maskPhone,
  opsRewardsGrant,
  opsRewardsChangeItem,
  opsRewardsChangePrize,
  opsRewardsCreateBatch,
  opsRewardsReplaceGift,
  opsRewardsRevokeBatch,
  opsRewardsSummary,
  type OpsEndpoint,
  type OpsResponseData,
} from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { ApprovalExecutor, ApprovalKind } from '../../operators/operators-module.js';
import { inTransaction } from '../../db/ambient-transaction.js';
import type { RewardsOperations } from '../services/rewards-operations.js';
import { OpsInputError, inputRefusal, opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator } from '../../http/ops-api.js';
import { grantPoints } from '../services/rewards-operations.js';
import opsRewardItemsRoutes from './ops-reward-items.js';

const ID = /^[A-Za-z0-9_-]{1,36}$/;

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, data: { reason: '编号不存在' } });
  return id;
}

const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) =>
  opsAnswer(request, reply, endpoint, run, inputRefusal);

/** Drops the fields not given, so a change names only what it sets. */
const given = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** Runs a check of the rewards service, its refusal answered as the change's own would be. */
async function refused<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const refusal = inputRefusal(error);
    if (!refusal) throw error;
    throw new ApiError(refusal.code, refusal.subcode, { httpStatus: refusal.httpStatus, data: { reason: refusal.reason }, detail: refusal.reason });
  }
}

type BatchInput = { name: string; points?: number; itemId?: string; count: number; expires: string };
type GiftInput = Parameters<RewardsOperations['replaceGift']>[0];
/** A grant as kept for approval: the account it goes to, the phone masked as the page shows it, and why. */
type GrantInput = { userId: string; points: number; key: string; phone: string; reason?: string };

/** A change made now (its answer), or kept for a checker (what the request says). */
type Decision<T> =
  { make: () => Promise<T> } | { ask: { kind: ApprovalKind; targetId: string | null; payload: unknown; summary: string; valuePoints?: number } };

const stockText = (stock: number | null) => (stock === null ? '不限' : String(stock));
/** A stock raised, or made unlimited: more of something valuable to hand out. */
const stockRaised = (before: number | null, after: number | null | undefined) => after !== undefined && before !== null && (after === null || after > before);

export default async function opsRewardsRoutes(fastify: FastifyInstance): Promise<void> {
  const { operations, grants } = fastify.rewards;
  const { approvals, valueWindow, config } = fastify.operators;
  const now = () => fastify.clock();
  const by = (request: FastifyRequest) => signedInOperator(request).name;

  // What an approved request runs: the same service calls as the routes below, named for maker and checker
  // (services/approvals.ts ChangeAuthors), in the approval's transaction.
  approvals.register('redeem-batch', async (payload, _target, authors, at) => {
    const { batch, codes } = await operations.createBatch(payload as BatchInput, authors.label, at);
    // The codes go to the maker, who takes them once (opsApprovalsResult); the checker's answer has the batch.
    return { shown: { batch }, forMaker: { batch, codes } };
  });
  const changePrize: ApprovalExecutor = async (payload, target, authors, at) => ({
    shown: { prize: await operations.changePrize(target ?? '', payload as Record<string, never>, authors.label, at) },
  });
  approvals.register('prize-change', changePrize);
  approvals.register('prize-odds', changePrize);
  approvals.register('item-change', async (payload, target, authors, at) => ({
    shown: { item: await operations.changeItem(target ?? '', payload as Record<string, never>, authors.label, at) },
  }));
  approvals.register('points-grant', async (payload, _target, authors, at) => {
    const { userId, points, key, phone } = payload as GrantInput;
    return { shown: { phone, points, granted: (await grants.grant({ userId, points, operator: authors.label, key, now: at })).granted } };
  });
  approvals.register('gift', async (payload, _target, authors, at) => ({
    shown: { gift: await operations.replaceGift(payload as GiftInput, authors.label, at) },
  }));

  /**
   * Decides and acts in one transaction with the audit entry (db/ambient-transaction.ts): the change made
   * (200, its answer), or kept as a request for a second rewards manager (HTTP 202, code 200, the request in
   * data). A refusal of the rewards service is the call's own answer, and nothing is kept.
   */
  async function changeOrAsk<E extends OpsEndpoint>(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: E,
    decide: () => Promise<Decision<OpsResponseData<E>>>,
  ) {
    const outcome = await refused(() =>
      inTransaction(fastify.database.db, async () => {
        const decision = await decide();
        if ('make' in decision) {
          const data = await decision.make();
          await fastify.operators.recordIn(request, 'done');
          return { data, row: undefined };
        }
        const { kind, targetId, payload, summary, valuePoints } = decision.ask;
        const row = await approvals.request({ kind, role: 'rewards_manager', targetId, payload, summary, valuePoints }, signedInOperator(request), now());
        request.opsAudit = {
          ...request.opsAudit,
          targetId: row.id,
          after: { approval: row.id, kind, targetId, change: payload },
          summary: `提交审批：${summary}`,
        };
        await fastify.operators.recordIn(request, 'requested');
        return { data: undefined, row };
      }),
    );
    if (outcome.row) {
      return fastify.operators.answerRequested(request, reply, outcome.row);
    }
    const data = outcome.data!;
    return opsAnswer(request, reply, endpoint, async () => data, inputRefusal, false);
  }

  opsRoute(fastify, opsRewardsSummary, 'viewer', async (request, reply) => answer(request, reply, opsRewardsSummary, () => operations.summary()));

  // A prize's value, stock, odds and being on offer are money-like: who wins what. Raising its points or
  // stock, or changing its weight or whether it is on offer (which moves every other prize's odds), waits for
  // a second operator; lowering its points or stock (the brake: stock 0 stops it at once) and renaming do not.
  opsRoute(fastify, opsRewardsChangePrize, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    const { by: _by, ...input } = parse(opsRewardsChangePrize, request.body);
    return changeOrAsk(request, reply, opsRewardsChangePrize, async () => {
      const before = (await operations.prizeTable()).find((prize) => prize.id === id);
      const change = await operations.checkPrizeChange(id, given(input));
      request.opsAudit = { targetId: id, before: before ?? null, after: change };
      if (!before) throw new OpsInputError('not-found', `没有奖品 ${id}`);
      const parts = [
        change.points !== undefined && change.points !== before.points && `积分 ${before.points ?? '—'} → ${change.points ?? '—'}`,
        change.stock !== undefined && change.stock !== before.stock && `库存 ${stockText(before.stock)} → ${stockText(change.stock)}`,
        change.weight !== undefined && change.weight !== before.weight && `权重 ${before.weight} → ${change.weight}`,
        change.active !== undefined && change.active !== before.active && (change.active ? '上架' : '下架'),
      ].filter((part): part is string => typeof part === 'string');
      const raises =
        (change.points != null && before.points !== null && change.points > before.points) ||
        stockRaised(before.stock, change.stock) ||
        (change.weight !== undefined && change.weight !== before.weight) ||
        (change.active !== undefined && change.active !== before.active);
      const summary = `奖品「${before.name}」：${parts.join('，') || '名称'}`;
      request.opsAudit.summary = `修改奖品「${before.name}」：${parts.join('，') || `名称改为 ${change.name ?? before.name}`}`;
      if (raises) return { ask: { kind: 'prize-change', targetId: id, payload: change, summary } } as const;
      return { make: async () => ({ prize: await operations.changePrize(id, change, by(request), now()) }) };
    });
  });

  // An item's cost decides what its codes and exchanges are worth, either way (a lower cost gives it for
  // less; a higher one raises every code and voucher out there): any change of it waits, as does a stock raised.
  opsRoute(fastify, opsRewardsChangeItem, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    const { by: _by, ...input } = parse(opsRewardsChangeItem, request.body);
    return changeOrAsk(request, reply, opsRewardsChangeItem, async () => {
      const before = await operations.item(id);
      const change = given(input);
      request.opsAudit = { targetId: id, before: before ?? null, after: change };
      if (!before) throw new OpsInputError('not-found', `没有权益 ${id}`);
      const costChanged = change.pointsCost !== undefined && change.pointsCost !== before.pointsCost;
      const parts = [
        costChanged && `兑换积分 ${before.pointsCost ?? '—'} → ${change.pointsCost ?? '—'}`,
        change.stock !== undefined && change.stock !== before.stock && `库存 ${stockText(before.stock)} → ${stockText(change.stock ?? null)}`,
      ].filter((part): part is string => typeof part === 'string');
      request.opsAudit.summary = `修改权益「${before.name}」${parts.length ? `：${parts.join('，')}` : ''}`;
      if (costChanged || stockRaised(before.stock, change.stock)) {
        await operations.checkItemChange(id, change);
        return { ask: { kind: 'item-change', targetId: id, payload: change, summary: `权益「${before.name}」：${parts.join('，')}` } } as const;
      }
      return { make: async () => ({ item: await operations.changeItem(id, change, by(request), now()) }) };
    });
  });

  // Worth: codes × points, or codes × the item's highest cost in the approval window (so a price lowered for
  // the batch and raised after does not make it look cheap); an item without a cost always waits. Summed with
  // what the maker made alone in the window (operators/services/value-window.ts).
  opsRoute(fastify, opsRewardsCreateBatch, 'rewards_manager', async (request, reply) => {
    const { by: _by, ...batch } = parse(opsRewardsCreateBatch, request.body);
    return changeOrAsk(request, reply, opsRewardsCreateBatch, async () => {
      const checked = await operations.checkBatch(batch, now());
      const unit = checked.reward.points ?? (await operations.highestItemCost(checked.reward.itemId!, now() - config.approvalWindowMs));
      const worth = unit === null ? Infinity : checked.count * unit;
      const worthText = Number.isFinite(worth) ? `共 ${worth} 积分` : '含未定价的权益';
      request.opsAudit = { after: batch, summary: `生成兑换码批次「${checked.name}」：${checked.count} 个，${worthText}` };
      const claim = await valueWindow.claim(signedInOperator(request), 'redeem-batch', worth, now());
      // The codes are in this answer only: the page offers them as a file to download, once.
      if (claim.alone) return { make: () => operations.createBatch(batch, by(request), now()) };
      return {
        ask: {
          kind: 'redeem-batch',
          targetId: null,
          payload: batch,
          summary: `兑换码批次「${checked.name}」：${checked.count} 个，${worthText}${windowText(claim.madeBefore)}`,
          ...(Number.isFinite(worth) && { valuePoints: worth }),
        },
      };
    });
  });
  opsRoute(fastify, opsRewardsRevokeBatch, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    parse(opsRewardsRevokeBatch, request.body);
    return answer(request, reply, opsRewardsRevokeBatch, async () => {
      const batch = await operations.revokeBatch(id, by(request), now());
      request.opsAudit = { targetId: id, summary: `作废兑换码批次「${batch.name}」` };
      return { batch };
    });
  });
  opsRoute(fastify, opsRewardsReplaceGift, 'rewards_manager', async (request, reply) => {
    const { lines } = parse(opsRewardsReplaceGift, request.body);
    const gift = lines.map((line) => ('itemId' in line ? { points: null, itemId: line.itemId } : { points: line.points, itemId: null }));
    return changeOrAsk(request, reply, opsRewardsReplaceGift, async () => {
      request.opsAudit = { before: await operations.gift(), after: gift };
      await operations.checkGift(gift);
      // The gift is paid to every new account: its contents always wait for a second operator.
      return {
        ask: { kind: 'gift', targetId: null, payload: gift, summary: `新人礼包：${gift.map((l) => l.itemId ?? `${l.points} 积分`).join('、') || '关闭'}` },
      };
    });
  });
  // Points to one account (as `npm run admin -- rewards grant`), under the page's idempotency key: a retry or
  // a double click grants once. Beyond what the maker may make alone in the window, a second rewards manager.
  opsRoute(fastify, opsRewardsGrant, 'rewards_manager', async (request, reply) => {
    const { phone, points, key, reason } = parse(opsRewardsGrant, request.body);
    const masked = isMainlandMobile(phone) ? maskPhone(phone) : '';
    return changeOrAsk(request, reply, opsRewardsGrant, async () => {
      if (!isMainlandMobile(phone)) throw new OpsInputError('invalid', '手机号（phone）：11 位中国大陆手机号');
      grantPoints(points);
      const user = await fastify.accounts.repos.users.findByPhone(phone);
      request.opsAudit = { targetId: user?.id ?? null, after: { phone: masked, points, key }, reason, summary: `向 ${masked} 发放 ${points} 积分` };
      if (!user) throw new OpsInputError('not-found', `${masked} 没有正常使用中的账户`);
      // A repeat of a key that granted (a retry, a double click) grants nothing: it is answered, not counted.
      if (await grants.grantedBefore(user.id, key)) return { make: async () => ({ phone: masked, points, granted: false }) };
      const claim = await valueWindow.claim(signedInOperator(request), 'points-grant', points, now());
      if (claim.alone) {
        return {
          make: async () => {
            const { granted } = await grants.grant({ userId: user.id, points, operator: by(request), key, now: now() });
            if (!granted) await claim.forget();
            return { phone: masked, points, granted };
          },
        };
      }
      return {
        ask: {
          kind: 'points-grant',
          targetId: user.id,
          payload: { userId: user.id, points, key, phone: masked, reason } satisfies GrantInput,
          summary: `向 ${masked} 发放 ${points} 积分（理由：${reason}）${windowText(claim.madeBefore)}`,
          valuePoints: points,
        },
      };
    });
  });

  /** What the maker made alone before, as the checker reads it. */
  function windowText(madeBefore: number) {
    return madeBefore > 0 ? `；提交人 ${config.approvalWindowMs / 3_600_000} 小时内已自行发放 ${madeBefore} 积分` : '';
  }

  await fastify.register(opsRewardItemsRoutes);
}
