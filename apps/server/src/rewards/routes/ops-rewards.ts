// The /ops rewards API (docs/api.md "Rewards operations"): plain JSON behind the admin token, like the
// content API (http/ops-api.ts). The operator names themselves in `by`, kept with every
// change in reward_changes (the token is shared; `by` says who acted). What may be set is checked by
// services/rewards-operations.ts, the same rules as the admin command.
import { CODE, OPS_REWARDS_PATH, SUBCODE } from '@tyd/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../http/api-error.js';
import { opsAnswer, parseOpsInput as parse, requireAdminToken, type OpsRefusal } from '../../http/ops-api.js';
import { operatorName, RewardsInputError } from '../services/rewards-operations.js';

const by = z.string().min(1).max(64);
const count = z.number().int();
const prizeBody = z.strictObject({ by, name: z.string().max(100).optional(), points: count.nullable().optional(), weight: count.optional(), stock: count.nullable().optional(), active: z.boolean().optional() });
const itemBody = z.strictObject({
  by,
  name: z.string().max(100).optional(),
  description: z.string().max(400).optional(),
  pointsCost: count.nullable().optional(),
  stock: count.nullable().optional(),
  perUserLimit: count.nullable().optional(),
  validDays: count.optional(),
  active: z.boolean().optional(),
});
const batchBody = z.strictObject({ by, name: z.string().max(100), points: count.optional(), itemId: z.string().max(64).optional(), count, expires: z.string().max(10) });
const revokeBody = z.strictObject({ by });
const giftBody = z.strictObject({ by, lines: z.array(z.union([z.strictObject({ points: count }), z.strictObject({ itemId: z.string().max(64) })])).max(100) });
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
const answer = (request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) => opsAnswer(request, reply, run, refusalOf);

/** Drops the fields not given, so a change names only what it sets. */
const given = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

export default async function opsRewardsRoutes(fastify: FastifyInstance): Promise<void> {
  const { adminToken, operations } = fastify.rewards;
  // This plugin's routes only (it is registered without fastify-plugin, so the hook stays in it), every
  // one of them: matching the raw address instead let one written another way (`%72ewards`) past the token.
  fastify.addHook('onRequest', async (request, reply) => requireAdminToken(request, reply, adminToken));
  const now = () => fastify.clock();

  fastify.get(OPS_REWARDS_PATH, async (request, reply) => answer(request, reply, () => operations.summary()));
  fastify.post(`${OPS_REWARDS_PATH}/prizes/:id`, async (request, reply) => {
    const id = idParam(request);
    const { by: actor, ...change } = parse(prizeBody, request.body);
    return answer(request, reply, async () => ({ prize: await operations.changePrize(id, given(change), operatorName(actor), now()) }));
  });
  fastify.post(`${OPS_REWARDS_PATH}/items/:id`, async (request, reply) => {
    const id = idParam(request);
    const { by: actor, ...change } = parse(itemBody, request.body);
    return answer(request, reply, async () => ({ item: await operations.changeItem(id, given(change), operatorName(actor), now()) }));
  });
  fastify.post(`${OPS_REWARDS_PATH}/batches`, async (request, reply) => {
    const { by: actor, ...batch } = parse(batchBody, request.body);
    // The codes are in this answer only: the page offers them as a file to download, once.
    return answer(request, reply, () => operations.createBatch(batch, operatorName(actor), now()));
  });
  fastify.post(`${OPS_REWARDS_PATH}/batches/:id/revoke`, async (request, reply) => {
    const id = idParam(request);
    const { by: actor } = parse(revokeBody, request.body);
    return answer(request, reply, async () => ({ batch: await operations.revokeBatch(id, operatorName(actor), now()) }));
  });
  fastify.put(`${OPS_REWARDS_PATH}/gift`, async (request, reply) => {
    const { by: actor, lines } = parse(giftBody, request.body);
    const gift = lines.map((line) => ('itemId' in line ? { points: null, itemId: line.itemId } : { points: line.points, itemId: null }));
    return answer(request, reply, async () => ({ gift: await operations.replaceGift(gift, operatorName(actor), now()) }));
  });
}
