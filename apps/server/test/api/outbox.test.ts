// The outbox (docs/architecture.md "Side effects: the outbox"): an event exists exactly when the state
// change it follows committed; each is delivered once however many processes deliver at the same time;
// only the lease's holder records an outcome, and no delivery runs past its time limit; one that cannot be
// delivered is retried with its error kept, then parked as dead for an operator, who retries or discards
// it; a message carries the time of its change; and a process killed between the commit and the delivery
// loses nothing (the next process delivers it, once).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_IDS, CODE, OPS_PATH, opsUrl, redeemCode, messageList } from '@tyd/protocol';
import { opsOutboxDead, parseOpsResponseData, type OpsOutboxEvent, type OpsSummary } from '@tyd/protocol/schemas';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPhoneProtection } from '../../src/account/services/phone-protection.js';
import { createSessionsRepository } from '../../src/account/repositories/sessions-repository.js';
import { createUsersRepository } from '../../src/account/repositories/users-repository.js';
import type { Secrets } from '../../src/config/index.js';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { DeliveryTimeout, createOutbox, type OutboxOptions } from '../../src/outbox/outbox.js';
import { createRewardsAdmin } from '../../src/rewards/rewards-module.js';
import { adminCommand, adminOutcome } from '../support/admin-command.js';
import { ApiClient } from '../support/api-client.js';
import { testClock, type TestClock } from '../support/accounts.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { signedInOperator } from '../support/operators.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const OPTIONS: OutboxOptions = {
  pollMs: 60_000,
  leaseMs: 60_000,
  deliveryTimeoutMs: 30_000,
  retryBaseMs: 5_000,
  retryMaxMs: 3_600_000,
  maxAttempts: 20,
  inlineWaitMs: 2_000,
  keepDeliveredMs: 7 * DAY,
};
const silent = { warn: () => undefined, error: () => undefined };

/** A promise the test opens or fails when it chooses: a handler held open on it (races by gates, never by sleeps). */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}
const chinaDate = (now: number, days: number) => new Date(now + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

describe.each(ENGINES)('the outbox on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { API_RATE_PER_ADDRESS_PER_MINUTE: '100000', OUTBOX_MAX_ATTEMPTS: '3', METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member() {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    return { userId: user.id, accessToken };
  }
  const eventsOf = (userId: string) => t.app.database.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).execute();

  it('writes an event only with a change that commits: a refused redemption leaves none, a good one one, delivered before the answer', async () => {
    const [code] = (
      await t.app.rewards.operations.createBatch({ name: '测试批次', itemId: 'coupon-rate-off-5', count: 1, expires: chinaDate(clock(), 30) }, 'test', clock())
    ).codes;
    const { userId, accessToken } = await member();
    const client = await t.client();
    // Out of stock: the voucher's grant throws inside the transaction, so the message written before it goes too.
    await t.app.rewards.items.change('coupon-rate-off-5', { stock: 0 }, 'test', clock());
    const refused = await client.call(redeemCode, { code: code!, idempotencyKey: randomBytes(16).toString('base64url') }, { accessToken });
    expect(refused.response?.code).toBe(CODE.CONFLICT);
    expect(await eventsOf(userId)).toEqual([]);
    await t.app.rewards.items.change('coupon-rate-off-5', { stock: 10 }, 'test', clock());
    const given = await client.call(redeemCode, { code: code!, idempotencyKey: randomBytes(16).toString('base64url') }, { accessToken });
    expect(given.response?.code).toBe('200');
    const [event] = await eventsOf(userId);
    expect(event).toMatchObject({ topic: 'message', attempts: 1, last_error: null });
    expect(event!.delivered_at).not.toBeNull();
    const listed = (await client.call(messageList, {}, { accessToken })).response?.data as { items: Array<{ title: string }> };
    expect(listed.items.map((m) => m.title)).toEqual(['兑换码奖励已到账']);
  });

  it('keeps an event whose topic nobody handles, with the reason, and counts it in the backlog', async () => {
    const { userId } = await member();
    const stray = createOutbox({ db: t.app.database.db, engine: t.app.database.engine, clock, options: OPTIONS, log: silent });
    await stray.transaction(async (_trx, emit) => {
      await emit('message', { kind: 'rewards', title: '测试', body: '测试', dedupeKey: 'stray' }, userId);
    });
    const [event] = await eventsOf(userId);
    expect(event).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'Error: no handler for the topic message' });
    expect(event!.next_attempt_at).toBe(clock() + 5_000);
    expect(await t.app.outbox.backlog()).toMatchObject({ depth: 1, failing: 1, oldestAt: event!.created_at, dead: 0 });
    // The server, which handles it, delivers it once it is due.
    clock.advance(5_000);
    expect(await t.app.outbox.drain()).toBe(1);
    expect((await eventsOf(userId))[0]).toMatchObject({ attempts: 2, last_error: null });
    expect(await t.app.outbox.backlog()).toEqual({ depth: 0, failing: 0, oldestAt: null, dead: 0 });
  });

  it('stamps a message with the time of the change it tells of, not of its delivery: one retried later still sorts where it happened', async () => {
    const { userId, accessToken } = await member();
    const message = (title: string) => ({ kind: 'rewards', title, body: '测试', dedupeKey: title }) as const;
    // The first change's message fails its delivery (nobody handles it here) and waits for its retry.
    const stray = createOutbox({ db: t.app.database.db, engine: t.app.database.engine, clock, options: OPTIONS, log: silent });
    const first = clock();
    await stray.transaction((_trx, emit) => emit('message', message('先发生的变更'), userId));
    clock.advance(1_000);
    await t.app.outbox.transaction((_trx, emit) => emit('message', message('后发生的变更'), userId));
    clock.advance(OPTIONS.retryBaseMs);
    await t.app.outbox.drain();
    const client = await t.client();
    const listed = (await client.call(messageList, {}, { accessToken })).response?.data as { items: Array<{ title: string; createdAt: number }> };
    expect(listed.items.map((m) => [m.title, m.createdAt])).toEqual([
      ['后发生的变更', first + 1_000],
      ['先发生的变更', first],
    ]);
  });

  it('takes an account’s undelivered events with the account when it is deleted (nobody left to tell)', async () => {
    const { userId } = await member();
    const stray = createOutbox({ db: t.app.database.db, engine: t.app.database.engine, clock, options: OPTIONS, log: silent });
    await stray.transaction((_trx, emit) => emit('message', { kind: 'rewards', title: '测试', body: '测试', dedupeKey: 'gone' }, userId));
    expect(await eventsOf(userId)).toHaveLength(1);
    await t.app.database.db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await eventsOf(userId)).toEqual([]);
  });

  it('parks a message that can never be posted after OUTBOX_MAX_ATTEMPTS: counted in the metrics, listed to every operator, retried or discarded by an administrator only', async () => {
    const { userId } = await member();
    const event = (id: string) => t.app.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    // The registry /metrics serves (its listener is metrics.test.ts's).
    const deadGauge = async () => (await t.app.instruments.registry!.getSingleMetric('tyd_outbox_dead_events')!.get()).values[0]?.value;
    const failThrice = async () => {
      for (const wait of [5_000, 10_000]) {
        clock.advance(wait);
        await t.app.outbox.drain();
      }
    };
    // A title over 60 characters: the message service refuses it on every attempt (a poison event).
    const poison = { kind: 'rewards', title: '奖'.repeat(61), body: '测试', dedupeKey: 'poison' } as const;
    const id = await t.app.outbox.transaction((_trx, emit) => emit('message', poison, userId));
    await failThrice();
    const reason = 'Error: message: title 1..60, body at most 500 characters';
    expect(await event(id)).toMatchObject({ attempts: 3, delivered_at: null, dead_at: clock(), last_error: reason });
    // Never taken again by the worker, however long it waits; the backlog of live events does not age with it.
    clock.advance(DAY);
    await t.app.outbox.drain();
    expect(await event(id)).toMatchObject({ attempts: 3, dead_at: clock() - DAY });
    expect(await t.app.outbox.backlog()).toMatchObject({ depth: 0, dead: 1 });
    expect(await deadGauge()).toBe(1);

    // The admin command lists it under `dead`, not under `list`.
    const dead = (await adminCommand(t, ['outbox', 'dead'])).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string });
    expect(dead).toEqual([
      expect.objectContaining({ id, topic: 'message', userId, attempts: 3, lastError: reason, deadAt: new Date(clock() - DAY).toISOString() }),
    ]);
    const listed = await adminCommand(t, ['outbox', 'list']);
    expect(listed.stdout).not.toContain(id);
    expect(listed.stderr).toMatch(/, 1 dead$/m);

    // Every operator sees it in /ops; only an administrator retries or discards it.
    const viewer = await signedInOperator(t, 'viewer', { staySignedIn: true });
    const rewards = await signedInOperator(t, 'rewards_manager', { staySignedIn: true });
    const admin = await signedInOperator(t, 'administrator', { staySignedIn: true });
    const seen = await viewer.call<{ items: OpsOutboxEvent[]; total: number }>('GET', OPS_PATH.outboxDead);
    expect(parseOpsResponseData(opsOutboxDead, seen.body.data).ok).toBe(true);
    expect(seen.body.data).toEqual({
      items: [{ id, topic: 'message', attempts: 3, createdAt: expect.any(Number), deadAt: clock() - DAY, deliveredAt: null, lastError: reason }],
      total: 1,
    });
    expect((await viewer.call<OpsSummary>('GET', `${OPS_PATH.summary}?days=1`)).body.data?.outbox).toMatchObject({ depth: 0, dead: 1 });
    for (const operator of [viewer, rewards]) {
      expect((await operator.call('POST', opsUrl(OPS_PATH.outboxRetry, { id }), {})).status).toBe(403);
      expect((await operator.call('POST', opsUrl(OPS_PATH.outboxDiscard, { id }), {})).status).toBe(403);
    }
    // Retried: back with its attempts counted afresh and tried at once; still poison, so failing again.
    const retried = await admin.call<{ event: OpsOutboxEvent }>('POST', opsUrl(OPS_PATH.outboxRetry, { id }), {});
    expect(retried.status).toBe(200);
    expect(retried.body.data?.event).toMatchObject({ id, attempts: 1, deadAt: null, deliveredAt: null, lastError: reason });
    expect((await admin.call('POST', opsUrl(OPS_PATH.outboxRetry, { id }), {})).status).toBe(404);
    await failThrice();
    expect(await deadGauge()).toBe(1);
    // Discarded: gone, nothing posted, and the audit names who retried and who discarded it.
    const discarded = await admin.call<{ event: OpsOutboxEvent }>('POST', opsUrl(OPS_PATH.outboxDiscard, { id }), {});
    expect(discarded.body.data?.event).toMatchObject({ id, attempts: 3, lastError: reason });
    expect(await event(id)).toBeUndefined();
    expect(await deadGauge()).toBe(0);
    expect((await admin.call('POST', opsUrl(OPS_PATH.outboxDiscard, { id }), {})).status).toBe(404);
    expect((await viewer.call<{ items: OpsOutboxEvent[] }>('GET', OPS_PATH.outboxDead)).body.data?.items).toEqual([]);
    expect(await t.app.database.db.selectFrom('messages').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const audit = (await admin.call<{ entries: Array<{ operator: string; action: string; targetId: string; outcome: string }> }>('GET', OPS_PATH.audit)).body
      .data!.entries;
    // What went through; the other roles' refused attempts are in it as refusals (docs/operations.md "The audit log").
    expect(audit.filter((entry) => entry.targetId === id && entry.outcome === 'done').map((entry) => [entry.operator, entry.action])).toEqual([
      [admin.operator.name, 'POST /ops/api/outbox/dead/:id/discard'],
      [admin.operator.name, 'POST /ops/api/outbox/dead/:id/retry'],
    ]);
    // The command discards only dead events: a gone one is reported and the exit code says so.
    expect(await adminOutcome(t, ['outbox', 'discard', id])).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining(`left alone: ${id}`) });
  });

  it('prunes delivered events once they are older than OUTBOX_KEEP_DELIVERED_DAYS', async () => {
    const { userId } = await member();
    const keeper = createOutbox({ db: t.app.database.db, engine: t.app.database.engine, clock, options: OPTIONS, log: silent });
    keeper.on('message', async () => undefined);
    await keeper.transaction((_trx, emit) => emit('message', { kind: 'rewards', title: '测试', body: '测试', dedupeKey: 'old' }, userId));
    expect((await eventsOf(userId))[0]!.delivered_at).not.toBeNull();
    clock.advance(7 * DAY + 1);
    await keeper.drain();
    expect(await eventsOf(userId)).toEqual([]);
  });
});

// Two processes (two connections to one database) on each engine: an outcome is recorded only by the
// holder of the event's lease, a delivery runs under a time limit shorter than its lease, an event whose
// turn in a batch comes late has its lease renewed before it runs, and one that keeps failing is parked.
describe.each(ENGINES)('outbox leases, time limits and dead events on %s', (engine) => {
  let testDb: TestDatabase;
  let handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handles = [connectDatabase(testDb.database), connectDatabase(testDb.database)];
    await migrateToLatest(handles[0]!.db);
  });
  // Each test's clock starts anew: an event another test left would be due in this one.
  beforeEach(async () => {
    await handles[0]!.db.deleteFrom('outbox').execute();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await testDb?.drop();
  });

  const processes = (clock: TestClock, options = OPTIONS) => handles.map((handle) => createOutbox({ db: handle.db, engine, clock, options, log: silent }));
  /** Written without delivering (as by a process killed after its commit). */
  async function write(clock: TestClock, ...keys: string[]): Promise<string[]> {
    const writer = createOutbox({ db: handles[0]!.db, engine, clock, options: OPTIONS, log: silent });
    const ids: string[] = [];
    for (const key of keys) {
      ids.push(
        await handles[0]!.db
          .transaction()
          .execute((trx) => writer.emit(trx, 'message', { kind: 'rewards', title: '测试', body: '测试', dedupeKey: key }, null)),
      );
      // One after another in the order written (claims take the earliest due first).
      clock.advance(1);
    }
    return ids;
  }
  const row = (id: string) => handles[0]!.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it.each(['fails', 'succeeds'] as const)(
    'a delivery that outlived its lease and %s late changes nothing: the process that took the event over keeps it, and nobody delivers it a third time',
    async (outcome) => {
      const clock = testClock();
      const [a, b] = processes(clock);
      const runs: string[] = [];
      const aInside = gate();
      const aHeld = gate();
      const bInside = gate();
      const bHeld = gate();
      a!.on('message', async () => {
        runs.push('a');
        aInside.open();
        await aHeld.promise;
      });
      b!.on('message', async () => {
        runs.push('b');
        bInside.open();
        await bHeld.promise;
      });
      const [id] = await write(clock, `late-${outcome}`);
      const aPass = a!.drain();
      await aInside.promise;
      // A's delivery hangs past its lease; B takes the event over and is held in its turn.
      clock.advance(OPTIONS.leaseMs + 1);
      const bPass = b!.drain();
      await bInside.promise;
      const bLease = clock() + OPTIONS.leaseMs;
      if (outcome === 'fails') aHeld.fail(new Error('too late'));
      else aHeld.open();
      expect(await aPass).toBe(0);
      expect(await row(id!)).toMatchObject({ attempts: 2, locked_until: bLease, last_error: null, delivered_at: null });
      // Past A's retry time a third process finds nothing: the event is B's until B's lease runs out.
      clock.advance(OPTIONS.retryBaseMs);
      const third = createOutbox({ db: handles[1]!.db, engine, clock, options: OPTIONS, log: silent });
      third.on('message', async () => void runs.push('third'));
      expect(await third.drain()).toBe(0);
      bHeld.open();
      expect(await bPass).toBe(1);
      expect(runs).toEqual(['a', 'b']);
      expect(await row(id!)).toMatchObject({ attempts: 2, locked_until: null, last_error: null, delivered_at: clock() });
    },
  );

  it('gives a delivery up at OUTBOX_DELIVERY_TIMEOUT_MS: the handler is asked to stop, the pass goes on, the event is retried', async () => {
    const clock = testClock();
    const [worker] = processes(clock, { ...OPTIONS, deliveryTimeoutMs: 50 });
    const stuck = gate();
    const finished = gate();
    let signal: AbortSignal | undefined;
    const delivered: string[] = [];
    worker!.on('message', async (message, delivery) => {
      if (message.dedupeKey === 'stuck') {
        signal = delivery.signal;
        await stuck.promise;
      }
      delivered.push(message.dedupeKey);
      if (message.dedupeKey === 'stuck') finished.open();
    });
    const [stuckId, nextId] = await write(clock, 'stuck', 'next');
    // The hung handler would hold the pass (and the process's worker) for good; it is given up instead.
    expect(await worker!.drain()).toBe(1);
    expect(delivered).toEqual(['next']);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBeInstanceOf(DeliveryTimeout);
    expect(await row(stuckId!)).toMatchObject({
      attempts: 1,
      delivered_at: null,
      locked_until: null,
      next_attempt_at: clock() + OPTIONS.retryBaseMs,
      last_error: 'DeliveryTimeout: the handler did not finish within 50 ms',
    });
    expect((await row(nextId!)).delivered_at).toBe(clock());
    // The given-up handler finishing afterwards records nothing: the event stays due again, as failed.
    stuck.open();
    await finished.promise;
    expect(delivered).toEqual(['next', 'stuck']);
    expect(await row(stuckId!)).toMatchObject({ delivered_at: null, last_error: expect.stringMatching(/^DeliveryTimeout/) });
  });

  it('renews the lease of an event whose turn in a batch comes after the lease ran out, so no other process takes it meanwhile', async () => {
    const clock = testClock();
    const [a, b] = processes(clock);
    const runs: string[] = [];
    let seenByB: number | undefined;
    a!.on('message', async (message) => {
      runs.push(`a:${message.dedupeKey}`);
      // The first delivery of the batch takes longer than the batch's lease.
      if (message.dedupeKey === 'first') clock.advance(OPTIONS.leaseMs + 1);
      // While the second runs, the other process looks for due events.
      else seenByB = await b!.drain();
    });
    b!.on('message', async (message) => void runs.push(`b:${message.dedupeKey}`));
    await write(clock, 'first', 'second');
    expect(await a!.drain()).toBe(2);
    expect(seenByB).toBe(0);
    expect(runs).toEqual(['a:first', 'a:second']);
  });

  it('parks an event that failed OUTBOX_MAX_ATTEMPTS times as dead: no process takes it again until an operator retries it, and discarding takes only dead ones', async () => {
    const clock = testClock();
    const [a, b] = processes(clock, { ...OPTIONS, maxAttempts: 3 });
    let poisoned = true;
    const tries: string[] = [];
    for (const worker of [a!, b!])
      worker.on('message', async (message) => {
        tries.push(message.dedupeKey);
        if (poisoned && message.dedupeKey === 'poison') throw new Error('message: title 1..60, body at most 500 characters');
      });
    const [poison, alive] = await write(clock, 'poison', 'alive');
    await a!.drain();
    for (const wait of [5_000, 10_000]) {
      clock.advance(wait);
      await b!.drain();
    }
    expect(tries).toEqual(['poison', 'alive', 'poison', 'poison']);
    expect(await row(poison!)).toMatchObject({
      attempts: 3,
      dead_at: clock(),
      locked_until: null,
      last_error: 'Error: message: title 1..60, body at most 500 characters',
    });
    const repo = a!.repo;
    expect(await repo.backlog()).toEqual({ depth: 0, failing: 0, oldestAt: null, dead: 1 });
    // Long after any retry would have been due, neither process takes it.
    clock.advance(DAY);
    expect(await Promise.all([a!.drain(), b!.drain()])).toEqual([0, 0]);
    expect(tries).toHaveLength(4);
    expect((await repo.deadEvents(10)).map((event) => event.id)).toEqual([poison]);
    expect(await repo.pending(10)).toEqual([]);
    // Discarding is for dead events only: a delivered (or still live) one is not touched.
    expect(await repo.discard([alive!])).toEqual([]);
    // The cause fixed, the operator's retry brings it back with its attempts counted afresh.
    poisoned = false;
    expect(await repo.retryNow([poison!], clock())).toBe(1);
    expect(await row(poison!)).toMatchObject({ attempts: 0, dead_at: null, next_attempt_at: clock() });
    expect(await b!.drain()).toBe(1);
    expect(await row(poison!)).toMatchObject({ attempts: 1, dead_at: null, delivered_at: clock(), last_error: null });
    expect(await repo.backlog()).toEqual({ depth: 0, failing: 0, oldestAt: null, dead: 0 });
  });

  it('discards a dead event on an operator’s word, and nothing else', async () => {
    const clock = testClock();
    const [worker] = processes(clock, { ...OPTIONS, maxAttempts: 1 });
    worker!.on('message', async (message) => {
      if (message.dedupeKey !== 'fine') throw new Error('refused');
    });
    const [doomed, waiting, fine] = await write(clock, 'doomed', 'waiting', 'fine');
    // One not due yet is live, not dead: the pass leaves it alone.
    await handles[0]!.db
      .updateTable('outbox')
      .set({ next_attempt_at: clock() + DAY })
      .where('id', '=', waiting!)
      .execute();
    await worker!.drain();
    expect((await row(doomed!)).dead_at).toBe(clock());
    expect((await worker!.repo.discard([doomed!, waiting!, fine!])).map((event) => event.id)).toEqual([doomed]);
    const left = await handles[0]!.db.selectFrom('outbox').select('id').execute();
    expect(left.map((event) => event.id).sort()).toEqual([waiting!, fine!].sort());
  });
});

describe('the outbox with two processes on PostgreSQL', () => {
  let testDb: TestDatabase;
  let handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    handles = [connectDatabase(testDb.database), connectDatabase(testDb.database)];
    await migrateToLatest(handles[0]!.db);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await testDb?.drop();
  });

  it('delivers each of 400 events exactly once while two processes drain at the same time', async () => {
    const clock = testClock();
    const delivered = new Map<string, number>();
    const outboxes = handles.map((handle) => {
      const outbox = createOutbox({ db: handle.db, engine: 'postgres', clock, options: OPTIONS, log: silent });
      outbox.on('message', async (message) => {
        delivered.set(message.dedupeKey, (delivered.get(message.dedupeKey) ?? 0) + 1);
        // A delivery takes a moment (a query), so the two processes' passes overlap.
        await handle.db.selectFrom('outbox').select('id').limit(1).execute();
      });
      return outbox;
    });
    // Written without delivering (as by processes killed after their commits).
    const writer = createOutbox({ db: handles[0]!.db, engine: 'postgres', clock, options: OPTIONS, log: silent });
    await handles[0]!.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 400; i++) await writer.emit(trx, 'message', { kind: 'rewards', title: '测试', body: '测试', dedupeKey: `e${i}` }, null);
    });
    const counts = await Promise.all([outboxes[0]!.drain(), outboxes[1]!.drain(), outboxes[0]!.drain(), outboxes[1]!.drain()]);
    // Both took part (SKIP LOCKED: neither waited for the other's batch), and between them every event went once.
    expect(counts[0]! + counts[1]!).toBe(400);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
    expect(delivered.size).toBe(400);
    expect([...delivered.values()].every((n) => n === 1)).toBe(true);
    const rows = await handles[0]!.db.selectFrom('outbox').select(['attempts', 'delivered_at']).execute();
    expect(rows.every((row) => row.attempts === 1 && row.delivered_at !== null)).toBe(true);
  });
});

describe('real server processes on PostgreSQL: kill -9 between the commit and the delivery; two processes delivering', () => {
  let testDb: TestDatabase;
  let server: ChildServer | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    env = {
      DATA_DIR: testDb.dataDir,
      WEB_DIST: join(testDb.dataDir, 'no-web-build'),
      DATABASE_URL: testDb.databaseUrl,
      OUTBOX_LEASE_SECONDS: '1',
      OUTBOX_POLL_MS: '200',
    };
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it('the redemption committed while its message could not be written: after the restart the message is there once', async () => {
    server = await startChildServer(env);
    const secrets = JSON.parse(readFileSync(join(testDb.dataDir, 'keys.json'), 'utf8')) as Secrets;
    const seed = connectDatabase(testDb.database);
    const lock = new pg.Client({ connectionString: testDb.databaseUrl });
    let userId: string;
    try {
      const repos = { users: createUsersRepository(seed.db, createPhoneProtection(secrets)), sessions: createSessionsRepository(seed.db) };
      const user = await createUser(repos);
      userId = user.id;
      const { accessToken } = await createSession(repos, user);
      const admin = createRewardsAdmin(
        seed.db,
        { pointsValidDays: 365 },
        secrets,
        createOutbox({ db: seed.db, engine: 'postgres', clock: Date.now, options: OPTIONS, log: silent }),
      );
      const [code] = (await admin.operations.createBatch({ name: '测试批次', points: 66, count: 1, expires: chinaDate(Date.now(), 30) }, 'test', Date.now()))
        .codes;
      const current = secrets.serverKeys[secrets.serverKeys.length - 1]!;
      const client = new ApiClient(server.baseUrl, { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey });
      await client.loadPage();

      // Nobody may write a message while the redemption commits: its delivery waits on this lock.
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table messages in exclusive mode');
      const answer = await client.call(redeemCode, { code: code!, idempotencyKey: randomBytes(16).toString('base64url') }, { accessToken });
      expect(answer.response).toMatchObject({ code: '200', data: { points: 66 } });
      const pending = await seed.db.selectFrom('outbox').selectAll().where('user_id', '=', userId).execute();
      expect(pending).toEqual([expect.objectContaining({ topic: 'message', delivered_at: null })]);
      await server.kill();
      server = undefined;
      await lock.query('rollback');
      expect(await seed.db.selectFrom('points_balances').select('balance').where('user_id', '=', userId).executeTakeFirst()).toEqual({ balance: 66 });

      // The next process delivers what the killed one left, once its lease has run out.
      server = await startChildServer(env);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const row = await seed.db.selectFrom('outbox').select('delivered_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
        if (row.delivered_at !== null) break;
        if (Date.now() > deadline) throw new Error('the event was not delivered after the restart');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const messages = await seed.db.selectFrom('messages').select('title').where('user_id', '=', userId).execute();
      expect(messages).toEqual([{ title: '兑换码奖励已到账' }]);
    } finally {
      await lock.end().catch(() => undefined);
      await seed.close();
    }
  }, 120_000);

  it('two server processes on one PostgreSQL database and one Redis prefix deliver 300 waiting events, each once', async () => {
    const shared = {
      ...env,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `tyd-outbox-${randomBytes(4).toString('hex')}:`,
      OUTBOX_POLL_MS: '50',
      OUTBOX_LEASE_SECONDS: '60',
    };
    await server?.stop();
    server = await startChildServer(shared);
    const second = await startChildServer(shared);
    const secrets = JSON.parse(readFileSync(join(testDb.dataDir, 'keys.json'), 'utf8')) as Secrets;
    const seed = connectDatabase(testDb.database);
    try {
      const user = await createUser({ users: createUsersRepository(seed.db, createPhoneProtection(secrets)) });
      // Written in one transaction, without delivering: both processes' workers find them at once.
      const writer = createOutbox({ db: seed.db, engine: 'postgres', clock: Date.now, options: OPTIONS, log: silent });
      await seed.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 300; i += 1)
          await writer.emit(trx, 'message', { kind: 'rewards', title: '测试', body: `第${i}条`, dedupeKey: `both-${i}` }, user.id);
      });
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { waiting } = await seed.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('waiting'))
          .where('user_id', '=', user.id)
          .where('delivered_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(waiting) === 0) break;
        if (Date.now() > deadline) throw new Error(`${waiting} events still waiting`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const rows = await seed.db.selectFrom('outbox').select(['attempts', 'last_error']).where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(300);
      // Claimed once each: never taken by both processes (a second claim would count a second attempt).
      expect(rows.filter((row) => row.attempts !== 1 || row.last_error !== null)).toEqual([]);
      const { posted } = await seed.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('posted'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(posted)).toBe(300);
    } finally {
      await second.stop();
      await seed.close();
    }
  }, 120_000);
});
