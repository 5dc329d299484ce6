// What customer service may do to an account (docs/api.md "Customer-service desk"; docs/operations.md
// "Operators"): end every session of it, freeze it, lift the freeze, and read whether its SMS login is
// locked. No HTTP and no operator rules here: the desk (support-desk/) decides who may, and a second
// operator's approval of an unfreeze is the operators' maker-checker.
import type { SmsBucket } from './sms-requester.js';
import type { Accounts } from '../account-module.js';
import type { AccountFreeze } from '../repositories/users-repository.js';
import { activeUntil } from './kv-records.js';
import { smsLockKey } from './sms-codes.js';

type SessionEndingDeps = Pick<Accounts, 'db'> & { repos: Pick<Accounts['repos'], 'sessions' | 'users'> };

/**
 * Ends every live session of the account (its next call: 401), and with them the authorisation codes they
 * minted (authorization-codes.ts: a code dies with its session); how many were live.
 */
export async function endAllSessions(deps: SessionEndingDeps, userId: string, now: number): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    // The lock order of 下线 (account-security.ts): the users row, then sessions.
    await deps.repos.sessions.lockAccount(userId, trx);
    return deps.repos.sessions.revokeAllForUser(userId, now, trx);
  });
}

/**
 * Freezes the account and ends every session of it in one transaction: `undefined` when it was frozen
 * already (the conditional update decides between two operators freezing at once), else how many sessions
 * were live. Sign-in is refused from then on (login.ts, authorization-codes.ts: 403/4218), and a session a
 * sign-in racing this opened is refused by the session check (account-module.ts authenticate).
 */
export async function freezeAccount(deps: SessionEndingDeps, userId: string, freeze: AccountFreeze): Promise<number | undefined> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await deps.repos.users.freeze(userId, freeze, trx))) return undefined;
    return deps.repos.sessions.revokeAllForUser(userId, freeze.at, trx);
  });
}

/** Lifts the freeze; false when the account was not frozen (unfrozen meanwhile) or is gone. */
export async function unfreezeAccount(deps: { repos: Pick<Accounts['repos'], 'users'> }, userId: string, now: number): Promise<boolean> {
  return deps.repos.users.unfreeze(userId, now);
}

/**
 * Until when SMS login of `phone` is locked after wrong codes (sms-codes.ts), for the phone's owner and for
 * everyone else (the two are counted apart, sms-requester.ts); null where it is not locked.
 */
export async function smsLoginLocks(deps: Pick<Accounts, 'kv' | 'phones'>, phone: string, now: number): Promise<Record<SmsBucket, number | null>> {
  const phoneKey = deps.phones.lookupHash(phone);
  const [owner, others] = await Promise.all((['owner', 'others'] as const).map((bucket) => activeUntil(deps.kv, smsLockKey(phoneKey, bucket), now)));
  return { owner: owner ?? null, others: others ?? null };
}
