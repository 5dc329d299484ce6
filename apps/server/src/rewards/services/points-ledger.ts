// Points (docs/api.md "Points and the lucky draw"): an append-only ledger where every credit is a lot
// valid POINTS_VALID_DAYS, spending and expiry draw lots down oldest-expiring first, and the balance row
// (never below zero: a conditional update and a CHECK) always equals the points left in unexpired lots.
// Every write carries an idempotency key, unique per user: a retried credit or debit changes nothing.
// What it moved is told to the metrics (`tyd_points_total`, docs/operations.md "Metrics") only once the
// transaction that wrote the entry has committed: a draw refused after its debit counts nothing.
import { chinaDay, type PointsReason } from '@tyd/protocol';
import { afterCommit } from '../../db/commit-effects.js';
import type { Executor } from '../../db/executor.js';
import type { PointsRecorder } from '../../plugins/instruments.js';
import type { PointsLot, PointsRepository } from '../repositories/points-repository.js';

const DAY_MS = 86_400_000;

export class InsufficientPoints extends Error {
  override readonly name = 'InsufficientPoints';
  constructor(readonly balance: number) {
    super('not enough points');
  }
}

/**
 * What a credit or debit did: the balance it left. The change holds the balance row until the transaction
 * ends (PostgreSQL's row lock; SQLite runs one transaction at a time), so this is the balance at commit
 * unless the same transaction changes it again: a draw answers with it instead of reading the balance
 * after its commit.
 */
export interface PointsChange {
  balance: number;
}

export interface PointsLedger {
  /** Credits a lot; null when this key was used before (nothing changes). */
  credit(input: { userId: string; amount: number; reason: PointsReason; key: string; now: number }, trx: Executor): Promise<PointsChange | null>;
  /** Takes points, oldest-expiring lots first; throws InsufficientPoints (nothing changes); null on a used key. */
  debit(input: { userId: string; amount: number; reason: PointsReason; key: string; now: number }, trx: Executor): Promise<PointsChange | null>;
  /** Writes off the points of the user's lots that expired by `now` (one entry per lot). */
  expire(userId: string, now: number, trx: Executor): Promise<number>;
  /** Whether any of the user's open lots has run out at `now` (a read outside any transaction; expire checks again). */
  hasExpired(userId: string, now: number): Promise<boolean>;
  /** The points whose lots run out on the China day of the next expiry, and when the first of them does. */
  nextExpiry(userId: string, now: number, trx: Executor): Promise<{ points: number; at: number } | null>;
}

export function createPointsLedger(deps: { points: PointsRepository; validDays: number; recorder?: PointsRecorder | undefined }): PointsLedger {
  const { points, recorder } = deps;
  const record: (trx: Executor, ...moved: Parameters<PointsRecorder>) => void = recorder
    ? (trx, ...moved) => afterCommit(trx, () => recorder(...moved))
    : () => undefined;

  /** Draws `amount` from the lots in order; the lots' total always covers it (the balance said so). */
  async function drawDown(lots: PointsLot[], amount: number, trx: Executor): Promise<void> {
    let left = amount;
    for (const lot of lots) {
      if (left === 0) break;
      const taken = Math.min(lot.remaining, left);
      await points.setRemaining(lot.id, lot.remaining - taken, trx);
      left -= taken;
    }
    if (left > 0) throw new Error('points lots do not cover the balance');
  }

  const ledger: PointsLedger = {
    async credit({ userId, amount, reason, key, now }, trx) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('a credit is a positive whole number of points');
      const id = await points.insertEntry({ userId, amount, reason, key, now, lot: { expiresAt: now + deps.validDays * DAY_MS } }, trx);
      if (!id) return null;
      const balance = await points.changeBalance(userId, amount, now, trx);
      if (balance === undefined) throw new Error('a credit was refused by the balance');
      record(trx, 'granted', reason, amount);
      return { balance };
    },
    async debit({ userId, amount, reason, key, now }, trx) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('a debit is a positive whole number of points');
      // The balance first: its conditional update decides, and queues the user's other changes behind it;
      // the lots are then read once, under it (on PostgreSQL, READ COMMITTED, a read before the lock could
      // miss what a spend committed while this one waited: a lost update).
      let taken = await points.changeBalance(userId, -amount, now, trx);
      let lots = taken === undefined ? [] : await points.openLots(userId, trx);
      if (lots.some((lot) => lot.expiresAt <= now)) {
        // A lot ran out, and the balance that allowed the debit still counted it: undone, written off, and
        // decided again on what is left (rare: the write-off also runs on lucky-draw-info and a timer).
        await points.changeBalance(userId, amount, now, trx);
        await ledger.expire(userId, now, trx);
        taken = await points.changeBalance(userId, -amount, now, trx);
        lots = taken === undefined ? [] : await points.openLots(userId, trx);
      }
      if (taken === undefined) {
        // Refused: what is refused against is the balance after any write-off, as the caller shows it.
        await ledger.expire(userId, now, trx);
        // A retry of a debit that went through may find the points already gone: that is the no-op, not a refusal.
        if (await points.hasEntry(userId, key, trx)) return null;
        throw new InsufficientPoints(await points.balance(userId, trx));
      }
      const id = await points.insertEntry({ userId, amount: -amount, reason, key, now }, trx);
      if (!id) {
        // Retried with a used key: undo the balance change (same transaction) and report the no-op.
        await points.changeBalance(userId, amount, now, trx);
        return null;
      }
      await drawDown(lots, amount, trx);
      record(trx, 'spent', reason, amount);
      return { balance: taken };
    },
    async hasExpired(userId, now) {
      return (await points.openLots(userId)).some((lot) => lot.expiresAt <= now);
    },
    async expire(userId, now, trx) {
      if (!(await points.openLots(userId, trx)).some((lot) => lot.expiresAt <= now)) return 0;
      // The balance row's lock first (a no-op change takes it), then the lots read again: a spend of these
      // lots still in flight holds that lock, so on PostgreSQL (READ COMMITTED) the write-off waits for it
      // and takes what it left, instead of a `remaining` read before it (a lost update).
      await points.changeBalance(userId, 0, now, trx);
      let expired = 0;
      for (const lot of await points.openLots(userId, trx)) {
        if (lot.expiresAt > now) break;
        const id = await points.insertEntry({ userId, amount: -lot.remaining, reason: 'expiry', key: `expiry:${lot.id}`, now }, trx);
        if (!id) continue;
        await points.setRemaining(lot.id, 0, trx);
        if ((await points.changeBalance(userId, -lot.remaining, now, trx)) === undefined) throw new Error('expiry would take the balance below zero');
        expired += lot.remaining;
        record(trx, 'expired', 'expiry', lot.remaining);
      }
      return expired;
    },
    async nextExpiry(userId, now, trx) {
      const lots = (await points.openLots(userId, trx)).filter((lot) => lot.expiresAt > now);
      const first = lots[0];
      if (!first) return null;
      // Said as a China date ("N积分将于YYYY-MM-DD过期"), so N is every point whose lot runs out that day,
      // not only the lots sharing the first lot's millisecond (lots earned at different hours of one day
      // expire at different hours of one day).
      const day = chinaDay(first.expiresAt);
      return { points: lots.filter((lot) => chinaDay(lot.expiresAt) === day).reduce((sum, lot) => sum + lot.remaining, 0), at: first.expiresAt };
    },
  };
  return ledger;
}
