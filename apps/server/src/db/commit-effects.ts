// Effects that may only happen once a transaction's writes are durable: a metric counting points granted or
// spent (docs/operations.md "Metrics") must not count a write that was rolled back. Kysely has no commit
// hook, so the handle's `transaction()` is wrapped once (db/connect.ts): its `execute` runs the effects its
// transaction collected after COMMIT returned, and drops them when the callback or the commit threw.
// (A builder from setIsolationLevel or setAccessMode is not wrapped; the server uses neither.)
import type { Kysely, Transaction } from 'kysely';
import type { Executor } from './executor.js';
import type { Database } from './schema.js';

type Effect = () => void;

/** The effects each open transaction has collected, keyed by the Transaction object its callback received. */
const pending = new WeakMap<Transaction<Database>, Effect[]>();

/**
 * Runs `effect` once `executor`'s writes are committed: at once outside a transaction (each statement
 * commits by itself), after COMMIT inside one, never if it rolls back. A transaction not opened through a
 * handle from connectDatabase is not tracked, and its effects are dropped rather than run uncommitted.
 */
export function afterCommit(executor: Executor, effect: Effect): void {
  if (!executor.isTransaction) {
    effect();
    return;
  }
  pending.get(executor as Transaction<Database>)?.push(effect);
}

/** Makes `db.transaction().execute(...)` run the effects its callback registered with afterCommit, once committed. */
export function runEffectsAfterCommit(db: Kysely<Database>): void {
  const open = db.transaction.bind(db);
  db.transaction = () => {
    const builder = open();
    const execute = builder.execute.bind(builder);
    builder.execute = async <T>(callback: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
      const effects: Effect[] = [];
      const result = await execute((trx) => {
        pending.set(trx, effects);
        return callback(trx);
      });
      // COMMIT has returned: each effect is a counter's increment, which does not throw.
      for (const effect of effects) effect();
      return result;
    };
    return builder;
  };
}
