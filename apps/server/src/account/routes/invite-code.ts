// POST /tydApi/v1/user/invite-code and /v1/user/verify-invite-code: each account's short
// unambiguous code; verification refuses unknown codes and the caller's own.
import { inviteCode, verifyInviteCode } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ensureProfile, findInviter } from '../services/login.js';

export default async function inviteCodeRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: inviteCode,
    auth: 'required',
    handler: async ({ session }) => ({ inviteCode: (await ensureProfile(fastify.accounts, session.user.id, fastify.clock())).inviteCode }),
  });
  fastify.apiRoute({
    endpoint: verifyInviteCode,
    auth: 'optional',
    handler: async ({ payload, session }) => ({ inviteCode: (await findInviter(fastify.accounts, payload.inviteCode, session?.user.id)).inviteCode }),
  });
}
