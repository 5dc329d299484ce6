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
  CODE_TEXT,
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
import { sendApiResponse } from '../../http/send-api-response.js';
import type { ApprovalKind } from '../../operators/operators-module.js';
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
/** A grant as kept for approval: the account it goes to, and the phone masked as the page shows it. */
type GrantInput = { userId: string; points: number; key: string; phone: string };

export default async function opsRewardsRoutes(fastify: FastifyInstance): Promise<void> {
  const { operations, grants } = fastify.rewards;
  const { approvals, config } = fastify.operators;
  const now = () => fastify.clock();
  const by = (request: FastifyRequest) => signedInOperator(request).name;

  // What an approved request runs: the same service calls as the routes below, named for the requester.
  approvals.register('redeem-batch', (payload, _target, requester, at) => operations.createBatch(payload as BatchInput, requester, at));
  approvals.register('prize-odds', async (payload, target, requester, at) => ({
    prize: await operations.changePrize(target ?? '', payload as Record<string, never>, requester, at),
  }));
  approvals.register('points-grant', async (payload, _target, requester, at) => {
    const { userId, points, key, phone } = payload as GrantInput;
    return { phone, points, granted: (await grants.grant({ userId, points, operator: requester, key, now: at })).granted };
  });
  approvals.register('gift', async (payload, _target, requester, at) => ({ gift: await operations.replaceGift(payload as GiftInput, requester, at) }));

  /** Keeps the change as a request for a second rewards manager: HTTP 202, code 200, the request in data. */
  // The summary is what the approving operator reads in the console's 待审批 list: in the console's language.
  async function askApproval(request: FastifyRequest, reply: FastifyReply, kind: ApprovalKind, targetId: string | null, payload: unknown, summary: string) {
    const row = await approvals.request({ kind, role: 'rewards_manager', targetId, payload, summary }, signedInOperator(request), now());
    request.opsAudit = { ...request.opsAudit, targetId: row.id, after: { approval: row.id, kind, targetId, change: payload } };
    return sendApiResponse(request, reply, { code: CODE.OK, msg: CODE_TEXT[CODE.OK], data: { approval: await approvals.view(row) } }, 202);
  }

  opsRoute(fastify, opsRewardsSummary, 'viewer', async (request, reply) => answer(request, reply, opsRewardsSummary, () => operations.summary()));
  opsRoute(fastify, opsRewardsChangePrize, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    const { by: _by, ...change } = parse(opsRewardsChangePrize, request.body);
    const before = (await operations.prizeTable()).find((prize) => prize.id === id);
    request.opsAudit = { targetId: id, before: before ?? null };
    // The odds are money-like: who wins what. A change of a prize's weight waits for a second operator.
    if (change.weight !== undefined && before && change.weight !== before.weight) {
      const checked = await refused(() => operations.checkPrizeChange(id, given(change)));
      return askApproval(request, reply, 'prize-odds', id, checked, `奖品 ${id}：权重 ${before.weight} → ${change.weight}`);
    }
    return answer(request, reply, opsRewardsChangePrize, async () => ({ prize: await operations.changePrize(id, given(change), by(request), now()) }));
  });
  opsRoute(fastify, opsRewardsChangeItem, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    const { by: _by, ...change } = parse(opsRewardsChangeItem, request.body);
    request.opsAudit = { targetId: id, before: (await operations.summary()).items.find((item) => item.id === id) ?? null };
    return answer(request, reply, opsRewardsChangeItem, async () => ({ item: await operations.changeItem(id, given(change), by(request), now()) }));
  });
  opsRoute(fastify, opsRewardsCreateBatch, 'rewards_manager', async (request, reply) => {
    const { by: _by, ...batch } = parse(opsRewardsCreateBatch, request.body);
    const checked = await refused(() => operations.checkBatch(batch, now()));
    // Worth: codes × points, or codes × the item's cost in points. An item off offer has no price to count
    // by, so its batch always waits for approval.
    const itemCost = checked.reward.itemId === null ? 0 : (await operations.summary()).items.find((item) => item.id === checked.reward.itemId)?.pointsCost;
    const worth = itemCost == null ? Infinity : checked.count * (checked.reward.points ?? itemCost);
    if (worth > config.approvalPoints)
      return askApproval(
        request,
        reply,
        'redeem-batch',
        null,
        batch,
        `兑换码批次「${checked.name}」：${checked.count} 个，${Number.isFinite(worth) ? `共 ${worth} 积分` : '含未上架兑换的物品'}`,
      );
    // The codes are in this answer only: the page offers them as a file to download, once.
    return answer(request, reply, opsRewardsCreateBatch, () => operations.createBatch(batch, by(request), now()));
  });
  opsRoute(fastify, opsRewardsRevokeBatch, 'rewards_manager', async (request, reply) => {
    const id = idParam(request);
    parse(opsRewardsRevokeBatch, request.body);
    return answer(request, reply, opsRewardsRevokeBatch, async () => ({ batch: await operations.revokeBatch(id, by(request), now()) }));
  });
  opsRoute(fastify, opsRewardsReplaceGift, 'rewards_manager', async (request, reply) => {
    const { lines } = parse(opsRewardsReplaceGift, request.body);
    const gift = lines.map((line) => ('itemId' in line ? { points: null, itemId: line.itemId } : { points: line.points, itemId: null }));
    request.opsAudit = { before: (await operations.summary()).gift };
    await refused(() => operations.checkGift(gift));
    // The gift is paid to every new account: its contents always wait for a second operator.
    return askApproval(request, reply, 'gift', null, gift, `新人礼包：${gift.map((l) => l.itemId ?? `${l.points} 积分`).join('、') || '关闭'}`);
  });
  // Points to one account (as `npm run admin -- rewards grant`), under the page's idempotency key: a retry or
  // a double click grants once. More than OPS_APPROVAL_POINTS waits for a second rewards manager.
  opsRoute(fastify, opsRewardsGrant, 'rewards_manager', async (request, reply) => {
    const { phone, points, key } = parse(opsRewardsGrant, request.body);
    const masked = isMainlandMobile(phone) ? maskPhone(phone) : '';
    const userId = await refused(async () => {
      if (!isMainlandMobile(phone)) throw new OpsInputError('invalid', '手机号（phone）：11 位中国大陆手机号');
      grantPoints(points);
      const user = await fastify.accounts.repos.users.findByPhone(phone);
      if (!user) throw new OpsInputError('not-found', `${masked} 没有正常使用中的账户`);
      return user.id;
    });
    request.opsAudit = { targetId: userId, after: { phone: masked, points, key } };
    if (points > config.approvalPoints)
      return askApproval(
        request,
        reply,
        'points-grant',
        userId,
        { userId, points, key, phone: masked } satisfies GrantInput,
        `向 ${masked} 发放 ${points} 积分`,
      );
    return answer(request, reply, opsRewardsGrant, async () => ({
      phone: masked,
      points,
      granted: (await grants.grant({ userId, points, operator: by(request), key, now: now() })).granted,
    }));
  });

  await fastify.register(opsRewardItemsRoutes);
}
