// The new-user gift (docs/api.md "New-user gift"): get-cloud-steward-url (SPEC §7: the page with a
// one-time ticket), and, not in SPEC §7, what the page shows (new-user-gift-info) and the claim.
import { newUserGiftInfo, claimNewUserGift, getCloudStewardUrl } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { loggedInPageAddress } from './page-address.js';

/** The new-user gift page (SPEC §2 /cloudSteward, child index; apps/web route table). */
export const NEW_USER_GIFT_PAGE = '/cloudSteward/index';

export default async function newUserGiftRoutes(fastify: FastifyInstance): Promise<void> {
  const info = newUserGiftInfo;
  fastify.apiRoute({
    endpoint: info,
    // A new visitor sees the offer before registering: that is whom the gift is for.
    auth: 'optional',
    handler: async ({ session, now }) => (session ? fastify.rewards.newUserGift.info(session.user, now) : fastify.rewards.newUserGift.offer()),
  });
  fastify.apiRoute({
    endpoint: claimNewUserGift,
    auth: 'required',
    // The key is checked by the schema; the claim is once per person, so a repeat needs no key to be found.
    handler: async ({ session, now }) => fastify.rewards.newUserGift.claim(session.user, now),
  });
  fastify.apiRoute({
    endpoint: getCloudStewardUrl,
    auth: 'required',
    handler: async ({ session, now }) => loggedInPageAddress(fastify, session, NEW_USER_GIFT_PAGE, now),
  });
}
