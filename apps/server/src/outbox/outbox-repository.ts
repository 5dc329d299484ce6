// The outbox table (db/migrations/2026-11-27-0800-outbox.ts): writing an event inside the caller's
// transaction, and the leases that let one process at a time deliver it (docs/architecture.md "Side
// effects: the outbox"). Claims are conditional updates on what is due and unleased: on PostgreSQL the
// candidates are locked FOR UPDATE SKIP LOCKED, so two processes claiming at once take different events
// and neither waits; SQLite has one writer, so its update is the whole claim.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/connect.js';
import type { Executor } from '../db/executor.js';
import type { Database, OutboxTable } from '../db/schema.js';

export type OutboxRow = OutboxTable;

export interface NewOutboxEvent {
  topic: string;
  userId: string | null;
  payload: unknown;
  now: number;
}

export interface OutboxBacklog {
  /** Undelivered events. */
  depth: number;
  /** Of those, the ones that failed at least once. */
  failing: number;
  /** When the oldest undelivered event was written; null when there is none. */
  oldestAt: number | null;
}

const LAST_ERROR_CHARS = 300;

export function createOutboxRepository(db: Kysely<Database>, engine: Engine) {
  /** Takes the given candidates' leases: due, undelivered and not leased by a live delivery. */
  async function lease(now: number, leaseUntil: number, pick: { ids: string[] } | { limit: number }): Promise<OutboxRow[]> {
    if ('ids' in pick && pick.ids.length === 0) return [];
    return db
      .updateTable('outbox')
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        let candidates = eb
          .selectFrom('outbox')
          .select('id')
          .where('delivered_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
        candidates = 'ids' in pick ? candidates.where('id', 'in', pick.ids) : candidates.orderBy('next_attempt_at').orderBy('id').limit(pick.limit);
        return engine === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
      })
      .returningAll()
      .execute();
  }

  return {
    /** Writes an event in the caller's transaction: it exists exactly when the state change it follows does. */
    async add(event: NewOutboxEvent, trx: Executor): Promise<string> {
      const id = `ev_${randomBytes(12).toString('base64url')}`;
      await trx
        .insertInto('outbox')
        .values({
          id,
          topic: event.topic,
          user_id: event.userId,
          payload: JSON.stringify(event.payload),
          created_at: event.now,
          attempts: 0,
          next_attempt_at: event.now,
          locked_until: null,
          last_error: null,
          delivered_at: null,
        })
        .execute();
      return id;
    },

    /** Up to `limit` due events, oldest first, leased until `leaseUntil`. */
    claimDue: (now: number, leaseUntil: number, limit: number) => lease(now, leaseUntil, { limit }),

    /** These events, where each is still due and unleased (another process may have taken one). */
    claim: (ids: string[], now: number, leaseUntil: number) => lease(now, leaseUntil, { ids }),

    async delivered(id: string, now: number): Promise<void> {
      await db.updateTable('outbox').set({ delivered_at: now, locked_until: null, last_error: null }).where('id', '=', id).execute();
    },

    async failed(id: string, error: string, retryAt: number): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ locked_until: null, next_attempt_at: retryAt, last_error: error.slice(0, LAST_ERROR_CHARS) })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute();
    },

    async backlog(): Promise<OutboxBacklog> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('depth'),
          eb.fn.count<string | number>('last_error').as('failing'),
          eb.fn.min<string | number | null>('created_at').as('oldest'),
        ])
        .where('delivered_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { depth: Number(row.depth), failing: Number(row.failing), oldestAt: row.oldest === null ? null : Number(row.oldest) };
    },

    /** Undelivered events, oldest first (the admin command's list). */
    async pending(limit: number): Promise<OutboxRow[]> {
      return db.selectFrom('outbox').selectAll().where('delivered_at', 'is', null).orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    /** Makes these undelivered events (or all of them) due now: the operator's retry. One being delivered keeps its lease. */
    async retryNow(ids: string[] | 'all', now: number): Promise<number> {
      let query = db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('delivered_at', 'is', null)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
      if (ids !== 'all') {
        if (ids.length === 0) return 0;
        query = query.where('id', 'in', ids);
      }
      return Number((await query.executeTakeFirst()).numUpdatedRows);
    },

    /** Removes delivered events older than `before`; the number removed. */
    async prune(before: number): Promise<number> {
      return Number((await db.deleteFrom('outbox').where('delivered_at', '<', before).executeTakeFirst()).numDeletedRows);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
