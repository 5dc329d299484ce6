// One transaction around a whole operators' change (docs/architecture.md "One transaction per operators'
// change"): the change, the approval it runs under and its audit entry commit together or not at all, while
// the services that make the change keep taking their handle and opening their own transactions as they
// always do. Inside `inTransaction`, the handle every repository holds answers with that transaction (an
// AsyncLocalStorage per call chain, so other requests are untouched), and a transaction opened there joins
// it, as Spring's REQUIRED propagation does; its commit effects (db/commit-effects.ts) wait for the outer
// COMMIT. Outside, the handle is the plain Kysely instance.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

const current = new AsyncLocalStorage<Transaction<Database>>();

/** The transaction the caller runs in, if an `inTransaction` opened one up the call chain. */
export const ambientTransaction = (): Transaction<Database> | undefined => current.getStore();

/**
 * `db` answering with the ambient transaction when there is one: queries go to it, and `transaction()`
 * joins it instead of opening another (which on SQLite's one connection would wait for itself forever).
 */
export function withAmbientTransactions(db: Kysely<Database>): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      const trx = current.getStore();
      if (trx && property === 'transaction') return () => joined(trx);
      const source: object = trx ?? target;
      const value = Reflect.get(source, property, source) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** What `db.transaction()` gives inside an ambient transaction: `execute` runs the callback in it. */
function joined(trx: Transaction<Database>) {
  return {
    execute: <T>(callback: (trx: Transaction<Database>) => Promise<T>): Promise<T> => callback(trx),
    setIsolationLevel: () => {
      throw new Error('a transaction joining an ambient one cannot set its own isolation level');
    },
    setAccessMode: () => {
      throw new Error('a transaction joining an ambient one cannot set its own access mode');
    },
  };
}

/**
 * Runs `body` in one transaction of `db` that every query and transaction of the call chain joins; joins
 * the ambient one itself if there is one already.
 */
export function inTransaction<T>(db: Kysely<Database>, body: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return body(outer);
  return db.transaction().execute((trx) => current.run(trx, () => body(trx)));
}
