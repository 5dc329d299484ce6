// Deregistration (SPEC §7 signOff -> cancel): confirmed by a fresh code of purpose 'deregister', done at
// once (Chinese app rules allow at most 15 working days; PIPL art. 47 asks for deletion). In one
// transaction: the retained identity record is written, every session is revoked, and the account row is
// deleted with everything hanging off it (sessions, profile, consents, authorisation codes: ON DELETE
// CASCADE); accounts it invited keep existing and lose the link (ON DELETE SET NULL). Once committed, the
// deleted rows are also erased from the database files (connect.ts flushDeletions; operations.md "Erasure").
import type { Executor } from '../../db/executor.js';
import type { User } from '../repositories/users-repository.js';
import type { RetainedIdentity } from './retained-records.js';
import type { Accounts } from '../account-module.js';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Resolves to false when the deletion is committed but not yet erased from the files (see flushDeletions). */
/** What deregistration works with. */
export type DeregistrationDeps = Pick<Accounts, 'db' | 'flushDeletions' | 'phones' | 'smsCodes' | 'retained' | 'retainedIdentity'> & {
  repos: Pick<Accounts['repos'], 'profiles' | 'consents' | 'retainedRecords' | 'sessions' | 'users'>;
  config: Pick<Accounts['config'], 'retentionYears'>;
};

/** The verified identity to keep with the record (identity/identity-module.ts), read inside the transaction. */
export type RetainedIdentityReader = (userId: string, trx: Executor) => Promise<RetainedIdentity | undefined>;

export async function deregister(deps: DeregistrationDeps, user: User, smsCode: string, now: number): Promise<boolean> {
  // Asked with a session of this phone: the owner's limits (sms-requester.ts).
  const verified = await deps.smsCodes.verify(deps.phones.lookupHash(user.phone), 'deregister', smsCode, now, 'owner');
  await verified.consume();
  await deps.db.transaction().execute(async (trx) => {
    const profile = await deps.repos.profiles.findByUserId(user.id, trx);
    const consents = await deps.repos.consents.history(user.id, trx);
    const identity = await deps.retainedIdentity(user.id, trx);
    const record = {
      phone: user.phone,
      registeredAt: user.createdAt,
      deregisteredAt: now,
      consents,
      invitedBy: profile?.invitedBy ?? null,
      ...(identity && { identity }),
    };
    await deps.repos.retainedRecords.create(
      {
        subjectHash: deps.retained.subjectHash(user.phone),
        kind: 'deregistered-account',
        encrypt: (id) => deps.retained.encrypt(id, record),
        now,
        retainUntil: Math.round(now + deps.config.retentionYears * YEAR_MS),
      },
      trx,
    );
    await deps.repos.sessions.revokeAllForUser(user.id, now, trx);
    await deps.repos.users.delete(user.id, trx);
  });
  return deps.flushDeletions();
}
