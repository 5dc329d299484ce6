// The /ops rewards API (docs/api.md "Rewards operations"): plain JSON behind the admin token, like the
// content API (http/ops-api.ts). The operator names themselves in `by`, kept with every
// change in reward_changes (the token is shared; `by` says who acted). What may be set is checked by
// services/rewards-operations.ts, the same rules as the admin command. Each call's address, body and answer
// are its endpoint object's in packages/protocol (endpoints/ops/rewards-ops.ts).
import {
  CODE,
  SUBCODE,
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
import { opsAnswer, opsRoute, parseOpsInput as parse, requireAdminToken, type OpsRefusal } from '../../http/ops-api.js';
import { operatorName, RewardsInputError } from '../services/rewards-operations.js';

const ID = /^[A-Za-z0-9_-]{1,36}$/;

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!ID.test(id)) throw new ApiError(CODE.NOT_FOUND, undefined, { httpStatus: 404, data: { reason: 'no such id' } });
  return id;
}

/** Refusals of the operations service as answers the page shows (the reason in data.reason). */
const refusalOf = (error: unknown): OpsRefusal | undefined =>
  error instanceof RewardsInputError
    ? error.kind === 'not-found'
      ? { code: CODE.NOT_FOUND, httpStatus: 404, reason: error.message }
      : { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, httpStatus: 400, reason: error.message }
    : undefined;
const answer = <E extends OpsEndpoint>(request: FastifyRequest, reply: FastifyReply, endpoint: E, run: () => Promise<OpsResponseData<E>>) =>
  opsAnswer(request, reply, endpoint, run, refusalOf);

/** Drops the fields not given, so a change names only what it sets. */
const given = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

export default async function opsRewardsRoutes(fastify: FastifyInstance): Promise<void> {
  const { adminToken, operations } = fastify.rewards;
  // This plugin's routes only (it is registered without fastify-plugin, so the hook stays in it), every
  // one of them: matching the raw address instead let one written another way (`%72ewards`) past the token.
  fastify.addHook('onRequest', async (request, reply) => requireAdminToken(request, reply, adminToken));
  const now = () => fastify.clock();

  opsRoute(fastify, opsRewardsSummary, async (request, reply) => answer(request, reply, opsRewardsSummary, () => operations.summary()));
  opsRoute(fastify, opsRewardsChangePrize, async (request, reply) => {
    const id = idParam(request);
    const { by: actor, ...change } = parse(opsRewardsChangePrize, request.body);
    return answer(request, reply, opsRewardsChangePrize, async () => ({ prize: await operations.changePrize(id, given(change), operatorName(actor), now()) }));
  });
  opsRoute(fastify, opsRewardsChangeItem, async (request, reply) => {
    const id = idParam(request);
    const { by: actor, ...change } = parse(opsRewardsChangeItem, request.body);
    return answer(request, reply, opsRewardsChangeItem, async () => ({ item: await operations.changeItem(id, given(change), operatorName(actor), now()) }));
  });
  opsRoute(fastify, opsRewardsCreateBatch, async (request, reply) => {
    const { by: actor, ...batch } = parse(opsRewardsCreateBatch, request.body);
    // The codes are in this answer only: the page offers them as a file to download, once.
    return answer(request, reply, opsRewardsCreateBatch, () => operations.createBatch(batch, operatorName(actor), now()));
  });
  opsRoute(fastify, opsRewardsRevokeBatch, async (request, reply) => {
    const id = idParam(request);
    const { by: actor } = parse(opsRewardsRevokeBatch, request.body);
    return answer(request, reply, opsRewardsRevokeBatch, async () => ({ batch: await operations.revokeBatch(id, operatorName(actor), now()) }));
  });
  opsRoute(fastify, opsRewardsReplaceGift, async (request, reply) => {
    const { by: actor, lines } = parse(opsRewardsReplaceGift, request.body);
    const gift = lines.map((line) => ('itemId' in line ? { points: null, itemId: line.itemId } : { points: line.points, itemId: null }));
    return answer(request, reply, opsRewardsReplaceGift, async () => ({ gift: await operations.replaceGift(gift, operatorName(actor), now()) }));
  });
}
