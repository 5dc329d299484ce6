// Consent endpoints (renewal when the privacy policy or the service agreement changes; docs/api.md "Consent"):
// privacy-policy (no session), privacy-policy-status, get-user-unprivacy-info, renew-info, renew-expire, and
// my-agreements (what the person agreed to, for 我的 > 协议与政策).
import { COOKIE, myAgreements, privacyPolicy, privacyPolicyStatus, getUserUnprivacyInfo, renewInfo, renewExpire } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { acceptConsent, agreedDocuments, consentStatus, declineConsent } from '../services/consent.js';

export default async function consentRoutes(fastify: FastifyInstance): Promise<void> {
  const accounts = fastify.accounts;
  fastify.apiRoute({
    endpoint: privacyPolicy,
    auth: 'optional',
    handler: async () => ({ version: accounts.legal.version, privacyPolicy: accounts.legal.privacyPolicy, serviceAgreement: accounts.legal.serviceAgreement }),
  });
  fastify.apiRoute({
    endpoint: privacyPolicyStatus,
    auth: 'required',
    handler: async ({ session }) => {
      const { version, acceptedVersion, renewalRequired } = await consentStatus(accounts, session.user.id);
      return { version, acceptedVersion, renewalRequired };
    },
  });
  fastify.apiRoute({
    endpoint: myAgreements,
    auth: 'required',
    handler: async ({ session }) => ({ items: await agreedDocuments(accounts, session.user.id) }),
  });
  fastify.apiRoute({
    endpoint: getUserUnprivacyInfo,
    auth: 'required',
    handler: async ({ session }) => {
      const { version, pending } = await consentStatus(accounts, session.user.id);
      return { version, pending };
    },
  });
  fastify.apiRoute({
    endpoint: renewInfo,
    auth: 'required',
    handler: async ({ payload, session }) => {
      await acceptConsent(accounts, session.user.id, payload.version, fastify.clock());
      return { version: accounts.legal.version, renewalRequired: false as const };
    },
  });
  fastify.apiRoute({
    endpoint: renewExpire,
    auth: 'required',
    handler: async ({ session, reply }) => {
      await declineConsent(accounts, session.user.id, session.session.id, fastify.clock());
      reply.clearCookie(COOKIE.accessToken, { path: '/' });
      return undefined;
    },
  });
}
