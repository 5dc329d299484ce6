// Side effects that cannot be lost (docs/architecture.md "Side effects: the outbox"; STYLE.md "Side
// effects"). A state change and the events it owes a person (a reward's message, the invitation reward
// after a verification) commit in one transaction; the events are then delivered at once by the process
// that wrote them, and by a worker in every process whatever was not: a failed delivery, a process killed
// between the commit and the delivery. Delivery is at least once and each topic's handler is idempotent by
// the event's own key (a message's dedupe key, the invitation's per-person key), so each effect happens
// once. A delivery that keeps failing is retried with exponential back-off for as long as it fails, and
// stays visible to operators (/ops, `npm run admin -- outbox list|retry`).
import type { Kysely, Transaction } from 'kysely';
import type { Engine } from '../db/connect.js';
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
}
export type OutboxHandler<K extends OutboxTopic> = (payload: OutboxTopics[K], delivery: OutboxDelivery) => Promise<unknown>;

/** Writes an event in the transaction at hand; the id, to deliver it once the transaction committed. */
export type Emit = <K extends OutboxTopic>(topic: K, payload: OutboxTopics[K], userId: string | null) => Promise<string>;

export interface OutboxOptions {
  /** How often the worker looks for due events. */
  pollMs: number;
  /** How long a delivery may take before another process may take the event over. */
  leaseMs: number;
  /** The first retry's delay; each further failure doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
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

export function createOutbox(deps: OutboxDeps) {
  const { clock, options } = deps;
  const repo: OutboxRepository = createOutboxRepository(deps.db, deps.engine);
  const handlers = new Map<string, OutboxHandler<never>>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<number> | undefined;
  let lastPrune = 0;

  const retryDelay = (attempt: number) => Math.min(options.retryBaseMs * 2 ** Math.max(0, attempt - 1), options.retryMaxMs);

  /** Delivers one leased event; a failure is recorded with its retry time, never thrown. */
  async function run(row: OutboxRow): Promise<boolean> {
    try {
      const handler = handlers.get(row.topic);
      if (!handler) throw new Error(`no handler for the topic ${row.topic}`);
      await handler(JSON.parse(row.payload) as never, { id: row.id, userId: row.user_id, createdAt: Number(row.created_at), attempt: row.attempts });
      await repo.delivered(row.id, clock());
      return true;
    } catch (error) {
      deps.log.warn({ event: row.id, topic: row.topic, attempt: row.attempts, err: error }, 'outbox event not delivered, retried later');
      // If even this fails (the database is away), the lease runs out and the event is due again.
      await repo
        .failed(row.id, describe(error), clock() + retryDelay(row.attempts))
        .catch((failure: unknown) => deps.log.error({ event: row.id, err: failure }, 'outbox failure not recorded'));
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
      const result = await deps.db.transaction().execute((trx) =>
        body(trx, async (topic, payload, userId) => {
          const id = await outbox.emit(trx, topic, payload, userId);
          ids.push(id);
          return id;
        }),
      );
      await outbox.deliver(ids);
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
