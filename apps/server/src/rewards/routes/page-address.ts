// A page of this site with a one-time authorisation code (/others/tydPreJump), so the native app opens
// it already logged in: get-lucky-draw-url and get-cloud-steward-url (SPEC §7; docs/api.md). The code is
// minted under the session's budget (as authorized-code) and expires in AUTH_CODE_TTL.
import type { FastifyInstance } from 'fastify';
import { checkMintBudget, mintAuthorizationCode, type AuthenticatedSession } from '../../account/account-module.js';

export async function loggedInPageAddress(
  fastify: FastifyInstance,
  session: AuthenticatedSession,
  page: string,
  now: number,
): Promise<{ url: string; expiresInSeconds: number }> {
  await checkMintBudget(fastify.accounts, session.session.id, now);
  const { authCode, expiresInSeconds } = await mintAuthorizationCode(fastify.accounts, { userId: session.user.id, sessionId: session.session.id }, now);
  const query = new URLSearchParams({ code: authCode, returnUrl: page });
  return { url: `/others/tydPreJump?${query.toString()}`, expiresInSeconds };
}
