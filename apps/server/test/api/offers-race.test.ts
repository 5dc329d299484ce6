// Offers are read inside the transaction that uses them (docs/api.md "Vouchers and exchange", "Points and
// the lucky draw"): an operator who raises an item's price, takes it off sale or withdraws a prize while an
// exchange or a draw is in flight never sees the old terms used. Two orders, over real HTTP:
// - the operator's change commits after the request read the offer and before its transaction (both
//   engines; the change is made from inside the request's read, a spy on the repository it reads with; a
//   draw reads nothing before its transaction, so there the change is made as the transaction begins);
// - the operator's change holds the row, uncommitted, while the request reaches it, and commits then
//   (PostgreSQL, where row locks are real; SQLite runs one transaction at a time). The request is seen
//   waiting for the lock in pg_stat_activity before the change commits: nothing here is timed.
// Every refusal leaves nothing behind: no points spent, no voucher, no draw, no stock taken.
import { randomBytes } from 'node:crypto';
import { CODE, SUBCODE, type Endpoint, exchangePoints, updateLuckyPoints } from '@tyd/protocol';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import type { ApiClient, EndpointPayload } from '../support/api-client.js';
import { testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const key = () => randomBytes(16).toString('base64url');
const ITEM = 'coupon-repay-10';

describe.each(ENGINES)('offers changed under a request on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { REWARDS_DRAW_COST: '10', REWARDS_DRAW_DAILY_LIMIT: '50', API_RATE_PER_ADDRESS_PER_MINUTE: '100000' } });
    client = await t.client();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });
  // The same offer before every test: the item at 200 points, and a draw that can only give 20积分.
  beforeEach(async () => {
    vi.restoreAllMocks();
    expect(await t.app.rewards.items.change(ITEM, { pointsCost: 200, stock: 100, perUserLimit: null, active: true }, 'test', clock())).toBe(true);
    for (const [id, change] of Object.entries({
      'points-100': { weight: 0, active: true },
      'points-20': { weight: 1, stock: 50, active: true },
      'points-5': { weight: 0, active: true },
      thanks: { weight: 0, active: true },
    })) {
      expect(await t.app.rewards.prizes.change(id, change, 'test', clock())).toBe(true);
    }
  });

  async function member(points: number): Promise<{ userId: string; accessToken: string }> {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.ledger.credit({ userId: user.id, amount: points, reason: 'operator-grant', key: key(), now: clock() }, trx));
    return { userId: user.id, accessToken };
  }
  const call = <E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, accessToken: string) => client.call(endpoint, payload, { accessToken });
  const exchange = (accessToken: string, idempotencyKey = key()) => call(exchangePoints, { itemId: ITEM, idempotencyKey }, accessToken);
  const draw = (accessToken: string, idempotencyKey = key()) => call(updateLuckyPoints, { idempotencyKey }, accessToken);
  const stockOf = async () => (await t.app.rewards.items.find(ITEM))?.stock;
  const prizeStock = async (id: string) => (await t.app.rewards.prizes.listAll()).find((prize) => prize.id === id)?.stock;

  /** What the user holds: balance, vouchers, draws and ledger entries other than the grant. */
  async function holdings(userId: string) {
    const { db } = t.app.database;
    const vouchers = await db.selectFrom('vouchers').select('id').where('user_id', '=', userId).execute();
    const draws = await db.selectFrom('draws').select('id').where('user_id', '=', userId).execute();
    const entries = await db.selectFrom('points_entries').select('reason').where('user_id', '=', userId).where('reason', '!=', 'operator-grant').execute();
    return { balance: await t.app.rewards.points.balance(userId), vouchers: vouchers.length, draws: draws.length, entries: entries.length };
  }

  /**
   * Runs `change` once, right after the first read by `method` of `repository` outside a transaction (its
   * argument `trxAt`, the optional transaction, missing): the request's read before its transaction.
   */
  function afterReadOutsideTransaction(repository: object, method: string, trxAt: number, change: () => Promise<unknown>) {
    const target = repository as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const read = target[method]!.bind(repository);
    const state = { done: false };
    vi.spyOn(target, method).mockImplementation(async (...args: unknown[]) => {
      const answer = await read(...args);
      if (!state.done && args[trxAt] === undefined) {
        state.done = true;
        await change();
      }
      return answer;
    });
    return state;
  }

  /** Runs `change` once, as the request's next outbox transaction (the draw's) is about to begin. */
  function beforeTransaction(change: () => Promise<unknown>) {
    const outbox = t.app.outbox;
    const begin = outbox.transaction.bind(outbox);
    const state = { done: false };
    vi.spyOn(outbox, 'transaction').mockImplementation(async (...args: Parameters<typeof begin>) => {
      if (!state.done) {
        state.done = true;
        await change();
      }
      return begin(...args);
    });
    return state;
  }

  describe('the change commits between the request reading the offer and its transaction', () => {
    it('an exchange after the price was raised is refused with the price now and takes nothing; a retry pays the new price', async () => {
      const { userId, accessToken } = await member(500);
      const changed = afterReadOutsideTransaction(t.app.rewards.items, 'find', 1, () => t.app.rewards.items.change(ITEM, { pointsCost: 300 }, 'ops', clock()));
      const idempotencyKey = key();
      expect((await exchange(accessToken, idempotencyKey)).response).toMatchObject({
        code: CODE.CONFLICT,
        subcode: SUBCODE.EXCHANGE_PRICE_CHANGED,
        data: { pointsCost: 300 },
      });
      expect(changed.done).toBe(true);
      expect(await holdings(userId)).toEqual({ balance: 500, vouchers: 0, draws: 0, entries: 0 });
      expect(await stockOf()).toBe(100);
      // Nothing was made under the key, so the same key now exchanges at the price shown again.
      expect((await exchange(accessToken, idempotencyKey)).response).toMatchObject({ code: '200', data: { cost: 300, balance: 200, repeated: false } });
      expect(await stockOf()).toBe(99);
    });

    it('an exchange of an item taken off sale is refused and takes nothing', async () => {
      const { userId, accessToken } = await member(500);
      const changed = afterReadOutsideTransaction(t.app.rewards.items, 'find', 1, () => t.app.rewards.items.change(ITEM, { active: false }, 'ops', clock()));
      expect((await exchange(accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.EXCHANGE_ITEM_UNAVAILABLE });
      expect(changed.done).toBe(true);
      expect(await holdings(userId)).toEqual({ balance: 500, vouchers: 0, draws: 0, entries: 0 });
      expect(await stockOf()).toBe(100);
    });

    it('a draw does not win a prize withdrawn as it began: it draws over the prizes on offer now', async () => {
      const { userId, accessToken } = await member(100);
      const changed = beforeTransaction(async () => {
        await t.app.rewards.prizes.change('points-20', { active: false }, 'ops', clock());
        await t.app.rewards.prizes.change('thanks', { weight: 1 }, 'ops', clock());
      });
      expect((await draw(accessToken)).response).toMatchObject({ code: '200', data: { prize: { id: 'thanks', kind: 'thanks' }, cost: 10, balance: 90 } });
      expect(changed.done).toBe(true);
      expect(await holdings(userId)).toEqual({ balance: 90, vouchers: 0, draws: 1, entries: 1 });
      expect(await prizeStock('points-20')).toBe(50);
    });

    it('a draw whose only prize was withdrawn as it began is closed and spends nothing', async () => {
      const { userId, accessToken } = await member(100);
      const changed = beforeTransaction(() => t.app.rewards.prizes.change('points-20', { active: false }, 'ops', clock()));
      expect((await draw(accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.DRAW_CLOSED });
      expect(changed.done).toBe(true);
      expect(await holdings(userId)).toEqual({ balance: 100, vouchers: 0, draws: 0, entries: 0 });
      expect(await prizeStock('points-20')).toBe(50);
    });
  });

  describe.runIf(engine === 'postgres')('the change holds the row while the request reaches it, then commits', () => {
    /**
     * Makes `change` in a transaction of its own, starts `request` and keeps the change uncommitted until a
     * session of this database waits for a row lock (the request at the changed row), then commits it.
     * Answers the request's answer and whether it was seen waiting.
     */
    async function heldAgainst<T>(
      change: (trx: Transaction<Database>) => Promise<unknown>,
      request: () => Promise<T>,
    ): Promise<{ answer: T; waited: boolean }> {
      const { db } = t.app.database;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const operator = db.transaction().execute(async (trx) => {
        await change(trx);
        holding();
        await released;
      });
      await held;
      let settled = false;
      const answer = request().finally(() => (settled = true));
      const waiting = async () =>
        (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db))
          .rows[0]!.n > 0;
      let waited = false;
      while (!settled && !(waited = await waiting())) await new Promise((resolve) => setImmediate(resolve));
      release();
      await operator;
      return { answer: await answer, waited };
    }

    it('an exchange meeting a price raise is refused with the new price, never sold at the old one', async () => {
      const { userId, accessToken } = await member(500);
      const { answer, waited } = await heldAgainst(
        (trx) => trx.updateTable('reward_items').set({ points_cost: 300 }).where('id', '=', ITEM).execute(),
        () => exchange(accessToken),
      );
      expect(waited).toBe(true);
      expect(answer.response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.EXCHANGE_PRICE_CHANGED, data: { pointsCost: 300 } });
      expect(await holdings(userId)).toEqual({ balance: 500, vouchers: 0, draws: 0, entries: 0 });
      expect(await stockOf()).toBe(100);
    });

    it('an exchange meeting the item taken off sale is refused and takes nothing', async () => {
      const { userId, accessToken } = await member(500);
      const { answer, waited } = await heldAgainst(
        (trx) => trx.updateTable('reward_items').set({ active: 0 }).where('id', '=', ITEM).execute(),
        () => exchange(accessToken),
      );
      expect(waited).toBe(true);
      expect(answer.response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.EXCHANGE_ITEM_UNAVAILABLE });
      expect(await holdings(userId)).toEqual({ balance: 500, vouchers: 0, draws: 0, entries: 0 });
      expect(await stockOf()).toBe(100);
    });

    it('a draw meeting the withdrawal of the prize it drew does not win it and spends nothing; the same key then draws over the prizes now', async () => {
      const { userId, accessToken } = await member(100);
      const idempotencyKey = key();
      const { answer, waited } = await heldAgainst(
        async (trx) => {
          await trx.updateTable('prizes').set({ active: 0 }).where('id', '=', 'points-20').execute();
          await trx.updateTable('prizes').set({ weight: 1 }).where('id', '=', 'thanks').execute();
        },
        () => draw(accessToken, idempotencyKey),
      );
      expect(waited).toBe(true);
      expect(answer.response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.DRAW_PRIZES_CHANGED });
      expect(await holdings(userId)).toEqual({ balance: 100, vouchers: 0, draws: 0, entries: 0 });
      expect(await prizeStock('points-20')).toBe(50);
      expect((await draw(accessToken, idempotencyKey)).response).toMatchObject({
        code: '200',
        data: { prize: { id: 'thanks' }, balance: 90, repeated: false },
      });
    });
  });
});
