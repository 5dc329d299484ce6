// Ended sessions and expired authorisation codes leave the database: the server does it at start and
// daily (account-module.ts), operators with `npm run admin -- sessions prune`. Rows are kept a day past
// their end so an expired token still gets its 401/4011 (not a bare 401) for a while, and a used code is
// kept until it expires, so presenting it again still revokes its session (RFC 6749 §4.1.2). Sign-in records
// (登录记录) go once older than the LOGIN_RECORD_DAYS the page shows (docs/operations.md "Pruning sessions").
import { LOGIN_RECORD_DAYS } from '@tyd/protocol';
import type { AccountRepositories } from '../repositories/account-repositories.js';

export const PRUNE_GRACE_MS = 24 * 60 * 60 * 1000;
export const LOGIN_RECORD_MS = LOGIN_RECORD_DAYS * 24 * 60 * 60 * 1000;

export async function pruneSessionsAndCodes(
  repos: {
    sessions: Pick<AccountRepositories['sessions'], 'pruneEndedBefore'>;
    authorizationCodes: Pick<AccountRepositories['authorizationCodes'], 'pruneExpiredBefore'>;
    loginEvents: Pick<AccountRepositories['loginEvents'], 'pruneBefore'>;
  },
  now: number,
): Promise<{ sessions: number; authorizationCodes: number; loginEvents: number; before: number }> {
  const before = now - PRUNE_GRACE_MS;
  const sessions = await repos.sessions.pruneEndedBefore(before);
  const authorizationCodes = await repos.authorizationCodes.pruneExpiredBefore(before);
  const loginEvents = await repos.loginEvents.pruneBefore(now - LOGIN_RECORD_MS);
  return { sessions, authorizationCodes, loginEvents, before };
}
