// POST /tydApi/v1/user/invite-code and /v1/user/verify-invite-code: each account's short
// unambiguous code; verification refuses unknown codes and the caller's own, and names whose code it is
// for the invite landing (docs/api.md "Invitations"): the inviter's phone masked 3+4+4 (SPEC §3), never
// more, and what the inviter earns (INVITE_REWARD_POINTS, handed in with the rewards' config).
import { CODE, SUBCODE, inviteCode, maskPhone, verifyInviteCode } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { ensureProfile, findInviter } from '../services/login.js';

export default async function inviteCodeRoutes(fastify: FastifyInstance, opts: { inviteRewardPoints: number }): Promise<void> {
  fastify.apiRoute({
    endpoint: inviteCode,
    auth: 'required',
    handler: async ({ session }) => ({ inviteCode: (await ensureProfile(fastify.accounts, session.user.id, fastify.clock())).inviteCode }),
  });
  fastify.apiRoute({
    endpoint: verifyInviteCode,
    auth: 'optional',
    handler: async ({ payload, session }) => {
      const profile = await findInviter(fastify.accounts, payload.inviteCode, session?.user.id);
      const inviter = await fastify.accounts.repos.users.findById(profile.userId);
      // An account no longer in use names nobody: its code is as unknown as one never issued.
      if (inviter?.status !== 'active') throw new ApiError(CODE.BAD_REQUEST, SUBCODE.INVITE_CODE_INVALID);
      return { inviteCode: profile.inviteCode, inviterPhone: maskPhone(inviter.phone), rewardPoints: opts.inviteRewardPoints };
    },
  });
}
