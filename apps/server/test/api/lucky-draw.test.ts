// Points and the lucky draw (docs/api.md "Points and the lucky draw") over real HTTP and the real
// envelope, on both engines: the draw costs points and never takes a balance below zero, stock is never
// oversold under parallel draws, a retried draw never draws twice, the daily limit holds under parallel
// draws, points expire oldest first, a points prize is told in one message, and bad input gets a coded answer.
import { randomBytes } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  type Endpoint,
  updateLuckyPoints,
  messageList,
  luckyDrawInfo,
  luckyDrawHistory,
  pointsLedger,
  getLuckyDrawUrl,
  authorizedLogin,
} from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, type EndpointPayload, refusalData } from '../support/api-client.js';
import { testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const key = () => randomBytes(16).toString('base64url');

// PostgreSQL runs the draw with its retries under one key, the message with parallel retries, the parallel
// draws against a balance, a stock and the daily limit, and a write-off meeting a spend still in flight (row
// locks); the checks of one request at a time (itSqliteOnly) run on SQLite only, the draws' pages on both in
// cursors.test.ts (docs/operations.md "Test suite").
describe.each(ENGINES)('lucky draw on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { REWARDS_DRAW_COST: '10', REWARDS_DRAW_DAILY_LIMIT: '5', POINTS_VALID_DAYS: '30' } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A user with a session and `points` granted (the operator's grant, as the admin command does it). */
  async function member(points = 0): Promise<{ userId: string; accessToken: string }> {
    const user = await createUser(t.app.accounts.repos);
    // A year-long session: some tests move the clock by weeks.
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    if (points > 0)
      await t.app.database.db
        .transaction()
        .execute((trx) => t.app.rewards.ledger.credit({ userId: user.id, amount: points, reason: 'operator-grant', key: key(), now: clock() }, trx));
    return { userId: user.id, accessToken };
  }
  const call = <E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, accessToken: string) => client.call(endpoint, payload, { accessToken });
  const draw = (accessToken: string, idempotencyKey = key()) => call(updateLuckyPoints, { idempotencyKey }, accessToken);
  const setPrizes = async (weights: Record<string, { weight: number; stock?: number | null; active?: boolean }>) => {
    for (const [id, change] of Object.entries(weights)) expect(await t.app.rewards.prizes.change(id, change, 'test', clock())).toBe(true);
  };
  const defaultPrizes = () =>
    setPrizes({ 'points-100': { weight: 3, stock: 100 }, 'points-20': { weight: 20 }, 'points-5': { weight: 35 }, thanks: { weight: 42 } });
  const onlyPrize = (id: 'points-20' | 'thanks') =>
    setPrizes({
      'points-100': { weight: 0 },
      'points-20': { weight: id === 'points-20' ? 1 : 0 },
      'points-5': { weight: 0 },
      thanks: { weight: id === 'thanks' ? 1 : 0 },
    });
  type Message = { kind: string; title: string; body: string; link: string | null };
  const messages = async (accessToken: string) => ((await call(messageList, {}, accessToken)).response?.data as { items: Message[] }).items;

  itSqliteOnly(engine)('shows the prizes with their odds and stock, the cost, the limit and the balance', async () => {
    await defaultPrizes();
    const { accessToken } = await member(25);
    const info = await call(luckyDrawInfo, {}, accessToken);
    expect(info.response?.code).toBe('200');
    expect(info.response?.data).toMatchObject({ open: true, balance: 25, cost: 10, dailyLimit: 5, drawsLeftToday: 5, pointsValidDays: 30 });
    const prizes = (info.response?.data as { prizes: Array<{ id: string; oddsPercent: string; stockLeft: number | null }> }).prizes;
    expect(prizes.map((p) => [p.id, p.oddsPercent, p.stockLeft])).toEqual([
      ['points-100', '3', 100],
      ['points-20', '20', null],
      ['points-5', '35', null],
      ['thanks', '42', null],
    ]);
  });

  it('a draw costs the points, credits what was won, and the same key answers the same draw without drawing again', async () => {
    await defaultPrizes();
    const { accessToken } = await member(30);
    const idempotencyKey = key();
    const first = await draw(accessToken, idempotencyKey);
    expect(first.response?.code).toBe('200');
    const won = first.response?.data as {
      drawId: string;
      prize: { kind: string; points: number | null };
      balance: number;
      drawsLeftToday: number;
      repeated: boolean;
    };
    expect(won.repeated).toBe(false);
    expect(won.balance).toBe(30 - 10 + (won.prize.points ?? 0));
    expect(won.drawsLeftToday).toBe(4);
    // The retry (a lost answer, a double tap): the same draw, nothing taken or given again.
    const again = await Promise.all([draw(accessToken, idempotencyKey), draw(accessToken, idempotencyKey), draw(accessToken, idempotencyKey)]);
    for (const answer of again) expect(answer.response?.data).toMatchObject({ drawId: won.drawId, repeated: true, balance: won.balance, drawsLeftToday: 4 });
    const history = await call(luckyDrawHistory, {}, accessToken);
    expect((history.response?.data as { items: unknown[] }).items).toHaveLength(1);
    const ledger = await call(pointsLedger, {}, accessToken);
    const reasons = (ledger.response?.data as { items: Array<{ reason: string }> }).items.map((item) => item.reason);
    expect(reasons.filter((reason) => reason === 'draw-cost')).toHaveLength(1);
  });

  it('a points prize posts one rewards message; the same key again and a 谢谢参与 post none', async () => {
    await onlyPrize('points-20');
    const { accessToken } = await member(50);
    const idempotencyKey = key();
    expect((await draw(accessToken, idempotencyKey)).response?.data).toMatchObject({ prize: { id: 'points-20', points: 20 }, repeated: false });
    const told = await messages(accessToken);
    expect(told).toEqual([expect.objectContaining({ kind: 'rewards', title: '抽奖奖励已到账', link: '/activity/points' })]);
    expect(told[0]!.body).toContain('20积分');
    // The retry (also in parallel) answers the same draw and posts nothing more.
    for (const answer of await Promise.all([draw(accessToken, idempotencyKey), draw(accessToken, idempotencyKey)]))
      expect(answer.response?.data).toMatchObject({ repeated: true });
    expect(await messages(accessToken)).toHaveLength(1);
    await onlyPrize('thanks');
    expect((await draw(accessToken)).response?.data).toMatchObject({ prize: { kind: 'thanks' }, repeated: false });
    expect(await messages(accessToken)).toHaveLength(1);
  });

  itSqliteOnly(engine)('a prize whose message cannot be posted is still won, and the message is posted by the next pass after its back-off', async () => {
    await onlyPrize('points-20');
    const { userId, accessToken } = await member(10);
    const post = vi.spyOn(t.app.content.messages, 'post').mockRejectedValueOnce(new Error('messages unavailable'));
    try {
      expect((await draw(accessToken)).response).toMatchObject({ code: '200', data: { prize: { id: 'points-20' }, balance: 20 } });
      expect(post).toHaveBeenCalledTimes(1);
      expect(await messages(accessToken)).toEqual([]);
      expect(await t.app.outbox.backlog()).toMatchObject({ depth: 1, failing: 1 });
    } finally {
      post.mockRestore();
    }
    expect(await t.app.rewards.points.balance(userId)).toBe(20);
    clock.advance(5_000);
    await t.app.outbox.drain();
    expect(await messages(accessToken)).toEqual([expect.objectContaining({ title: '抽奖奖励已到账' })]);
  });

  it('refuses a draw without enough points (nothing recorded) and never lets parallel draws take the balance below zero', async () => {
    await defaultPrizes();
    const poor = await member(5);
    expect((await draw(poor.accessToken)).response).toMatchObject({
      code: CODE.CONFLICT,
      subcode: SUBCODE.POINTS_INSUFFICIENT,
      data: { balance: 5, cost: 10 },
    });
    expect(((await call(luckyDrawHistory, {}, poor.accessToken)).response?.data as { items: unknown[] }).items).toHaveLength(0);
    // A user who never had a point (no balance row at all) is refused the same way.
    const none = await member();
    expect((await draw(none.accessToken)).response).toMatchObject({
      code: CODE.CONFLICT,
      subcode: SUBCODE.POINTS_INSUFFICIENT,
      data: { balance: 0, cost: 10 },
    });
    expect(((await call(luckyDrawHistory, {}, none.accessToken)).response?.data as { items: unknown[] }).items).toHaveLength(0);
    // Only thanks can be won, so 35 points pay for exactly 3 of 5 parallel draws.
    await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 1 } });
    const { userId, accessToken } = await member(35);
    const answers = await Promise.all(Array.from({ length: 5 }, () => draw(accessToken)));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(3);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.POINTS_INSUFFICIENT)).toHaveLength(2);
    expect(await t.app.rewards.points.balance(userId)).toBe(5);
  });

  it('100 parallel draws against a stock of 10 give exactly 10 winners of that prize, the rest thanks, no balance below zero', async () => {
    await setPrizes({ 'points-100': { weight: 1, stock: 10 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 0 } });
    const members = await Promise.all(Array.from({ length: 20 }, () => member(50)));
    const answers = await Promise.all(members.flatMap((m) => Array.from({ length: 5 }, () => draw(m.accessToken))));
    expect(answers.every((a) => a.response?.code === '200')).toBe(true);
    const prizes = answers.map((a) => (a.response?.data as { prize: { id: string } }).prize.id);
    expect(prizes.filter((id) => id === 'points-100')).toHaveLength(10);
    expect(prizes.filter((id) => id === 'thanks')).toHaveLength(90);
    const info = await call(luckyDrawInfo, {}, members[0]!.accessToken);
    expect((info.response?.data as { prizes: Array<{ id: string; stockLeft: number | null }> }).prizes.find((p) => p.id === 'points-100')?.stockLeft).toBe(0);
    const balances = await Promise.all(members.map((m) => t.app.rewards.points.balance(m.userId)));
    expect(balances.every((b) => b >= 0)).toBe(true);
    // 20 × 50 points, 100 draws of 10, 10 prizes of 100.
    expect(balances.reduce((sum, b) => sum + b, 0)).toBe(20 * 50 - 100 * 10 + 10 * 100);
  });

  it('holds the daily limit under parallel draws and opens again the next China day', async () => {
    await defaultPrizes();
    const { accessToken } = await member(1_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => draw(accessToken)));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(5);
    const refused = answers.filter((a) => a.response?.code !== '200');
    expect(refused.every((a) => a.response?.subcode === SUBCODE.DRAW_DAILY_LIMIT)).toBe(true);
    const retryAfter = refusalData<{ retryAfterSeconds: number }>(refused[0]?.response).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    clock.advance(retryAfter * 1000);
    expect((await draw(accessToken)).response?.code).toBe('200');
  });

  itSqliteOnly(engine)('expires points after POINTS_VALID_DAYS, oldest first, and shows what expires next', async () => {
    await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 1 } });
    const { userId, accessToken } = await member(0);
    const grant = (amount: number) =>
      t.app.database.db
        .transaction()
        .execute((trx) => t.app.rewards.ledger.credit({ userId, amount, reason: 'operator-grant', key: key(), now: clock() }, trx));
    await grant(30);
    clock.advance(10 * DAY);
    await grant(20);
    // One draw takes 10 from the older lot.
    expect((await draw(accessToken)).response?.code).toBe('200');
    type Ledger = { balance: number; expiring: { points: number; at: number } | null; items: Array<{ reason: string; amount: number }> };
    const readLedger = async () => (await call(pointsLedger, {}, accessToken)).response?.data as Ledger;
    let ledger = await readLedger();
    expect(ledger.balance).toBe(40);
    expect(ledger.expiring?.points).toBe(20);
    // Day 31 of the first lot: its 20 left expire; the newer 20 stay.
    clock.advance(21 * DAY);
    ledger = await readLedger();
    expect(ledger.balance).toBe(20);
    expect(ledger.items[0]).toMatchObject({ reason: 'expiry', amount: -20 });
    expect(await t.app.rewards.points.balance(userId)).toBe(20);
  });

  itSqliteOnly(engine)(
    'says as expiring every point whose lot runs out on the first expiry day: lots of one day, of later days, partly spent, expired',
    async () => {
      await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 1 } });
      const { accessToken, userId } = await member(0);
      const grant = (amount: number) =>
        t.app.database.db
          .transaction()
          .execute((trx) => t.app.rewards.ledger.credit({ userId, amount, reason: 'operator-grant', key: key(), now: clock() }, trx));
      const expiring = async () =>
        (await call(pointsLedger, {}, accessToken)).response?.data as { balance: number; expiring: { points: number; at: number } | null };
      // To 08:00 Beijing time tomorrow, so the lots below are earned (and run out, 30 days on) within one China day.
      const beijingMidnight = Math.floor((clock() + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
      clock.advance(beijingMidnight + DAY + 8 * 3_600_000 - clock());
      const firstLotEnds = clock() + 30 * DAY;
      await grant(60);
      clock.advance(2 * 3_600_000);
      await grant(40);
      clock.advance(3 * 3_600_000);
      await grant(35);
      // A draw takes 10 of the first lot.
      expect((await draw(accessToken)).response?.code).toBe('200');
      clock.advance(DAY);
      await grant(70);
      expect(await expiring()).toMatchObject({ balance: 195, expiring: { points: 50 + 40 + 35, at: firstLotEnds } });
      // That day at 09:00: the first lot's 50 are written off; the rest of the day's lots still count.
      clock.advance(firstLotEnds + 3_600_000 - clock());
      expect(await expiring()).toMatchObject({ balance: 145, expiring: { points: 40 + 35, at: firstLotEnds + 2 * 3_600_000 } });
      // The next day only the lot earned a day later is left.
      clock.advance(DAY);
      expect(await expiring()).toMatchObject({ balance: 70, expiring: { points: 70 } });
    },
  );

  it('a credit or debit answers the balance it left, in its own transaction, and a used key answers null and changes nothing', async () => {
    const { userId } = await member(0);
    const { db } = t.app.database;
    const { ledger, points } = t.app.rewards;
    const now = clock();
    const creditKey = key();
    const debitKey = key();
    await db.transaction().execute(async (trx) => {
      expect(await ledger.credit({ userId, amount: 40, reason: 'operator-grant', key: creditKey, now }, trx)).toEqual({ balance: 40 });
      expect(await ledger.credit({ userId, amount: 2, reason: 'operator-grant', key: key(), now }, trx)).toEqual({ balance: 42 });
      expect(await ledger.debit({ userId, amount: 12, reason: 'draw-cost', key: debitKey, now }, trx)).toEqual({ balance: 30 });
    });
    // Each transaction its own answer: two at once, each told the balance its own change left.
    const [a, b] = await Promise.all(
      [5, 7].map((amount) => db.transaction().execute((trx) => ledger.debit({ userId, amount, reason: 'draw-cost', key: key(), now }, trx))),
    );
    // The one that committed second saw the other's change (30 − 5 − 7), the first only its own.
    expect(Math.min(a!.balance, b!.balance)).toBe(18);
    expect(Math.max(a!.balance, b!.balance)).toBe(a!.balance === 18 ? 30 - 7 : 30 - 5);
    await db.transaction().execute(async (trx) => {
      expect(await ledger.credit({ userId, amount: 40, reason: 'operator-grant', key: creditKey, now }, trx)).toBeNull();
      expect(await ledger.debit({ userId, amount: 12, reason: 'draw-cost', key: debitKey, now }, trx)).toBeNull();
    });
    expect(await points.balance(userId)).toBe(18);
  });

  // PostgreSQL only: there the write-off really meets the spend, waiting on a lock the spend's transaction
  // holds. SQLite runs this process's transactions one at a time on its one connection, so there the
  // write-off can only come after the spend has committed: no race to prove.
  it.runIf(engine === 'postgres')('a write-off of a lot that meets a spend of it still in flight takes only what is left (no lost update)', async () => {
    const { userId } = await member(0);
    const { db } = t.app.database;
    const { ledger, points } = t.app.rewards;
    const start = clock();
    await db.transaction().execute((trx) => ledger.credit({ userId, amount: 100, reason: 'operator-grant', key: key(), now: start }, trx));
    await db.transaction().execute((trx) => ledger.credit({ userId, amount: 100, reason: 'operator-grant', key: key(), now: start + DAY }, trx));
    const expiresAt = start + 30 * DAY;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let spent!: (pid: number) => void;
    const spentFirst = new Promise<number>((resolve) => (spent = resolve));
    // A draw's cost taken from the older lot the moment before it expires, its transaction still open…
    const spend = db.transaction().execute(async (trx) => {
      await ledger.debit({ userId, amount: 50, reason: 'draw-cost', key: key(), now: expiresAt - 1 }, trx);
      spent((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid);
      await held;
    });
    const spendPid = await spentFirst;
    // …while another request, a moment later, writes that lot off. It is let go only once PostgreSQL shows
    // it waiting on a lock the spend holds (pg_blocking_pids), so the race is seen to happen, not hoped for.
    let settled = false;
    const writeOff = db
      .transaction()
      .execute((trx) => ledger.expire(userId, expiresAt, trx))
      .finally(() => (settled = true));
    const blockedBySpend = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and ${spendPid}::int = any (pg_blocking_pids(pid))`.execute(db)
      ).rows[0]!.n > 0;
    let met = false;
    try {
      while (!settled && !(met = await blockedBySpend())) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      release();
    }
    await Promise.all([spend, writeOff]);
    expect(met, 'the write-off waited on the spend still in flight').toBe(true);
    const entries = await db.selectFrom('points_entries').select(['amount', 'remaining', 'reason']).where('user_id', '=', userId).execute();
    expect(entries.find((entry) => entry.reason === 'expiry')?.amount).toBe(-50);
    expect(await points.balance(userId)).toBe(100);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(100);
    expect(entries.reduce((sum, entry) => sum + (entry.remaining ?? 0), 0)).toBe(100);
  });

  it("lucky-draw-info writes off a lot that ran out and shows the balance left; with no prize on offer it still shows the user's figures", async () => {
    await defaultPrizes();
    const { userId, accessToken } = await member(30);
    clock.advance(10 * DAY);
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.ledger.credit({ userId, amount: 20, reason: 'operator-grant', key: key(), now: clock() }, trx));
    expect((await draw(accessToken)).response?.code).toBe('200');
    const afterDraw = await t.app.rewards.points.balance(userId);
    // Day 31 of the first lot: its 20 left are written off by the read itself.
    clock.advance(21 * DAY);
    expect((await call(luckyDrawInfo, {}, accessToken)).response?.data).toMatchObject({ open: true, balance: afterDraw - 20, drawsLeftToday: 5 });
    expect(await t.app.rewards.points.balance(userId)).toBe(afterDraw - 20);
    // Nothing on offer: closed, no prizes, and the balance and today's draws all the same.
    expect((await draw(accessToken)).response?.code).toBe('200');
    const balance = await t.app.rewards.points.balance(userId);
    const all = ['points-100', 'points-20', 'points-5', 'thanks'];
    await setPrizes(Object.fromEntries(all.map((id) => [id, { weight: 1, active: false }])));
    try {
      expect((await call(luckyDrawInfo, {}, accessToken)).response?.data).toMatchObject({ open: false, prizes: [], balance, drawsLeftToday: 4 });
    } finally {
      await setPrizes(Object.fromEntries(all.map((id) => [id, { weight: 1, active: true }])));
      await defaultPrizes();
    }
  });

  it('a draw that meets a lot run out writes it off before it spends, and answers the balance its transaction left', async () => {
    await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 1 } });
    try {
      const { userId, accessToken } = await member(15);
      clock.advance(10 * DAY);
      await t.app.database.db
        .transaction()
        .execute((trx) => t.app.rewards.ledger.credit({ userId, amount: 12, reason: 'operator-grant', key: key(), now: clock() }, trx));
      // Day 31 of the first lot: 27 counted, but 15 of them ran out; the draw is decided on the 12 left.
      clock.advance(21 * DAY);
      expect((await draw(accessToken)).response).toMatchObject({ code: CODE.OK, data: { balance: 2, prize: { id: 'thanks' } } });
      expect(await t.app.rewards.points.balance(userId)).toBe(2);
      // Now short of the cost: refused with the balance, nothing spent; closed is said first.
      expect((await draw(accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.POINTS_INSUFFICIENT, data: { balance: 2, cost: 10 } });
      await setPrizes({ thanks: { weight: 0 } });
      expect((await draw(accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.DRAW_CLOSED });
      const entries = await t.app.database.db.selectFrom('points_entries').select(['amount', 'reason']).where('user_id', '=', userId).execute();
      expect(entries.map((entry) => [entry.reason, entry.amount]).sort()).toEqual(
        [
          ['draw-cost', -10],
          ['expiry', -15],
          ['operator-grant', 12],
          ['operator-grant', 15],
        ].sort(),
      );
    } finally {
      await defaultPrizes();
    }
  });

  itSqliteOnly(engine)('is closed when operators leave nothing to win, and answers bad input with coded errors', async () => {
    const { accessToken } = await member(100);
    await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 0 } });
    expect((await draw(accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.DRAW_CLOSED });
    await defaultPrizes();
    for (const payload of [
      {},
      { idempotencyKey: 'short' },
      { idempotencyKey: 'x'.repeat(65) },
      { idempotencyKey: 42 },
      { idempotencyKey: key(), extra: 1 },
      { idempotencyKey: 'bad key with spaces!' },
    ]) {
      expect((await client.call(updateLuckyPoints, payload, { accessToken, raw: true })).response?.code, JSON.stringify(payload)).toBe(CODE.BAD_REQUEST);
    }
    for (const cursor of ['not-a-cursor', Buffer.from('1.short').toString('base64url'), Buffer.from("1.aaaaaaaa' OR 1=1").toString('base64url')]) {
      expect((await call(luckyDrawHistory, { cursor }, accessToken)).response?.code, cursor).toBe(CODE.BAD_REQUEST);
    }
    // Without a session: 401.
    expect((await client.call(updateLuckyPoints, { idempotencyKey: key() }, { accessToken: '' })).response?.code).toBe(CODE.UNAUTHORIZED);
  });

  itSqliteOnly(engine)("pages the user's draws newest first without repeats, and never shows another user's", async () => {
    await setPrizes({ 'points-100': { weight: 0 }, 'points-20': { weight: 0 }, 'points-5': { weight: 0 }, thanks: { weight: 1 } });
    const { accessToken } = await member(10_000);
    const other = await member(100);
    await draw(other.accessToken);
    for (let day = 0; day < 5; day++) {
      for (let i = 0; i < 5; i++) {
        clock.advance(1_000);
        expect((await draw(accessToken)).response?.code).toBe('200');
      }
      clock.advance(DAY);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (await call(luckyDrawHistory, cursor ? { cursor } : {}, accessToken)).response?.data as {
        items: Array<{ drawId: string; at: number }>;
        nextCursor: string | null;
      };
      seen.push(...page.items.map((item) => item.drawId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  itSqliteOnly(engine)('gives the draw page with a one-time ticket', async () => {
    const { accessToken } = await member();
    const answer = await call(getLuckyDrawUrl, {}, accessToken);
    const { url, expiresInSeconds } = answer.response?.data as { url: string; expiresInSeconds: number };
    expect(url).toMatch(/^\/others\/tydPreJump\?code=[A-Za-z0-9_-]{43}&returnUrl=%2Factivity%2Flucky-draw$/);
    expect(expiresInSeconds).toBeGreaterThan(0);
    const code = new URL(url, 'http://x').searchParams.get('code');
    const fresh = await t.client();
    expect((await fresh.call(authorizedLogin, { authCode: code ?? '' })).response?.code).toBe('200');
    expect((await fresh.call(authorizedLogin, { authCode: code ?? '' })).response?.code).not.toBe('200');
  });
});
