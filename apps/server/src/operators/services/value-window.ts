// Maker-checker as a whole (docs/operations.md "Approvals"): what one operator makes without a checker —
// grants of points and redeem batches, counted in points — is summed over the rolling window
// OPS_APPROVAL_WINDOW_HOURS, so twenty grants just under the threshold, or five batches, are held to the same
// total as one big one. Read and added to under the maker's row lock in the change's own transaction, so two
// of their changes at once are counted one after the other.
import { randomUUID } from 'node:crypto';
import type { OperatorsConfig } from '../../config/index.js';
import { ambientTransaction } from '../../db/ambient-transaction.js';
import type { OpsValueMadeTable } from '../../db/schema.js';
import type { SignedInOperator } from '../../http/ops-guard.js';
import type { OperatorsRepository } from '../repositories/operators-repository.js';

export interface ValueClaim {
  /** True when the change fits in what the maker may still make alone: it is counted, and made now. */
  alone: boolean;
  /** What the maker made alone in the window before this change. */
  madeBefore: number;
  /** Takes the change back out of the window (a grant whose key granted before: nothing was made). */
  forget(): Promise<void>;
}

export function createValueWindow(deps: { repo: OperatorsRepository; config: OperatorsConfig }) {
  const { repo, config } = deps;
  return {
    /**
     * Counts `points` against `maker`'s window if it fits: to be called in the change's transaction (opsCommit),
     * which also makes the change, so a change rolled back is not counted either.
     */
    async claim(maker: SignedInOperator, kind: OpsValueMadeTable['kind'], points: number, now: number): Promise<ValueClaim> {
      const trx = ambientTransaction();
      if (!trx) throw new Error('value-window: claim outside the change transaction');
      await repo.lockOperator(maker.id, trx);
      const madeBefore = await repo.valueMadeSince(maker.id, now - config.approvalWindowMs, trx);
      if (!Number.isFinite(points) || madeBefore + points > config.approvalPoints) return { alone: false, madeBefore, forget: async () => undefined };
      const id = `vm_${randomUUID()}`;
      await repo.insertValueMade({ id, operator_id: maker.id, kind, points, at: now }, trx);
      return { alone: true, madeBefore, forget: () => repo.deleteValueMade(id, trx) };
    },
  };
}
export type ValueWindow = ReturnType<typeof createValueWindow>;
