// Adding a voucher to the catalogue from /ops (docs/api.md "Rewards operations"), a rewards manager's call, as
// `npm run admin -- rewards item-add` does it and with its rules (services/rewards-operations.ts addItem): the
// item is added off offer, with no points cost and no stock, so adding it creates no value and needs no
// second operator; its cost, stock and offer are then set like any item's (ops-rewards.ts), where they are
// checked. reward_changes names the signed-in operator, the /ops audit the item as added.
import { opsRewardsAddItem } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { inputRefusal, opsAnswer, opsRoute, parseOpsInput as parse, signedInOperator } from '../../http/ops-api.js';

export default async function opsRewardItemsRoutes(fastify: FastifyInstance): Promise<void> {
  const { operations } = fastify.rewards;
  opsRoute(fastify, opsRewardsAddItem, 'rewards_manager', async (request, reply) => {
    const input = parse(opsRewardsAddItem, request.body);
    return opsAnswer(
      request,
      reply,
      opsRewardsAddItem,
      async () => {
        const item = await operations.addItem(input, signedInOperator(request).name, fastify.clock());
        request.opsAudit = { targetId: item.id, after: item };
        return { item };
      },
      inputRefusal,
    );
  });
}
