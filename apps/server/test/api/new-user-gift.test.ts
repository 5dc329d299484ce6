// The new-user gift (docs/api.md "New-user gift") over real HTTP and the real envelope, on both engines:
// the package goes to a verified person once, within NEW_USER_GIFT_DAYS of registration, points to the
// ledger and vouchers through the one grant path, in one transaction (a voucher out of stock keeps
// nothing); parallel claims give one gift; the same person on a new account (deregistered and registered
// again, certified again through the sandbox) gets nothing; get-cloud-steward-url's address logs in.
import { randomBytes } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  newUserGiftInfo,
  claimNewUserGift,
  pointsLedger,
  messageList,
  certification,
  h5FaceUrl,
  h5FaceVerify,
  sendSmsCode,
  cancelAccount,
  getCloudStewardUrl,
  authorizedLogin,
} from '@tyd/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GiftLine } from '../../src/rewards/repositories/gift-contents-repository.js';
import { adminOutcome } from '../support/admin-command.js';
import type { ApiClient, EndpointPayload, PayloadArg } from '../support/api-client.js';
import { latestCode, signUp, testClock, type TestClock } from '../support/accounts.js';
import { createSession, createUser, insertVerifiedIdentity, uniquePhone } from '../support/factories.js';
import { cardPhoto, readSide, uniqueCardPhoto } from '../support/identity.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const WINDOW_DAYS = 7;
const key = () => randomBytes(16).toString('base64url');

/** The package the migration seeds. */
const SEEDED: GiftLine[] = [
  { points: 100, itemId: null },
  { points: null, itemId: 'coupon-interest-free-7' },
  { points: null, itemId: 'coupon-repay-10' },
];
const SEEDED_VIEW = [
  { kind: 'points', points: 100 },
  { kind: 'voucher', itemId: 'coupon-interest-free-7', name: '7天免息券', description: '借款时抵扣7天利息', validDays: 30 },
  { kind: 'voucher', itemId: 'coupon-repay-10', name: '10元还款立减券', description: '单笔还款满500元立减10元', validDays: 30 },
];

interface Member {
  userId: string;
  accessToken: string;
  createdAt: number;
}

// PostgreSQL runs the claim journey, the parallel claims, the all-or-nothing claim out of stock and the same
// person on a new account; the checks of one request at a time (itSqliteOnly) run on SQLite only
// (docs/operations.md "Test suite").
describe.each(ENGINES)('new-user gift on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let client: ApiClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { NEW_USER_GIFT_DAYS: String(WINDOW_DAYS), HUMAN_CHECK_IP_PER_HOUR: '100000' } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.app.rewards.giftContents.replace(SEEDED, 'test', clock());
    for (const id of ['coupon-interest-free-7', 'coupon-repay-10']) expect(await t.app.rewards.items.change(id, { stock: 1000 }, 'test', clock())).toBe(true);
  });

  /** A user registered now with a long session, verified unless told otherwise. */
  async function member(opts: { verified?: boolean } = {}): Promise<Member> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const { accessToken } = await createSession(t.app.accounts.repos, user, { now: clock(), ttlMs: 365 * DAY });
    if (opts.verified !== false) await insertVerifiedIdentity(t.app.database.db, t.secrets, user.id, { now: clock() });
    return { userId: user.id, accessToken, createdAt: user.createdAt };
  }
  const call = async <E extends Endpoint>(
    m: Pick<Member, 'accessToken'>,
    endpoint: E,
    ...[payload]: PayloadArg<E>
  ): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await client.call(endpoint, (payload ?? {}) as EndpointPayload<E>, { accessToken: m.accessToken })).response!;
  const info = (m: Pick<Member, 'accessToken'>) => call(m, newUserGiftInfo);
  const claim = (m: Pick<Member, 'accessToken'>, idempotencyKey = key()) => call(m, claimNewUserGift, { idempotencyKey });
  const db = () => t.app.database.db;
  const vouchersOf = (userId: string) =>
    db().selectFrom('vouchers').select(['item_id', 'source', 'source_key']).where('user_id', '=', userId).orderBy('source_key').execute();
  const claimRows = (userId: string) => db().selectFrom('gift_claims').selectAll().where('user_id', '=', userId).execute();
  const stockOf = async (itemId: string) => (await t.app.rewards.items.find(itemId))?.stock;

  it('shows the package and the deadline, gives points and vouchers once, and answers a replay the same', async () => {
    const m = await member();
    expect(await info(m)).toMatchObject({
      code: '200',
      data: {
        state: 'claimable',
        contents: SEEDED_VIEW,
        deadline: m.createdAt + WINDOW_DAYS * DAY,
        windowDays: WINDOW_DAYS,
        claimedAt: null,
        claimedElsewhere: false,
        pointsValidDays: 365,
      },
    });
    const stockBefore = await stockOf('coupon-repay-10');
    const idempotencyKey = key();
    const first = await claim(m, idempotencyKey);
    expect(first).toMatchObject({ code: '200', data: { claimedAt: clock(), contents: SEEDED_VIEW, repeated: false } });

    // Points in the ledger under the gift's reason, valid POINTS_VALID_DAYS; the vouchers in the table, from the gift.
    const ledger = (await call(m, pointsLedger)).data as { balance: number; items: Array<{ reason: string; amount: number; expiresAt: number }> };
    expect(ledger.balance).toBe(100);
    expect(ledger.items).toEqual([expect.objectContaining({ reason: 'new-user-gift', amount: 100, expiresAt: clock() + 365 * DAY })]);
    const vouchers = await vouchersOf(m.userId);
    expect(vouchers.map((v) => [v.item_id, v.source])).toEqual([
      ['coupon-interest-free-7', 'new-user-gift'],
      ['coupon-repay-10', 'new-user-gift'],
    ]);
    expect(vouchers.every((v) => /^new-user-gift:[0-9a-f]{64}:[23]$/.test(v.source_key))).toBe(true);
    expect(await stockOf('coupon-repay-10')).toBe(stockBefore! - 1);
    expect(await info(m)).toMatchObject({ data: { state: 'claimed', contents: SEEDED_VIEW, claimedAt: clock(), claimedElsewhere: false } });

    // The message says what arrived and links to the vouchers.
    const messages = (await call(m, messageList)).data as { items: Array<{ kind: string; title: string; body: string; link: string }> };
    expect(messages.items).toEqual([expect.objectContaining({ kind: 'rewards', title: '新人礼已到账', link: '/activity-exchange' })]);
    expect(messages.items[0]!.body).toContain('100积分、7天免息券、10元还款立减券');

    // A replay (the same key, or a later press with a new one): the same claim, nothing given again, one message.
    clock.advance(60_000);
    for (const again of [await claim(m, idempotencyKey), await claim(m)]) {
      expect(again).toMatchObject({ code: '200', data: { claimedAt: clock() - 60_000, contents: SEEDED_VIEW, repeated: true } });
    }
    expect(await t.app.rewards.points.balance(m.userId)).toBe(100);
    expect(await vouchersOf(m.userId)).toHaveLength(2);
    expect(await stockOf('coupon-repay-10')).toBe(stockBefore! - 1);
    expect(((await call(m, messageList)).data as { items: unknown[] }).items).toHaveLength(1);

    // What was given stays what the account sees, even after operators change the package.
    await t.app.rewards.giftContents.replace([{ points: 5, itemId: null }], 'test', clock());
    expect(await info(m)).toMatchObject({ data: { state: 'claimed', contents: SEEDED_VIEW } });
    expect(await info(await member())).toMatchObject({ data: { state: 'claimable', contents: [{ kind: 'points', points: 5 }] } });
  });

  itSqliteOnly(engine)('asks an unverified account to verify first and refuses its claim with 4611, keeping nothing', async () => {
    const m = await member({ verified: false });
    expect(await info(m)).toMatchObject({ code: '200', data: { state: 'needs-verification', contents: SEEDED_VIEW, claimedElsewhere: false } });
    expect(await claim(m)).toMatchObject({ code: CODE.FORBIDDEN, subcode: SUBCODE.IDENTITY_NOT_VERIFIED });
    expect(await claimRows(m.userId)).toEqual([]);
    expect(await t.app.rewards.points.balance(m.userId)).toBe(0);
    // Verified later, inside the window: claimable.
    await insertVerifiedIdentity(db(), t.secrets, m.userId, { now: clock() });
    expect(await claim(m)).toMatchObject({ code: '200', data: { repeated: false } });
  });

  itSqliteOnly(engine)('closes the window NEW_USER_GIFT_DAYS after registration, by the injected clock', async () => {
    const late = await member();
    const onTheDay = await member();
    const deadline = late.createdAt + WINDOW_DAYS * DAY;
    clock.advance(WINDOW_DAYS * DAY);
    // The last moment of the window still counts.
    expect(await info(onTheDay)).toMatchObject({ data: { state: 'claimable', deadline: onTheDay.createdAt + WINDOW_DAYS * DAY } });
    expect(await claim(onTheDay)).toMatchObject({ code: '200' });
    clock.advance(1);
    expect(await info(late)).toMatchObject({ data: { state: 'window-closed', deadline } });
    expect(await claim(late)).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.GIFT_WINDOW_CLOSED, data: { deadline } });
    expect(await claimRows(late.userId)).toEqual([]);
    // Who claimed in time still sees the claim.
    expect(await info(onTheDay)).toMatchObject({ data: { state: 'claimed' } });
    // An account registered now has a window of its own.
    expect(await info(await member())).toMatchObject({ data: { state: 'claimable' } });
  });

  it('20 parallel claims by one account give one gift; the balance and stock are exact', async () => {
    const m = await member();
    const stockBefore = await stockOf('coupon-interest-free-7');
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m)));
    expect(answers.every((a) => a.code === '200')).toBe(true);
    const repeated = answers.map((a) => (a.data as { repeated: boolean }).repeated);
    expect(repeated.filter((r) => !r)).toHaveLength(1);
    expect(new Set(answers.map((a) => (a.data as { claimedAt: number }).claimedAt)).size).toBe(1);
    expect(await t.app.rewards.points.balance(m.userId)).toBe(100);
    expect(await vouchersOf(m.userId)).toHaveLength(2);
    expect(await claimRows(m.userId)).toHaveLength(1);
    expect(await stockOf('coupon-interest-free-7')).toBe(stockBefore! - 1);
  });

  it('never gives more vouchers than the stock: parallel claims of many people, the rest keep nothing', async () => {
    expect(await t.app.rewards.items.change('coupon-interest-free-7', { stock: 3 }, 'test', clock())).toBe(true);
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(members.map((m) => claim(m)));
    const won = members.filter((_, i) => answers[i]!.code === '200');
    const refused = members.filter((_, i) => answers[i]!.code !== '200');
    expect(won).toHaveLength(3);
    for (const [i, answer] of answers.entries()) {
      if (answer.code !== '200')
        expect(answer, String(i)).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.GIFT_ITEM_UNAVAILABLE, data: { itemId: 'coupon-interest-free-7' } });
    }
    expect(await stockOf('coupon-interest-free-7')).toBe(0);
    for (const m of refused) {
      expect(await claimRows(m.userId)).toEqual([]);
      expect(await t.app.rewards.points.balance(m.userId)).toBe(0);
      expect(await vouchersOf(m.userId)).toEqual([]);
      // Still claimable once the stock is back.
      expect(await info(m)).toMatchObject({ data: { state: 'claimable' } });
    }
    for (const m of won) expect(await t.app.rewards.points.balance(m.userId)).toBe(100);
  });

  it('keeps nothing when a voucher is out of stock, and gives the whole gift once it is back', async () => {
    const m = await member();
    expect(await t.app.rewards.items.change('coupon-repay-10', { stock: 0 }, 'test', clock())).toBe(true);
    const freeBefore = await stockOf('coupon-interest-free-7');
    expect(await claim(m)).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.GIFT_ITEM_UNAVAILABLE, data: { itemId: 'coupon-repay-10' } });
    // The points and the first voucher were written before the third line failed: all undone.
    expect(await claimRows(m.userId)).toEqual([]);
    expect(await t.app.rewards.points.balance(m.userId)).toBe(0);
    expect(((await call(m, pointsLedger)).data as { items: unknown[] }).items).toEqual([]);
    expect(await vouchersOf(m.userId)).toEqual([]);
    expect(await stockOf('coupon-interest-free-7')).toBe(freeBefore);
    expect(((await call(m, messageList)).data as { items: unknown[] }).items).toEqual([]);
    expect(await t.app.rewards.items.change('coupon-repay-10', { stock: 10 }, 'test', clock())).toBe(true);
    expect(await claim(m)).toMatchObject({ code: '200', data: { contents: SEEDED_VIEW, repeated: false } });
  });

  itSqliteOnly(engine)('is closed with an empty package, and points-only packages work', async () => {
    const m = await member();
    await t.app.rewards.giftContents.replace([], 'test', clock());
    expect(await info(m)).toMatchObject({ data: { state: 'closed', contents: [] } });
    expect(await claim(m)).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.GIFT_CLOSED });
    // Closed beats needs-verification: nobody is sent to verify for nothing.
    expect(await info(await member({ verified: false }))).toMatchObject({ data: { state: 'closed' } });
    await t.app.rewards.giftContents.replace(
      [
        { points: 30, itemId: null },
        { points: 20, itemId: null },
      ],
      'test',
      clock(),
    );
    expect(await claim(m)).toMatchObject({
      code: '200',
      data: {
        contents: [
          { kind: 'points', points: 30 },
          { kind: 'points', points: 20 },
        ],
      },
    });
    expect(await t.app.rewards.points.balance(m.userId)).toBe(50);
    const [message] = ((await call(m, messageList)).data as { items: Array<{ link: string }> }).items;
    expect(message?.link).toBe('/activity/points');
  });

  it('gives nothing to the same person on a new account: deregistered, registered again and verified again', { timeout: 60_000 }, async () => {
    const phone = uniquePhone();
    const portrait = uniqueCardPhoto();
    /** Signs up with the phone and certifies with the same card photo (the same sandbox person). */
    const certified = async (): Promise<ApiClient> => {
      const c = await t.client();
      expect((await signUp(c, t.baseUrl, phone)).response?.code).toBe('200');
      expect((await readSide(c, 'portrait', portrait)).code).toBe('200');
      expect((await readSide(c, 'emblem', cardPhoto())).code).toBe('200');
      expect((await c.call(certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' })).response?.code).toBe('200');
      const face = (await c.call(h5FaceUrl, {})).response?.data as { url: string };
      const session = new URL(face.url, t.baseUrl).searchParams.get('session');
      expect((await fetch(`${t.baseUrl}/sandbox/face/complete?session=${session}`, { method: 'POST' })).status).toBe(200);
      expect((await c.call(h5FaceVerify, {})).response?.data).toMatchObject({ state: 'verified' });
      return c;
    };
    const first = await certified();
    expect((await first.call(claimNewUserGift, { idempotencyKey: key() })).response).toMatchObject({ code: '200', data: { repeated: false } });
    const firstUser = await t.app.accounts.repos.users.findByPhone(phone);
    clock.advance(61_000);
    expect((await first.call(sendSmsCode, { purpose: 'deregister' })).response?.code).toBe('200');
    expect((await first.call(cancelAccount, { smsCode: await latestCode(t.baseUrl, phone) })).response?.code).toBe('200');

    clock.advance(61_000);
    const again = await certified();
    const user = await t.app.accounts.repos.users.findByPhone(phone);
    expect((await again.call(newUserGiftInfo, {})).response).toMatchObject({
      code: '200',
      data: { state: 'claimed', claimedElsewhere: true, claimedAt: null, contents: SEEDED_VIEW },
    });
    const refused = (await again.call(claimNewUserGift, { idempotencyKey: key() })).response;
    expect(refused).toMatchObject({ code: CODE.CONFLICT, subcode: SUBCODE.GIFT_CLAIMED_ELSEWHERE });
    // Which account claimed is never said.
    expect(JSON.stringify(refused)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await t.app.rewards.points.balance(user!.id)).toBe(0);
    expect(await vouchersOf(user!.id)).toEqual([]);
    // The claim outlives the first account (no foreign key on purpose); the new account has none.
    expect(user!.id).not.toBe(firstUser!.id);
    expect(await claimRows(firstUser!.id)).toHaveLength(1);
    expect(await claimRows(user!.id)).toEqual([]);
  });

  itSqliteOnly(engine)('refuses malformed payloads and calls without a session', async () => {
    const m = await member();
    for (const payload of [
      {},
      { idempotencyKey: 'short' },
      { idempotencyKey: 'x'.repeat(65) },
      { idempotencyKey: 42 },
      { idempotencyKey: key(), extra: 1 },
      { idempotencyKey: 'bad key with spaces!' },
    ]) {
      expect((await client.call(claimNewUserGift, payload, { accessToken: m.accessToken, raw: true })).response?.code, JSON.stringify(payload)).toBe(
        CODE.BAD_REQUEST,
      );
    }
    expect((await client.call(newUserGiftInfo, { extra: 1 }, { accessToken: m.accessToken, raw: true })).response?.code).toBe(CODE.BAD_REQUEST);
    expect(await claimRows(m.userId)).toEqual([]);
    for (const path of [claimNewUserGift, getCloudStewardUrl]) {
      expect(
        (await client.call(path, path === claimNewUserGift ? { idempotencyKey: key() } : {}, { accessToken: '', raw: true })).response?.code,
        path.path,
      ).toBe(CODE.UNAUTHORIZED);
    }
  });

  itSqliteOnly(engine)('shows a visitor without a session the offer (needs-login, no deadline), and nothing of any account', async () => {
    const offer = (await client.call(newUserGiftInfo, {}, { accessToken: '' })).response;
    expect(offer?.code).toBe(CODE.OK);
    expect(offer?.data).toMatchObject({ state: 'needs-login', deadline: null, claimedAt: null, claimedElsewhere: false, windowDays: expect.any(Number) });
    expect((offer?.data as { contents: unknown[] }).contents.length).toBeGreaterThan(0);
    // A token that opens no session reads as a visitor too (the pipeline's optional session): nobody's data.
    expect((await client.call(newUserGiftInfo, {}, { accessToken: 'A'.repeat(43) })).response?.data).toMatchObject({ state: 'needs-login', deadline: null });
  });

  itSqliteOnly(engine)('get-cloud-steward-url gives the gift page with a one-time ticket that logs in', async () => {
    const m = await member();
    const answer = await call(m, getCloudStewardUrl);
    const { url, expiresInSeconds } = answer.data as { url: string; expiresInSeconds: number };
    expect(url).toMatch(/^\/others\/tydPreJump\?code=[A-Za-z0-9_-]{43}&returnUrl=%2FcloudSteward%2Findex$/);
    expect(expiresInSeconds).toBeGreaterThan(0);
    const code = new URL(url, 'http://x').searchParams.get('code');
    const fresh = await t.client();
    const login = (await fresh.call(authorizedLogin, { authCode: code ?? '' })).response;
    expect(login?.code).toBe('200');
    fresh.accessToken = (login?.data as { accessToken: string }).accessToken;
    // The session it opened is the member's: the gift page's info answers for that account.
    expect((await fresh.call(newUserGiftInfo, {})).response).toMatchObject({ code: '200', data: { deadline: m.createdAt + WINDOW_DAYS * DAY } });
    expect((await t.client().then((c) => c.call(authorizedLogin, { authCode: code ?? '' }))).response?.code).not.toBe('200');
  });
});

// `npm run admin -- rewards gift…` (docs/operations.md "The new-user gift") in-process (runAdmin) against a
// running server's database: what it sets is what the API offers, every change is kept with who made it,
// bad input is refused with exit code 2, and claims are counted, never listed.
describe('admin rewards gift', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const admin = (...args: string[]) => adminOutcome(t, ['rewards', ...args]);
  const jsonLines = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);

  it('shows the gift, replaces it with the operator kept, refuses bad lines, and counts claims', { timeout: 180_000 }, async () => {
    const shown = await admin('gift');
    expect(shown.code).toBe(0);
    expect(jsonLines(shown.stdout)).toEqual([
      { line: 1, points: 100 },
      { line: 2, itemId: 'coupon-interest-free-7', name: '7天免息券', validDays: 30, stock: 1000 },
      { line: 3, itemId: 'coupon-repay-10', name: '10元还款立减券', validDays: 30, stock: 5000 },
    ]);

    const set = await admin('gift-set', '--operator', '运营-李', 'points:200', 'item:coupon-rate-off-5');
    expect(set.code, set.stderr).toBe(0);
    expect(jsonLines(set.stdout)).toEqual([
      { line: 1, points: 200 },
      { line: 2, itemId: 'coupon-rate-off-5', name: '利率95折券', validDays: 60, stock: 300 },
    ]);
    const [change] = await t.app.database.db.selectFrom('reward_changes').selectAll().where('subject', '=', 'gift').orderBy('at', 'desc').limit(1).execute();
    expect(change).toMatchObject({ operator: '运营-李' });
    expect(JSON.parse(change!.change)).toEqual([
      { points: 200, itemId: null },
      { points: null, itemId: 'coupon-rate-off-5' },
    ]);
    // What the page offers now.
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const c = await t.client();
    expect((await c.call(newUserGiftInfo, {}, { accessToken })).response?.data).toMatchObject({
      state: 'needs-verification',
      contents: [
        { kind: 'points', points: 200 },
        { kind: 'voucher', itemId: 'coupon-rate-off-5', validDays: 60 },
      ],
    });

    for (const bad of [
      ['--operator', 'x', 'item:no-such-item'],
      ['--operator', 'x', 'points:0'],
      ['--operator', 'x', 'points:100001'],
      ['--operator', 'x', 'points:-5'],
      ['--operator', 'x', 'coupon-repay-10'],
      ['--operator', 'x', ...Array.from({ length: 11 }, () => 'points:1')],
      ['--operator', 'x'],
      ['points:100'],
      // The operator checked as the /ops rewards API checks `by`.
      ['--operator', '   ', 'points:100'],
      ['--operator', 'x\u0007', 'points:100'],
    ]) {
      const refused = await admin('gift-set', ...bad);
      expect(refused.code, bad.join(' ')).toBe(2);
    }
    // Refusals changed nothing.
    expect(jsonLines((await admin('gift')).stdout)).toHaveLength(2);

    const closed = await admin('gift-set', '--operator', '运营-李', 'none');
    expect(closed.code).toBe(0);
    expect(closed.stdout.trim()).toBe('');
    expect(closed.stderr).toContain('closed');
    expect((await c.call(newUserGiftInfo, {}, { accessToken })).response?.data).toMatchObject({ state: 'closed' });

    await t.app.database.db
      .insertInto('gift_claims')
      .values({ person_key: 'a'.repeat(64), user_id: user.id, claimed_at: Date.now() })
      .execute();
    const counted = await admin('gift-claims');
    expect(counted.code).toBe(0);
    expect(jsonLines(counted.stdout)).toEqual([{ claims: 1 }]);
    expect(counted.stdout).not.toContain(user.id);
  });
});
