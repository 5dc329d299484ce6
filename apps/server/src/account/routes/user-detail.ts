// POST /tydApi/v1/user/user-detail and /v1/user/user-detail-v1: the logged-in account, phone masked.
import { maskPhone, userDetail, userDetailV1 } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { ensureProfile } from '../services/login.js';
import { consentStatusOf } from '../services/consent.js';

export default async function userDetailRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.apiRoute({
    endpoint: userDetail,
    auth: 'required',
    handler: async ({ session }) => {
      const profile = await ensureProfile(fastify.accounts, session.user.id, fastify.clock());
      return { phone: maskPhone(session.user.phone), inviteCode: profile.inviteCode, registeredAt: session.user.createdAt };
    },
  });
  fastify.apiRoute({
    endpoint: userDetailV1,
    auth: 'required',
    handler: async ({ session }) => {
      const accounts = fastify.accounts;
      // The profile and the consent in one statement; a profile is made here only for an account without
      // one (login makes it).
      const found = await accounts.repos.profiles.findWithConsent(session.user.id, accounts.legal.version);
      const profile = found.profile ?? (await ensureProfile(accounts, session.user.id, fastify.clock()));
      const consent = consentStatusOf(accounts, found.consent);
      const accepted = accounts.legal.parts(consent.acceptedVersion ?? undefined);
      return {
        phone: maskPhone(session.user.phone),
        inviteCode: profile.inviteCode,
        registeredAt: session.user.createdAt,
        invited: profile.invitedBy !== null,
        privacyVersion: accepted.privacy,
        agreementVersion: accepted.agreement,
        renewalRequired: consent.renewalRequired,
      };
    },
  });
}
