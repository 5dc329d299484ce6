// POST /tydApi/v1/user/verify-phone (SPEC §7 validateSmsCode): the user proves they hold the account's
// phone; the answer is a one-time ticket for save-phone.
import { verifyPhone } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { verifyCurrentPhone } from '../services/phone-change.js';

export default async function verifyPhoneRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: verifyPhone,
    auth: 'required',
    handler: async ({ payload, session }) => verifyCurrentPhone(fastify.accounts, session.user, payload.smsCode, fastify.clock()),
  });
}
