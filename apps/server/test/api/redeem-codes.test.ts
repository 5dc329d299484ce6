// Redeem codes (docs/api.md "Redeem codes") over real HTTP and the real envelope, on both engines: a code
// gives its points or voucher once, however many redeem it at once; the same user's retry under the same
// key answers the same result; used, expired and revoked codes each have their code; refused codes count
// against an hourly budget per account and per address, past which even a right code is refused, while
// other accounts and addresses go on; what a code gave is told in one message; and the database holds no
// code in the clear.
import { randomBytes } from 'node:crypto';
import { CODE, SUBCODE, redeemCode, messageList, pointsLedger, myVouchers } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResult } from '../support/api-client.js';
import { callFrom, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const key = () => randomBytes(16).toString('base64url');
const ITEM = 'coupon-interest-free-7';
/** A China date `days` from the clock's day. */
const chinaDate = (now: number, days: number) => new Date(now + 8 * HOUR + days * DAY).toISOString().slice(0, 10);

// PostgreSQL runs the redemption with its retries under one key, the message with parallel retries, the
// race for one code, the parallel guesses against the budget, and a key reused for another code (the
// per-user key's unique constraint); the checks of one request at a time (itSqliteOnly) run on SQLite only
// (docs/operations.md "Test suite").
describe.each(ENGINES)('redeem codes on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  let addresses = 0;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({
      engine,
      clock,
      env: {
        TRUST_PROXY: '1',
        REDEEM_USER_FAILURES_PER_HOUR: '5',
        REDEEM_ADDRESS_FAILURES_PER_HOUR: '20',
        API_RATE_PER_ADDRESS_PER_MINUTE: '100000',
        API_RATE_PER_SESSION_PER_MINUTE: '100000',
      },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh client address per test, so the per-address budget of one test does not reach another. */
  const address = () => `203.0.113.${++addresses}`;
  async function member(): Promise<{ userId: string; accessToken: string }> {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    return { userId: user.id, accessToken };
  }
  const redeem = (accessToken: string, code: string, from: string, idempotencyKey = key()): Promise<ApiResult> =>
    callFrom(client, from, redeemCode, { code, idempotencyKey }, { accessToken });
  const issue = (reward: { points: number } | { itemId: string }, count = 3, days = 30) =>
    t.app.rewards.operations.createBatch({ name: '测试批次', ...reward, count, expires: chinaDate(clock(), days) }, 'test', clock());
  const batch = async (reward: { points: number } | { itemId: string }, count = 3, days = 30) => (await issue(reward, count, days)).codes;
  type Message = { kind: string; title: string; body: string; link: string | null };
  const messages = async (accessToken: string) => ((await client.call(messageList, {}, { accessToken })).response?.data as { items: Message[] }).items;

  it('gives the points of a code once; the same key answers the same result again, nothing more', async () => {
    const [code] = await batch({ points: 88 });
    const { userId, accessToken } = await member();
    const from = address();
    const idempotencyKey = key();
    const first = await redeem(accessToken, code!, from, idempotencyKey);
    expect(first.response).toMatchObject({ code: '200', data: { kind: 'points', points: 88, voucher: null, balance: 88, repeated: false } });
    const again = await Promise.all(Array.from({ length: 4 }, () => redeem(accessToken, code!, from, idempotencyKey)));
    for (const answer of again) expect(answer.response?.data).toEqual({ kind: 'points', points: 88, voucher: null, balance: 88, repeated: true });
    expect(await t.app.rewards.points.balance(userId)).toBe(88);
    const ledger = (await client.call(pointsLedger, {}, { accessToken })).response?.data as { items: Array<{ reason: string; amount: number }> };
    expect(ledger.items).toEqual([expect.objectContaining({ reason: 'redeem-code', amount: 88 })]);
    // A new press (new key) of a code the user already redeemed: used.
    expect((await redeem(accessToken, code!, from)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.REDEEM_CODE_USED });
  });

  itSqliteOnly(engine)('gives a voucher, and reads lower case, spaces, missing hyphens and look-alikes', async () => {
    const codes = await batch({ itemId: ITEM }, 3);
    const { accessToken } = await member();
    const from = address();
    const typed = [codes[0]!.toLowerCase(), ` ${codes[1]!.replaceAll('-', ' ')} `, codes[2]!.replaceAll('-', '').replaceAll('1', 'l').replaceAll('0', 'o')];
    for (const code of typed) {
      const answer = await redeem(accessToken, code, from);
      expect(answer.response?.code, code).toBe('200');
      expect(answer.response?.data).toMatchObject({
        kind: 'voucher',
        points: null,
        voucher: { itemId: ITEM, source: 'redeem-code', state: 'valid' },
        repeated: false,
      });
    }
    const vouchers = (await client.call(myVouchers, {}, { accessToken })).response?.data as { items: Array<{ source: string }> };
    expect(vouchers.items.map((v) => v.source)).toEqual(['redeem-code', 'redeem-code', 'redeem-code']);
  });

  it('tells what a code gave in one rewards message; the same key again, and a refused code, post none', async () => {
    const [pointsCode] = await batch({ points: 88 }, 1);
    const [voucherCode] = await batch({ itemId: ITEM }, 1);
    const { accessToken } = await member();
    const from = address();
    const idempotencyKey = key();
    expect((await redeem(accessToken, pointsCode!, from, idempotencyKey)).response?.data).toMatchObject({ kind: 'points', repeated: false });
    const told = await messages(accessToken);
    expect(told).toEqual([expect.objectContaining({ kind: 'rewards', title: '兑换码奖励已到账', link: '/activity/points' })]);
    expect(told[0]!.body).toContain('88积分');
    for (const answer of await Promise.all([redeem(accessToken, pointsCode!, from, idempotencyKey), redeem(accessToken, pointsCode!, from, idempotencyKey)])) {
      expect(answer.response?.data).toMatchObject({ repeated: true });
    }
    expect((await redeem(accessToken, pointsCode!, from)).response?.subcode).toBe(SUBCODE.REDEEM_CODE_USED);
    expect(await messages(accessToken)).toHaveLength(1);
    // A voucher: its name, and the link to 我的卡券.
    const voucherKey = key();
    const voucher = (await redeem(accessToken, voucherCode!, from, voucherKey)).response?.data as { voucher: { name: string } };
    expect((await redeem(accessToken, voucherCode!, from, voucherKey)).response?.data).toMatchObject({ repeated: true });
    const all = await messages(accessToken);
    expect(all).toHaveLength(2);
    const toldVoucher = all.find((message) => message.link === '/activity-exchange');
    expect(toldVoucher).toMatchObject({ kind: 'rewards', title: '兑换码奖励已到账' });
    expect(toldVoucher!.body).toContain(voucher.voucher.name);
  });

  itSqliteOnly(engine)('a redemption whose message fails three times still gives the code; the message is retried with back-off and posted once', async () => {
    const [code] = await batch({ points: 30 }, 1);
    const { userId, accessToken } = await member();
    const post = vi.spyOn(t.app.content.messages, 'post');
    post
      .mockRejectedValueOnce(new Error('messages unavailable'))
      .mockRejectedValueOnce(new Error('messages unavailable'))
      .mockRejectedValueOnce(new Error('messages unavailable'));
    try {
      expect((await redeem(accessToken, code!, address())).response).toMatchObject({ code: '200', data: { kind: 'points', points: 30, balance: 30 } });
      expect(await messages(accessToken)).toEqual([]);
      expect(await t.app.outbox.backlog()).toMatchObject({ depth: 1, failing: 1 });
      // Each retry waits twice as long as the one before (OUTBOX_RETRY_BASE_SECONDS 5: 5 s, 10 s, 20 s).
      for (const wait of [5_000, 10_000, 20_000]) {
        clock.advance(wait - 1);
        expect(await t.app.outbox.drain()).toBe(0);
        clock.advance(1);
        await t.app.outbox.drain();
      }
      expect(post).toHaveBeenCalledTimes(4);
    } finally {
      post.mockRestore();
    }
    expect(await t.app.rewards.points.balance(userId)).toBe(30);
    expect((await messages(accessToken)).map((m) => m.title)).toEqual(['兑换码奖励已到账']);
    expect(await t.app.outbox.backlog()).toEqual({ depth: 0, failing: 0, oldestAt: null, dead: 0 });
    // Delivered is delivered: later passes post nothing more.
    clock.advance(3_600_000);
    await t.app.outbox.drain();
    expect(await messages(accessToken)).toHaveLength(1);
  });

  it('20 users redeeming one code at once: exactly one gets it, the others hear it is used', async () => {
    const [code] = await batch({ points: 50 }, 1);
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const answers = await Promise.all(members.map((m) => redeem(m.accessToken, code!, address())));
    expect(answers.filter((a) => a.response?.code === '200')).toHaveLength(1);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.REDEEM_CODE_USED)).toHaveLength(19);
    const balances = await Promise.all(members.map((m) => t.app.rewards.points.balance(m.userId)));
    expect(balances.reduce((sum, b) => sum + b, 0)).toBe(50);
  });

  itSqliteOnly(engine)('refuses expired and revoked codes with their own codes', async () => {
    const [soon] = await batch({ points: 10 }, 1, 1);
    const toRevoke = await issue({ points: 10 }, 1);
    const [revoked] = toRevoke.codes;
    const { userId, accessToken } = await member();
    await t.app.rewards.operations.revokeBatch(toRevoke.batch.id, 'test', clock());
    const from = address();
    expect((await redeem(accessToken, revoked!, from)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.REDEEM_CODE_REVOKED });
    clock.advance(2 * DAY);
    expect((await redeem(accessToken, soon!, from)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.REDEEM_CODE_EXPIRED });
    expect(await t.app.rewards.points.balance(userId)).toBe(0);
  });

  itSqliteOnly(engine)('keeps a code unused when its voucher is out of stock, and gives it once restocked', async () => {
    const [code] = await batch({ itemId: 'coupon-rate-off-5' }, 1);
    const { accessToken } = await member();
    const from = address();
    await t.app.rewards.items.change('coupon-rate-off-5', { stock: 0 }, 'test', clock());
    expect((await redeem(accessToken, code!, from)).response).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.REDEEM_REWARD_UNAVAILABLE });
    await t.app.rewards.items.change('coupon-rate-off-5', { stock: 5 }, 'test', clock());
    expect((await redeem(accessToken, code!, from)).response).toMatchObject({ code: '200', data: { kind: 'voucher' } });
  });

  itSqliteOnly(engine)('limits guessing per account: past the budget even a right code waits for the hour, other accounts go on', async () => {
    const [right, other] = await batch({ points: 10 }, 2);
    const guesser = await member();
    const from = address();
    const wrong = () =>
      'ABCD-EFGH-JKMN-' +
      randomBytes(2)
        .toString('hex')
        .toUpperCase()
        .replace(/[^0-9A-F]/g, '0');
    const answers: ApiResult[] = [];
    for (let i = 0; i < 5; i++) answers.push(await redeem(guesser.accessToken, wrong(), from));
    expect(answers.map((a) => a.response?.subcode)).toEqual(Array(5).fill(SUBCODE.REDEEM_CODE_INVALID));
    expect(answers.map((a) => (a.response?.data as { attemptsLeft: number }).attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    const locked = await redeem(guesser.accessToken, right!, from);
    expect(locked.response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.REDEEM_LOCKED });
    const retryAfter = (locked.response?.data as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    // Not even from another address: the budget is the account's.
    expect((await redeem(guesser.accessToken, right!, address())).response?.subcode).toBe(SUBCODE.REDEEM_LOCKED);
    // Another account at the same address is not held up.
    const bystander = await member();
    expect((await redeem(bystander.accessToken, other!, from)).response?.code).toBe('200');
    clock.advance(retryAfter * 1000);
    expect((await redeem(guesser.accessToken, right!, from)).response?.code).toBe('200');
  });

  it('30 wrong guesses at once get no more than the budget looked at', async () => {
    const guesser = await member();
    const from = address();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => redeem(guesser.accessToken, `ZZZZ-ZZZZ-ZZZZ-${String(1000 + i)}`, from)));
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.REDEEM_CODE_INVALID)).toHaveLength(5);
    expect(answers.filter((a) => a.response?.subcode === SUBCODE.REDEEM_LOCKED)).toHaveLength(25);
  });

  itSqliteOnly(engine)('limits guessing per address across accounts; another address goes on', async () => {
    const [right] = await batch({ points: 10 }, 1);
    const from = address();
    for (let account = 0; account < 5; account++) {
      const m = await member();
      for (let i = 0; i < 4; i++)
        expect((await redeem(m.accessToken, `YYYY-YYYY-YYYY-${account}${i}00`, from)).response?.subcode).toBe(SUBCODE.REDEEM_CODE_INVALID);
    }
    const fresh = await member();
    expect((await redeem(fresh.accessToken, right!, from)).response?.subcode).toBe(SUBCODE.REDEEM_LOCKED);
    expect((await redeem(fresh.accessToken, right!, address())).response?.code).toBe('200');
  });

  itSqliteOnly(engine)('stores no code in the clear, and never writes one to the audit', async () => {
    const codes = await batch({ points: 5 }, 50);
    const tables = ['redeem_codes', 'redeem_batches', 'reward_changes'] as const;
    const stored = JSON.stringify(await Promise.all(tables.map((table) => t.app.database.db.selectFrom(table).selectAll().execute())));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
    const hashes = await t.app.database.db.selectFrom('redeem_codes').select('code_hash').execute();
    expect(hashes.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
    expect(new Set(codes).size).toBe(50);
    expect(codes.every((code) => /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/.test(code))).toBe(true);
  });

  it('answers wrong types and oversized input with 400/4009; a key reused for another code changes nothing', async () => {
    const [first, second] = await batch({ points: 7 }, 2);
    const { userId, accessToken } = await member();
    const from = address();
    for (const payload of [
      {},
      { code: first },
      { idempotencyKey: key() },
      { code: 1234, idempotencyKey: key() },
      { code: 'A'.repeat(41), idempotencyKey: key() },
      { code: [first], idempotencyKey: key() },
      { code: first, idempotencyKey: 'short' },
      { code: first, idempotencyKey: key(), points: 100 },
    ]) {
      expect((await callFrom(client, from, redeemCode, payload, { accessToken, raw: true })).response, JSON.stringify(payload).slice(0, 60)).toMatchObject({
        code: CODE.BAD_REQUEST,
        subcode: SUBCODE.BAD_PAYLOAD,
      });
    }
    const reused = key();
    expect((await redeem(accessToken, first!, from, reused)).response?.code).toBe('200');
    expect((await redeem(accessToken, second!, from, reused)).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD });
    clock.advance(1_000);
    expect((await redeem(accessToken, second!, from)).response?.code).toBe('200');
    // The second code, now the user's too, under the first one's key: still refused, not answered as the first.
    expect((await redeem(accessToken, second!, from, reused)).response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD });
    expect(await t.app.rewards.points.balance(userId)).toBe(14);
    expect((await client.call(redeemCode, { code: first!, idempotencyKey: key() }, { accessToken: '' })).response?.code).toBe(CODE.UNAUTHORIZED);
  });
});
