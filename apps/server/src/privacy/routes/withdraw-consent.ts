// withdraw-consent (not in SPEC §7; docs/api.md "Personal information"; PIPL art. 15): recorded as consents
// are (account/services/consent.ts), every session of the account ends, the cookie is cleared; the page
// clears its session as after logout (SPEC §4).
import { COOKIE, withdrawConsent } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { withdrawConsent as withdraw } from '../../account/account-module.js';

export default async function withdrawConsentRoute(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: withdrawConsent,
    auth: 'required',
    handler: async ({ session, reply, now }) => {
      await withdraw(fastify.accounts, session.user.id, now);
      reply.clearCookie(COOKIE.accessToken, { path: '/' });
      return undefined;
    },
  });
}
