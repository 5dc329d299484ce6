// Operators' grants of points (`npm run admin -- rewards grant`, docs/operations.md "The admin command"):
// a ledger entry (reason operator-grant) under the grant's own key, kept with who granted it
// (reward_changes) in the same transaction, so the same key grants and is recorded once. The user is told
// in a `rewards` message (reward-messages.ts), by the run that granted only; a message that cannot be
// posted is answered to the operator and leaves the grant standing (the points are what was asked for).
import type { MessageInput } from '../../content/content-module.js';
import type { Executor } from '../../db/executor.js';
import type { RewardChangesRepository } from '../repositories/reward-changes-repository.js';
import type { PointsLedger } from './points-ledger.js';
import { grantMessage } from './reward-messages.js';

export interface OperatorGrantsDeps {
  db: { transaction(): { execute<T>(fn: (trx: Executor) => Promise<T>): Promise<T> } };
  ledger: Pick<PointsLedger, 'credit'>;
  changes: Pick<RewardChangesRepository, 'record'>;
  postMessage(userId: string, message: MessageInput): Promise<unknown>;
}

export interface GrantResult {
  /** False when this key granted before: nothing changed, nothing posted. */
  granted: boolean;
  /** Why the user's message was not posted, when it was not (the grant stands). */
  messageError?: unknown;
}

export function createOperatorGrants(deps: OperatorGrantsDeps) {
  return {
    async grant(input: { userId: string; points: number; operator: string; key: string; now: number }): Promise<GrantResult> {
      const { userId, points, operator, key, now } = input;
      const ledgerKey = `grant:${key}`;
      // The grant and who made it, in one transaction: a grant the ledger refuses as a repeat is not recorded again.
      const granted = await deps.db.transaction().execute(async (trx) => {
        const credited = await deps.ledger.credit({ userId, amount: points, reason: 'operator-grant', key: ledgerKey, now }, trx);
        if (credited) await deps.changes.record({ subject: 'grant', subjectId: userId, operator, change: { points, key }, at: now }, trx);
        return credited;
      });
      if (!granted) return { granted };
      try {
        await deps.postMessage(userId, grantMessage(ledgerKey, points));
        return { granted };
      } catch (error) {
        return { granted, messageError: error };
      }
    },
  };
}
export type OperatorGrants = ReturnType<typeof createOperatorGrants>;
