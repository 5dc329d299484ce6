// Side effects that cannot be lost (docs/architecture.md "Side effects: the outbox"; STYLE.md "Side
// effects"). A state change and the events it owes a person (a reward's message, the invitation reward
// after a verification) commit in one transaction; the events are then delivered at once by the process
// that wrote them, and by a worker in every process whatever was not: a failed delivery, a process killed
// between the commit and the delivery. Delivery is at least once and each topic's handler is idempotent by
// the event's own key (a message's dedupe key, the invitation's per-person key), so each effect happens
// once. A delivery runs under a time limit shorter than its lease, and its outcome is recorded only while
// this process still holds the lease (outbox-repository.ts), so one that stalls cannot run on unseen nor
// clear the lease of the process that took the event over. A failed delivery is retried with exponential
// back-off; after OUTBOX_MAX_ATTEMPTS it is parked as dead, counted in the metrics and shown to operators
// (/ops, `npm run admin -- outbox list|dead|retry|discard`), who retry or discard it: never dropped unseen.
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/connect.js';
import { ambientTransaction } from '../db/ambient-transaction.js';
import { afterCommit } from '../db/commit-effects.js';
import type { Executor } from '../db/executor.js';
import type { Database } from '../db/schema.js';
import { createOutboxRepository, type OutboxRepository, type OutboxRow } from './outbox-repository.js';

/**
 * The events and their payloads, one entry per topic, added by the module that handles the topic
 * (`declare module '../outbox/outbox.js' { interface OutboxTopics { … } }`), so imports keep flowing from
 * capabilities to this module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OutboxTopics {}
export type OutboxTopic = keyof OutboxTopics & string;

export interface OutboxDelivery {
  id: string;
  userId: string | null;
  createdAt: number;
  /** 1 on the first delivery. */
  attempt: number;
  /** Aborted when the delivery's time limit passes: a handler that can stop early stops then (its outcome is no longer awaited). */
  signal: AbortSignal;
}
export type OutboxHandler<K extends OutboxTopic> = (payload: OutboxTopics[K], delivery: OutboxDelivery) => Promise<unknown>;

/** Writes an event in the transaction at hand; the id, to deliver it once the transaction committed. */
export type Emit = <K extends OutboxTopic>(topic: K, payload: OutboxTopics[K], userId: string | null) => Promise<string>;

export interface OutboxOptions {
  /** How often the worker looks for due events. */
  pollMs: number;
  /** How long a delivery may take before another process may take the event over. */
  leaseMs: number;
  /** How long one handler may run before it is given up as failed; less than leaseMs. */
  deliveryTimeoutMs: number;
  /** The first retry's delay; each further failure doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** The attempts an event gets; when the last one fails it is parked as dead until an operator acts. */
  maxAttempts: number;
  /** How long a request waits for the delivery of its own events before it answers (the rest goes on). */
  inlineWaitMs: number;
  /** How long delivered events are kept for operators. */
  keepDeliveredMs: number;
}

export interface OutboxDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: () => number;
  options: OutboxOptions;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

const BATCH = 50;
const PRUNE_EVERY_MS = 3_600_000;

/** What is kept of a delivery's failure: the error's class and message, never a stack. */
const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** A handler that had not finished when its time limit (OUTBOX_DELIVERY_TIMEOUT_MS) passed. */
export class DeliveryTimeout extends Error {
  override readonly name = 'DeliveryTimeout';
}

export function createOutbox(deps: OutboxDeps) {
  const { clock, options } = deps;
  const repo: OutboxRepository = createOutboxRepository(deps.db, deps.engine);
  const handlers = new Map<string, OutboxHandler<never>>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<number> | undefined;
  let lastPrune = 0;

  const retryDelay = (attempt: number) => Math.min(options.retryBaseMs * 2 ** Math.max(0, attempt - 1), options.retryMaxMs);

  /**
   * The topic's handler on the event, given up with DeliveryTimeout once deliveryTimeoutMs has passed. A
   * promise cannot be cancelled: the signal asks the handler to stop, and whatever it still does is
   * idempotent by the event's key and can no longer record anything (the lease is this delivery's only).
   */
  async function handle(row: OutboxRow): Promise<void> {
    const handler = handlers.get(row.topic);
    if (!handler) throw new Error(`no handler for the topic ${row.topic}`);
    const controller = new AbortController();
    let limitTimer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_resolve, reject) => {
      limitTimer = setTimeout(() => {
        const error = new DeliveryTimeout(`the handler did not finish within ${options.deliveryTimeoutMs} ms`);
        controller.abort(error);
        reject(error);
      }, options.deliveryTimeoutMs);
    });
    try {
      const delivery = { id: row.id, userId: row.user_id, createdAt: Number(row.created_at), attempt: row.attempts, signal: controller.signal };
      await Promise.race([handler(JSON.parse(row.payload) as never, delivery), limit]);
    } finally {
      clearTimeout(limitTimer);
    }
  }

  /**
   * Delivers one leased event and records its outcome while the lease is still this delivery's; never
   * throws. When the outcome cannot be written (the database is away), the lease runs out and the event is
   * due again.
   */
  async function run(row: OutboxRow): Promise<boolean> {
    const token = row.lease_token;
    const lost = () => {
      deps.log.warn({ event: row.id, topic: row.topic }, 'outbox lease lost: another process took the event over, its outcome stands');
      return false;
    };
    try {
      if (token === null) throw new Error(`the claim of ${row.id} wrote no lease token`);
      // A batch shares one lease and is delivered one event after another: an event whose turn comes late
      // has its lease renewed first, so every handler starts with more than its time limit of lease ahead.
      if (clock() + options.deliveryTimeoutMs >= Number(row.locked_until) && !(await repo.renew(row.id, token, clock() + options.leaseMs))) return lost();
      try {
        await handle(row);
      } catch (error) {
        const dead = row.attempts >= options.maxAttempts;
        const details = { event: row.id, topic: row.topic, attempt: row.attempts, err: error };
        if (dead) deps.log.error(details, 'outbox event failed its last attempt, parked as dead for an operator');
        else deps.log.warn(details, 'outbox event not delivered, retried later');
        const held = dead
          ? await repo.dead(row.id, token, describe(error), clock())
          : await repo.failed(row.id, token, describe(error), clock() + retryDelay(row.attempts));
        return held ? false : lost();
      }
      return (await repo.delivered(row.id, token, clock())) || lost();
    } catch (failure) {
      deps.log.error({ event: row.id, err: failure }, 'outbox outcome not recorded, the event is due again when its lease runs out');
      return false;
    }
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  /** Every due event, in batches, until none is left; the number delivered. */
  async function drainOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const now = clock();
      const rows = await repo.claimDue(now, now + options.leaseMs, BATCH);
      for (const row of rows) if (await run(row)) delivered += 1;
      if (rows.length < BATCH) break;
    }
    const now = clock();
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      await repo.prune(now - options.keepDeliveredMs);
    }
    return delivered;
  }

  async function deliverNow(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = clock();
    for (const row of await repo.claim(ids, now, now + options.leaseMs)) await run(row);
  }

  const outbox = {
    /** The topic's one handler; registered by the module that owns the topic, before the server starts. */
    on<K extends OutboxTopic>(topic: K, handler: OutboxHandler<K>): void {
      if (handlers.has(topic)) throw new Error(`outbox: the topic ${topic} has a handler already`);
      handlers.set(topic, handler as OutboxHandler<never>);
    },

    /** Writes an event in `trx`, the transaction of the state change it follows. Deliver its id after the commit. */
    emit<K extends OutboxTopic>(trx: Executor, topic: K, payload: OutboxTopics[K], userId: string | null): Promise<string> {
      return repo.add({ topic, userId, payload, now: clock() }, trx);
    },

    /**
     * Delivers these events now (their transaction has committed), waiting at most inlineWaitMs so a slow
     * delivery never holds the answer; whatever fails or is still running is the worker's. Never throws.
     */
    async deliver(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const work = track(deliverNow(ids).catch((error: unknown) => deps.log.error({ err: error }, 'outbox delivery failed, the worker retries')));
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([work, new Promise((resolve) => (timeout = setTimeout(resolve, options.inlineWaitMs)))]);
      clearTimeout(timeout);
    },

    /** A transaction whose events are delivered once it committed: `emit` writes them in it. */
    async transaction<T>(body: (trx: Transaction<Database>, emit: Emit) => Promise<T>): Promise<T> {
      const ids: string[] = [];
      // Inside an operators' change (db/ambient-transaction.ts) this transaction joins the change's, which
      // commits later: its events are delivered once that one has committed.
      const joined = ambientTransaction();
      const result = await deps.db.transaction().execute((trx) =>
        body(trx, async (topic, payload, userId) => {
          const id = await outbox.emit(trx, topic, payload, userId);
          ids.push(id);
          return id;
        }),
      );
      if (joined) afterCommit(joined, () => void outbox.deliver(ids));
      else await outbox.deliver(ids);
      return result;
    },

    /** Delivers every due event now (the worker's pass; tests call it after moving the clock). */
    drain(): Promise<number> {
      draining ??= track(drainOnce()).finally(() => (draining = undefined));
      return draining;
    },

    /** Starts the worker: a pass every pollMs, one at a time. */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (draining) return;
        outbox.drain().catch((error: unknown) => deps.log.error({ err: error }, 'outbox pass failed'));
      }, options.pollMs);
      timer.unref();
    },

    /** Stops the worker and waits for the deliveries under way (shutdown). */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
    },

    backlog: () => repo.backlog(),
    repo,
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;
