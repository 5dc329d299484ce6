// personal-info-list and third-party-sharing-list (not in SPEC §7; docs/api.md "Personal information"): the
// two lists MIIT asks an app to show in a second-level menu, for the session's own account.
import { personalInfoList, thirdPartySharingList } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';
import { collectedList } from '../services/collected-list.js';
import { sharingList } from '../services/sharing-list.js';

export default async function personalInfoRoutes(fastify: FastifyInstance): Promise<void> {
  const { personalData, exports, providerTargets } = fastify.privacy;
  fastify.apiRoute({
    endpoint: personalInfoList,
    auth: 'required',
    handler: async ({ session, now }) => ({
      items: collectedList(await personalData.holdings(session.user, now)),
      export: await exports.allowance(session.user.id, now),
    }),
  });
  fastify.apiRoute({
    endpoint: thirdPartySharingList,
    auth: 'required',
    handler: async () => ({ items: sharingList(providerTargets) }),
  });
}
