// The outbox table (db/migrations/2026-11-27-0800-outbox.ts, 2026-12-07-1100-outbox-leases.ts): writing an
// event inside the caller's transaction, and the leases that let one process at a time deliver it
// (docs/architecture.md "Side effects: the outbox"). Claims are conditional updates on what is due, alive
// and unleased: on PostgreSQL the candidates are locked FOR UPDATE SKIP LOCKED, so two processes claiming
// at once take different events and neither waits; SQLite has one writer, so its update is the whole claim.
// Each claim writes a new random lease token, and every outcome (delivered, failed, dead, a renewed lease)
// is a conditional update on that token with the affected rows checked: the lease's holder is whoever
// claimed last, so a delivery that outlived its lease and was taken over changes nothing. The token, not
// a clock, decides: processes' clocks may differ, and a late outcome nobody else claimed over is still true.
import { randomBytes } from 'node:crypto';
import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
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
  /** Undelivered events still being tried (the dead ones apart). */
  depth: number;
  /** Of those, the ones that failed at least once. */
  failing: number;
  /** When the oldest of those was written; null when there is none. */
  oldestAt: number | null;
  /** Events parked after OUTBOX_MAX_ATTEMPTS failures, waiting for an operator. */
  dead: number;
}

const LAST_ERROR_CHARS = 300;

export function createOutboxRepository(db: Kysely<Database>, engine: Engine) {
  /** Runs an outcome's update on the event while this token holds its lease; whether it did. */
  async function held(update: UpdateQueryBuilder<Database, 'outbox', 'outbox', UpdateResult>, id: string, token: string): Promise<boolean> {
    const result = await update.where('id', '=', id).where('lease_token', '=', token).where('delivered_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Takes the given candidates' leases, under a new token: due, undelivered, alive and not leased by a live delivery. */
  async function lease(now: number, leaseUntil: number, pick: { ids: string[] } | { limit: number }): Promise<OutboxRow[]> {
    if ('ids' in pick && pick.ids.length === 0) return [];
    const token = randomBytes(12).toString('base64url');
    const rows = await db
      .updateTable('outbox')
      .set((eb) => ({ locked_until: leaseUntil, lease_token: token, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) => {
        let candidates = eb
          .selectFrom('outbox')
          .select('id')
          .where('delivered_at', 'is', null)
          .where('dead_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
        candidates = 'ids' in pick ? candidates.where('id', 'in', pick.ids) : candidates.orderBy('next_attempt_at').orderBy('id').limit(pick.limit);
        return engine === 'postgres' ? candidates.forUpdate().skipLocked() : candidates;
      })
      .returningAll()
      .execute();
    // RETURNING follows no order: delivered oldest due first, as they were picked.
    return rows.sort((x, y) => Number(x.next_attempt_at) - Number(y.next_attempt_at) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
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
          lease_token: null,
          dead_at: null,
        })
        .execute();
      return id;
    },

    /** Up to `limit` due events, oldest first, leased until `leaseUntil`. */
    claimDue: (now: number, leaseUntil: number, limit: number) => lease(now, leaseUntil, { limit }),

    /** These events, where each is still due and unleased (another process may have taken one). */
    claim: (ids: string[], now: number, leaseUntil: number) => lease(now, leaseUntil, { ids }),

    /** Extends a lease its holder still has (the token); false when another process took the event. */
    async renew(id: string, token: string, leaseUntil: number): Promise<boolean> {
      return held(db.updateTable('outbox').set({ locked_until: leaseUntil }), id, token);
    },

    /** The holder's delivery went through; false when the lease was no longer its own (nothing changed). */
    async delivered(id: string, token: string, now: number): Promise<boolean> {
      return held(db.updateTable('outbox').set({ delivered_at: now, locked_until: null, lease_token: null, last_error: null }), id, token);
    },

    /** The holder's delivery failed: due again at `retryAt`; false when the lease was no longer its own. */
    async failed(id: string, token: string, error: string, retryAt: number): Promise<boolean> {
      return held(
        db.updateTable('outbox').set({ locked_until: null, lease_token: null, next_attempt_at: retryAt, last_error: error.slice(0, LAST_ERROR_CHARS) }),
        id,
        token,
      );
    },

    /** The holder's last allowed attempt failed: parked until an operator acts; false when the lease was no longer its own. */
    async dead(id: string, token: string, error: string, now: number): Promise<boolean> {
      return held(
        db.updateTable('outbox').set({ locked_until: null, lease_token: null, dead_at: now, last_error: error.slice(0, LAST_ERROR_CHARS) }),
        id,
        token,
      );
    },

    async backlog(): Promise<OutboxBacklog> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => {
          // Of the undelivered rows, the live ones (dead_at null) counted apart from the dead ones.
          const live = <C extends 'id' | 'last_error' | 'created_at'>(column: C) => eb.case().when('dead_at', 'is', null).then(eb.ref(column)).end();
          return [
            eb.fn.count<string | number>(live('id')).as('depth'),
            eb.fn.count<string | number>(live('last_error')).as('failing'),
            eb.fn.min<string | number | null>(live('created_at')).as('oldest'),
            eb.fn.count<string | number>('dead_at').as('dead'),
          ];
        })
        .where('delivered_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        depth: Number(row.depth),
        failing: Number(row.failing),
        oldestAt: row.oldest === null ? null : Number(row.oldest),
        dead: Number(row.dead),
      };
    },

    /** Undelivered events still being tried, oldest first (the admin command's list). */
    async pending(limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('outbox')
        .selectAll()
        .where('delivered_at', 'is', null)
        .where('dead_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Dead events, in the order they were parked (the admin command's and /ops' list). */
    async deadEvents(limit: number): Promise<OutboxRow[]> {
      return db.selectFrom('outbox').selectAll().where('dead_at', 'is not', null).orderBy('dead_at').orderBy('id').limit(limit).execute();
    },

    async find(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Makes these undelivered events (or all of them; with `deadOnly`, only dead ones) due now: the
     * operator's retry. A dead one comes back with its attempts counted afresh (OUTBOX_MAX_ATTEMPTS more);
     * one being delivered keeps its lease. The number made due.
     */
    async retryNow(ids: string[] | 'all', now: number, opts: { deadOnly?: boolean } = {}): Promise<number> {
      let query = db
        .updateTable('outbox')
        .set((eb) => ({
          next_attempt_at: now,
          attempts: eb.case().when('dead_at', 'is', null).then(eb.ref('attempts')).else(0).end(),
          dead_at: null,
        }))
        .where('delivered_at', 'is', null)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
      if (opts.deadOnly) query = query.where('dead_at', 'is not', null);
      if (ids !== 'all') {
        if (ids.length === 0) return 0;
        query = query.where('id', 'in', ids);
      }
      return Number((await query.executeTakeFirst()).numUpdatedRows);
    },

    /** Deletes these dead events (never one still being tried): the operator's decision that nothing is owed. The rows deleted. */
    async discard(ids: string[]): Promise<OutboxRow[]> {
      if (ids.length === 0) return [];
      return db.deleteFrom('outbox').where('id', 'in', ids).where('dead_at', 'is not', null).returningAll().execute();
    },

    /** Removes delivered events older than `before`; the number removed. */
    async prune(before: number): Promise<number> {
      return Number((await db.deleteFrom('outbox').where('delivered_at', '<', before).executeTakeFirst()).numDeletedRows);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
