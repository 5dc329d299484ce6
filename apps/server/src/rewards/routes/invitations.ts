// Invitations (docs/api.md "Invitations"): my-invitees (not in SPEC §7), the caller's code, what an
// invitation earns and where each invited account stands. The code itself is the account's
// (invite-code, SPEC §7, in the account capability); rewards are paid on the verified event
// (services/invitations.ts), not here.
import { myInvitees } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { inviteCodeOf } from '../../account/account-module.js';
import { DEFAULT_PAGE_SIZE } from '../../lib/list-cursor.js';

export default async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: myInvitees,
    auth: 'required',
    handler: async ({ session, payload, now }) => {
      const userId = session.user.id;
      const list = `invitees:${userId}`;
      const found = await fastify.rewards.invitations.page(userId, fastify.rewards.cursors.decode(payload.cursor, list), DEFAULT_PAGE_SIZE + 1);
      const page = fastify.rewards.cursors.pageOf(found.invitees, DEFAULT_PAGE_SIZE, list, (invitee) => ({ at: invitee.registeredAt, id: invitee.userId }));
      return {
        inviteCode: await inviteCodeOf(fastify.accounts, userId, now),
        rewardPoints: fastify.rewards.invitations.rewardPoints,
        rewarded: found.rewarded,
        pointsEarned: found.points,
        verified: (await fastify.identity.personKey(userId)) !== null,
        items: page.rows.map(({ phone, registeredAt, state }) => ({ phone, registeredAt, state })),
        nextCursor: page.nextCursor,
      };
    },
  });
}
