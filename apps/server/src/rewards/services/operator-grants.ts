// Operators' grants of points (`npm run admin -- rewards grant`, docs/operations.md "The admin command"):
// a ledger entry (reason operator-grant) under the grant's own key, kept with who granted it
// (reward_changes) in the same transaction, so the same key grants and is recorded once. The user is told
// in a `rewards` message (reward-messages.ts) written with the grant (the outbox, outbox/outbox.ts): the
// run that granted delivers it at once, and a server's worker delivers whatever that run could not.
import type { Outbox } from '../../outbox/outbox.js';
import type { RewardChangesRepository } from '../repositories/reward-changes-repository.js';
import type { PointsRepository } from '../repositories/points-repository.js';
import type { PointsLedger } from './points-ledger.js';
import { grantMessage } from './reward-messages.js';

export interface OperatorGrantsDeps {
  outbox: Pick<Outbox, 'transaction'>;
  ledger: Pick<PointsLedger, 'credit'>;
  points: Pick<PointsRepository, 'hasEntry'>;
  changes: Pick<RewardChangesRepository, 'record'>;
}

export interface GrantResult {
  /** False when this key granted before: nothing changed, nothing posted. */
  granted: boolean;
}

/** The ledger key of a grant made under `key`. */
const ledgerKeyOf = (key: string) => `grant:${key}`;

export function createOperatorGrants(deps: OperatorGrantsDeps) {
  return {
    /** Whether `key` granted `userId` points already (a repeat grants nothing and needs no checker). */
    grantedBefore: (userId: string, key: string): Promise<boolean> => deps.points.hasEntry(userId, ledgerKeyOf(key)),

    async grant(input: { userId: string; points: number; operator: string; key: string; now: number }): Promise<GrantResult> {
      const { userId, points, operator, key, now } = input;
      const ledgerKey = ledgerKeyOf(key);
      // The grant, who made it and the user's message, in one transaction: a grant the ledger refuses as a
      // repeat is not recorded or told again.
      const granted = await deps.outbox.transaction(async (trx, emit) => {
        const credited = await deps.ledger.credit({ userId, amount: points, reason: 'operator-grant', key: ledgerKey, now }, trx);
        if (credited) {
          await deps.changes.record({ subject: 'grant', subjectId: userId, operator, change: { points, key }, at: now }, trx);
          await emit('message', grantMessage(ledgerKey, points), userId);
        }
        return credited !== null;
      });
      return { granted };
    },
  };
}
export type OperatorGrants = ReturnType<typeof createOperatorGrants>;
