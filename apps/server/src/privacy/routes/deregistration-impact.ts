// deregistration-impact (not in SPEC §7; docs/api.md "Personal information"; PIPL art. 47): what the
// session's own account would lose, for /mine/signOff to list before the person confirms. It takes no
// account (the session is the account) and changes nothing; deregistration itself never waits on it.
import { deregistrationImpact } from '@tyd/protocol';
import type { FastifyInstance } from 'fastify';

export default async function deregistrationImpactRoute(fastify: FastifyInstance): Promise<void> {
  const { personalData } = fastify.privacy;
  fastify.apiRoute({
    endpoint: deregistrationImpact,
    auth: 'required',
    handler: async ({ session, now }) => personalData.deregistrationImpact(session.user, now),
  });
}
