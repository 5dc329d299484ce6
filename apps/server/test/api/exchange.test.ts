// Activity exchange (docs/api.md "Vouchers and exchange") over real HTTP and the real envelope, on both
// engines: points buy a voucher in one transaction, a retried exchange takes nothing more, parallel
// exchanges never oversell a stock, pass a per-user limit or take a balance below zero, every refusal has
// its code and leaves nothing behind, and the user's vouchers are listed with their state.
import { randomBytes } from 'node:crypto';
import { CODE, SUBCODE, type Endpoint, exchangePoints, exchangeInfo, myVouchers as myVouchersEndpoint, pointsLedger } from '@tyd/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, type EndpointPayload, refusalData } from '../support/api-client.js';
import { testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const key = () => randomBytes(16).toString('base64url');
const ITEM = 'coupon-repay-10';

type Voucher = { id: string; itemId: string; name: string; source: string; grantedAt: number; expiresAt: number; state: string };
type Exchanged = { voucher: Voucher; cost: number; balance: number; repeated: boolean };
type Info = {
  balance: number;
  items: Array<{ id: string; pointsCost: number; stockLeft: number | null; perUserLimit: number | null; usedByMe: number; validDays: number }>;
};

// PostgreSQL runs the exchange with its retries under one key, a key reused for another item (also at once),
// and the parallel exchanges against a per-user limit, a balance and a stock; the checks of one request at a
// time (itSqliteOnly) run on SQLite only, the vouchers' pages on both in cursors.test.ts (docs/operations.md
// "Test suite").
describe.each(ENGINES)('activity exchange on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { POINTS_VALID_DAYS: '365', API_RATE_PER_ADDRESS_PER_MINUTE: '100000' } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });
  // Every test starts from the same offer: 200 points, plenty of stock, no per-user limit.
  beforeEach(async () => {
    expect(await t.app.rewards.items.change(ITEM, { pointsCost: 200, stock: 5_000, perUserLimit: null, active: true, validDays: 30 }, 'test', clock())).toBe(
      true,
    );
  });

  async function member(points = 0): Promise<{ userId: string; accessToken: string }> {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    if (points > 0)
      await t.app.database.db
        .transaction()
        .execute((trx) => t.app.rewards.ledger.credit({ userId: user.id, amount: points, reason: 'operator-grant', key: key(), now: clock() }, trx));
    return { userId: user.id, accessToken };
  }
  const call = <E extends Endpoint>(endpoint: E, payload: EndpointPayload<E>, accessToken: string) => client.call(endpoint, payload, { accessToken });
  const exchange = (accessToken: string, itemId = ITEM, idempotencyKey = key()) => call(exchangePoints, { itemId, idempotencyKey }, accessToken);
  const info = async (accessToken: string) => (await call(exchangeInfo, {}, accessToken)).response?.data as Info;
  const myVouchers = async (accessToken: string, cursor?: string) =>
    (await call(myVouchersEndpoint, cursor ? { cursor } : {}, accessToken)).response?.data as { items: Voucher[]; nextCursor: string | null };
  const stockOf = async () => (await t.app.rewards.items.find(ITEM))?.stock;

  itSqliteOnly(engine)('shows the balance and the items on offer with cost, stock, limit and what the user took', async () => {
    await t.app.rewards.items.change('coupon-rate-off-5', { pointsCost: null }, 'test', clock());
    const { accessToken } = await member(250);
    const shown = await info(accessToken);
    expect(shown.balance).toBe(250);
    expect(shown.items.map((item) => item.id)).toEqual(['coupon-interest-free-7', ITEM]);
    expect(shown.items[1]).toMatchObject({ pointsCost: 200, stockLeft: 5_000, perUserLimit: null, usedByMe: 0, validDays: 30 });
    await t.app.rewards.items.change('coupon-rate-off-5', { pointsCost: 1_000 }, 'test', clock());
  });

  it('exchanges points for a voucher; the same key answers the same voucher and takes nothing more', async () => {
    const { accessToken } = await member(500);
    const idempotencyKey = key();
    const first = await exchange(accessToken, ITEM, idempotencyKey);
    expect(first.response?.code).toBe('200');
    const made = first.response?.data as Exchanged;
    expect(made).toMatchObject({
      cost: 200,
      balance: 300,
      repeated: false,
      voucher: { itemId: ITEM, name: '10元还款立减券', source: 'exchange', state: 'valid' },
    });
    expect(made.voucher.expiresAt - made.voucher.grantedAt).toBe(30 * DAY);
    expect(await stockOf()).toBe(4_999);
    // Retries (a lost answer, a double tap), some at once: the same voucher, nothing taken again.
    const again = await Promise.all(Array.from({ length: 4 }, () => exchange(accessToken, ITEM, idempotencyKey)));
    for (const answer of again) expect(answer.response?.data).toEqual({ ...made, repeated: true });
    expect(await stockOf()).toBe(4_999);
    expect((await info(accessToken)).items.find((item) => item.id === ITEM)).toMatchObject({ usedByMe: 1, stockLeft: 4_999 });
    const vouchers = await myVouchers(accessToken);
    expect(vouchers.items).toEqual([made.voucher]);
    const ledger = (await call(pointsLedger, {}, accessToken)).response?.data as { items: Array<{ reason: string; amount: number }> };
    expect(ledger.items.filter((entry) => entry.reason === 'exchange')).toEqual([expect.objectContaining({ amount: -200 })]);
  });

  it('refuses a key already used for an exchange of another item (also at once) and takes nothing more', async () => {
    const { userId, accessToken } = await member(1_000);
    const idempotencyKey = key();
    expect((await exchange(accessToken, ITEM, idempotencyKey)).response?.code).toBe('200');
    const reused = { code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD, data: { reason: 'idempotencyKey: already used for another item' } };
    expect((await exchange(accessToken, 'coupon-interest-free-7', idempotencyKey)).response).toMatchObject(reused);
    // The same key for two items in parallel: one exchange, the other refused.
    const parallelKey = key();
    const answers = await Promise.all([exchange(accessToken, ITEM, parallelKey), exchange(accessToken, 'coupon-interest-free-7', parallelKey)]);
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.BAD_PAYLOAD)).toHaveLength(1);
    expect((await myVouchers(accessToken)).items).toHaveLength(2);
    const otherCost = (await t.app.rewards.items.find('coupon-interest-free-7'))!.pointsCost!;
    expect(await t.app.rewards.points.balance(userId)).toBe(1_000 - 200 - (answers[0]?.response?.code === '200' ? 200 : otherCost));
  });

  itSqliteOnly(engine)('refuses without enough points, saying the balance and the cost, and keeps nothing', async () => {
    const { userId, accessToken } = await member(150);
    expect((await exchange(accessToken)).response).toMatchObject({
      code: CODE.CONFLICT,
      subcode: SUBCODE.POINTS_INSUFFICIENT,
      data: { balance: 150, cost: 200 },
    });
    expect(await t.app.rewards.points.balance(userId)).toBe(150);
    expect((await myVouchers(accessToken)).items).toEqual([]);
    expect(await stockOf()).toBe(5_000);
  });

  it('holds the per-user limit, also against 20 exchanges at once', async () => {
    await t.app.rewards.items.change(ITEM, { perUserLimit: 2 }, 'test', clock());
    const { userId, accessToken } = await member(10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(accessToken)));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(2);
    expect(
      answers.filter((a) => a.response?.subcode === SUBCODE.EXCHANGE_LIMIT_REACHED).every((a) => refusalData<{ limit: number }>(a.response).limit === 2),
    ).toBe(true);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.EXCHANGE_LIMIT_REACHED)).toHaveLength(18);
    expect(await t.app.rewards.points.balance(userId)).toBe(10_000 - 2 * 200);
    expect(await stockOf()).toBe(4_998);
    expect((await exchange(accessToken)).response).toMatchObject({ subcode: SUBCODE.EXCHANGE_LIMIT_REACHED, data: { limit: 2 } });
    expect((await info(accessToken)).items.find((item) => item.id === ITEM)).toMatchObject({ perUserLimit: 2, usedByMe: 2 });
  });

  itSqliteOnly(engine)('says 已兑完 when the stock is out, and shows 0 left', async () => {
    await t.app.rewards.items.change(ITEM, { stock: 1 }, 'test', clock());
    const [first, second] = [await member(500), await member(500)];
    expect((await exchange(first.accessToken)).response?.code).toBe('200');
    expect((await exchange(second.accessToken)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.EXCHANGE_OUT_OF_STOCK });
    expect(await t.app.rewards.points.balance(second.userId)).toBe(500);
    expect((await info(second.accessToken)).items.find((item) => item.id === ITEM)?.stockLeft).toBe(0);
  });

  itSqliteOnly(engine)('refuses an unknown item, an inactive one and one not on offer for points', async () => {
    const { userId, accessToken } = await member(5_000);
    expect((await exchange(accessToken, 'no-such-item')).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.EXCHANGE_ITEM_UNAVAILABLE });
    await t.app.rewards.items.change(ITEM, { active: false }, 'test', clock());
    expect((await exchange(accessToken)).response?.subcode).toBe(SUBCODE.EXCHANGE_ITEM_UNAVAILABLE);
    expect((await info(accessToken)).items.map((item) => item.id)).not.toContain(ITEM);
    await t.app.rewards.items.change(ITEM, { active: true, pointsCost: null }, 'test', clock());
    expect((await exchange(accessToken)).response?.subcode).toBe(SUBCODE.EXCHANGE_ITEM_UNAVAILABLE);
    expect(await t.app.rewards.points.balance(userId)).toBe(5_000);
  });

  it('50 exchanges at once by a user with points for 3 give exactly 3, and the balance never goes below zero', async () => {
    const { userId, accessToken } = await member(3 * 200 + 99);
    const answers = await Promise.all(Array.from({ length: 50 }, () => exchange(accessToken)));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(3);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.POINTS_INSUFFICIENT)).toHaveLength(47);
    expect(await t.app.rewards.points.balance(userId)).toBe(99);
    expect((await myVouchers(accessToken)).items).toHaveLength(3);
    expect(await stockOf()).toBe(4_997);
  });

  it('100 exchanges at once by 50 users against a stock of 10 give exactly 10', async () => {
    await t.app.rewards.items.change(ITEM, { stock: 10 }, 'test', clock());
    const members = await Promise.all(Array.from({ length: 50 }, () => member(400)));
    const answers = await Promise.all(members.flatMap((m) => [exchange(m.accessToken), exchange(m.accessToken)]));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(10);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.EXCHANGE_OUT_OF_STOCK)).toHaveLength(90);
    expect(await stockOf()).toBe(0);
    const balances = await Promise.all(members.map((m) => t.app.rewards.points.balance(m.userId)));
    expect(balances.every((b) => b >= 0)).toBe(true);
    expect(balances.reduce((sum, b) => sum + b, 0)).toBe(50 * 400 - 10 * 200);
    const vouchers = await t.app.database.db.selectFrom('vouchers').select('id').where('source', '=', 'exchange').execute();
    expect(vouchers.length).toBe(
      await t.app.database.db
        .selectFrom('points_entries')
        .select('id')
        .where('reason', '=', 'exchange')
        .execute()
        .then((rows) => rows.length),
    );
  });

  itSqliteOnly(engine)('lists vouchers newest first, 20 a page, expired ones marked, and never another user’s', async () => {
    const { userId, accessToken } = await member(0);
    const other = await member(500);
    expect((await exchange(other.accessToken)).response?.code).toBe('200');
    for (let i = 0; i < 23; i++) {
      clock.advance(1_000);
      await t.app.database.db
        .transaction()
        .execute((trx) =>
          t.app.rewards.voucherGrants.grant({ userId, itemId: 'coupon-interest-free-7', source: 'redeem-code', key: `test:${i}`, now: clock() }, trx),
        );
    }
    const first = await myVouchers(accessToken);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await myVouchers(accessToken, first.nextCursor!);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((v) => v.id)).size).toBe(23);
    expect(all.map((v) => v.grantedAt)).toEqual([...all.map((v) => v.grantedAt)].sort((a, b) => b - a));
    expect(all.every((v) => v.state === 'valid' && v.source === 'redeem-code')).toBe(true);
    clock.advance(31 * DAY);
    expect((await myVouchers(accessToken)).items.every((v) => v.state === 'expired')).toBe(true);
    expect((await call(myVouchersEndpoint, { cursor: 'not-a-cursor' }, accessToken)).response).toMatchObject({
      code: CODE.BAD_REQUEST,
      subcode: SUBCODE.LIST_CURSOR_INVALID,
    });
  });

  itSqliteOnly(engine)('answers wrong types, oversized and hostile fields with 400/4009, and asks for a session', async () => {
    const { userId, accessToken } = await member(5_000);
    const payloads = [
      {},
      { itemId: ITEM },
      { idempotencyKey: key() },
      { itemId: 42, idempotencyKey: key() },
      { itemId: -1, idempotencyKey: key() },
      { itemId: ITEM, idempotencyKey: 1e20 },
      { itemId: 'x'.repeat(10_000), idempotencyKey: key() },
      { itemId: "coupon' OR 1=1 --", idempotencyKey: key() },
      { itemId: ITEM, idempotencyKey: 'short' },
      { itemId: ITEM, idempotencyKey: key(), amount: -1_000_000 },
      { itemId: ITEM, idempotencyKey: key(), cost: 1 },
      { itemId: [ITEM], idempotencyKey: key() },
    ];
    for (const payload of payloads) {
      expect((await client.call(exchangePoints, payload, { accessToken, raw: true })).response, JSON.stringify(payload).slice(0, 80)).toMatchObject({
        code: CODE.BAD_REQUEST,
        subcode: SUBCODE.BAD_PAYLOAD,
      });
    }
    expect((await client.call(exchangeInfo, { extra: true }, { accessToken, raw: true })).response?.subcode).toBe(SUBCODE.BAD_PAYLOAD);
    expect(await t.app.rewards.points.balance(userId)).toBe(5_000);
    for (const path of [exchangeInfo, exchangePoints, myVouchersEndpoint]) {
      expect(
        (await client.call(path, path === exchangePoints ? { itemId: ITEM, idempotencyKey: key() } : {}, { accessToken: '', raw: true })).response?.code,
        path.path,
      ).toBe(CODE.UNAUTHORIZED);
    }
  });
});
