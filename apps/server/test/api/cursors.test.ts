// List cursors through the real envelope, on both engines (docs/protocol.md "List cursors", docs/api.md
// "Notices, messages and content"): every list that pages by a cursor answers every cursor it did not hand
// out for that list the same way, 400/4701, whatever its shape — not base64url, base64url garbage, the
// server's own cursor with one byte changed, another list's cursor, another account's cursor of the same
// list, an unsigned position as this server once handed out — and only a cursor that is not a string is a
// malformed payload (400/4009). A real cursor still pages.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CODE,
  SUBCODE,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  newInformationInfo,
  noticeList,
  messageList,
  pointsLedger,
  luckyDrawHistory,
  myVouchers,
  myInvitees,
  updateLuckyPoints,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient, EndpointPayload } from '../support/api-client.js';
import { createSession, createUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

/** Every list that takes a cursor, with the payload that asks for a page of it (content lists: one item a page). */
const LISTS = [
  { name: 'articles', path: newInformationInfo, payload: { limit: 1 } },
  { name: 'notices', path: noticeList, payload: { limit: 1 } },
  { name: 'announcements', path: noticeList, payload: { kind: 'announcement', limit: 1 } },
  { name: 'messages', path: messageList, payload: { limit: 1 } },
  { name: 'points', path: pointsLedger, payload: {} },
  { name: 'draws', path: luckyDrawHistory, payload: {} },
  { name: 'vouchers', path: myVouchers, payload: {} },
  { name: 'invitees', path: myInvitees, payload: {} },
] as const;
type ListName = (typeof LISTS)[number]['name'];
/** The rewards lists page by 20: 21 items give a second page. */
const REWARDS_PAGE = 20;

describe.each(ENGINES)('list cursors on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { REWARDS_DRAW_DAILY_LIMIT: '100' } });
    for (const kind of ['notice', 'announcement', 'article'] as const) {
      for (const n of [1, 2]) {
        clock.advance(1);
        const item = await t.app.content.publishing.create(kind, { title: `${kind} ${n}`, body: `${kind} ${n}的正文` }, 'test', clock());
        await t.app.content.publishing.publish(item.id, 'test', clock());
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Member {
    userId: string;
    client: ApiClient;
  }
  const call = async <E extends Endpoint>(m: Member, endpoint: E, payload: EndpointPayload<E>): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await m.client.call(endpoint, payload)).response!;

  /** An account with something on the second page of every list it has: messages, points, draws, vouchers, invitees. */
  async function member(): Promise<Member> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    const m = { userId: user.id, client };
    const db = t.app.database.db;
    for (let i = 0; i < REWARDS_PAGE + 1; i++) {
      clock.advance(1_000);
      await t.app.content.messages.post(user.id, { kind: 'system', title: `消息 ${i}`, body: '正文', dedupeKey: `cursor-test:${i}` });
      await db
        .transaction()
        .execute((trx) => t.app.rewards.ledger.credit({ userId: user.id, amount: 100, reason: 'operator-grant', key: `cursor-test:${i}`, now: clock() }, trx));
      await db
        .transaction()
        .execute((trx) =>
          t.app.rewards.voucherGrants.grant(
            { userId: user.id, itemId: 'coupon-interest-free-7', source: 'redeem-code', key: `cursor-test:${i}`, now: clock() },
            trx,
          ),
        );
      const invitee = await createUser(t.app.accounts.repos, { now: clock() });
      expect(
        await t.app.accounts.repos.profiles.tryCreate({
          userId: invitee.id,
          inviteCode: randomBytes(4).toString('hex').toUpperCase(),
          invitedBy: user.id,
          now: clock(),
        }),
      ).toBe(true);
      const drawn = await call(m, updateLuckyPoints, { idempotencyKey: randomUUID() });
      expect(drawn.code, JSON.stringify(drawn)).toBe('200');
    }
    return m;
  }

  /** The nextCursor of each list's first page, for this account. */
  async function cursorsOf(m: Member): Promise<Record<ListName, string>> {
    const cursors: Partial<Record<ListName, string>> = {};
    for (const list of LISTS) {
      const answer = await call(m, list.path, list.payload);
      expect(answer.code, `${list.name} ${JSON.stringify(answer)}`).toBe('200');
      const next = (answer.data as { nextCursor: string | null }).nextCursor;
      expect(next, list.name).toEqual(expect.any(String));
      cursors[list.name] = next!;
    }
    return cursors as Record<ListName, string>;
  }

  /** The same cursor with one byte of what it encodes changed (the first, one in the middle, the last). */
  function oneByteChanged(cursor: string): string[] {
    const bytes = Buffer.from(cursor, 'base64url');
    return [0, Math.floor(bytes.length / 2), bytes.length - 1].map((at) => {
      const copy = Buffer.from(bytes);
      copy[at] = copy[at]! ^ 0x01;
      return copy.toString('base64url');
    });
  }

  const foreign = { code: CODE.BAD_REQUEST, subcode: SUBCODE.LIST_CURSOR_INVALID };

  it('pages with its own cursor, and answers every cursor it did not hand out 400/4701', async () => {
    const owner = await member();
    const other = await member();
    const own = await cursorsOf(owner);
    const others = await cursorsOf(other);
    for (const list of LISTS) {
      // Any value as the cursor, wrong types included (the raw option): refusing them is the point.
      const ask = async (m: Member, cursor: unknown) => (await m.client.call(list.path, { ...list.payload, cursor }, { raw: true })).response!;
      // The real cursor pages on.
      const second = await ask(owner, own[list.name]);
      expect(second.code, `${list.name} ${JSON.stringify(second)}`).toBe('200');
      expect((second.data as { items: unknown[] }).items.length, list.name).toBeGreaterThan(0);

      const refused: Array<[string, string]> = [
        // Not base64url.
        ['not base64url', 'not a cursor!'],
        ['not base64url', 'a b'],
        ['not base64url', '游标'],
        ['not base64url', `${own[list.name]}=`],
        ['empty', ''],
        ['too long', 'x'.repeat(500)],
        // base64url, but garbage.
        ['garbage', 'bm90LWEtY3Vyc29y'],
        ['garbage', 'AAAA'],
        ['garbage', randomBytes(60).toString('base64url')],
        // What this server handed out before cursors were bound to their list: the position in the clear.
        ['unsigned position', Buffer.from(`${clock()}.${'a'.repeat(12)}`).toString('base64url')],
        // The real cursor, one byte changed; and one character added (the same bytes, another spelling).
        ...oneByteChanged(own[list.name]).map((cursor): [string, string] => ['one byte changed', cursor]),
        ['non-canonical', `${own[list.name]}A`],
        // Every other list's cursor of the same account.
        ...LISTS.filter((otherList) => otherList.name !== list.name).map((otherList): [string, string] => [`${otherList.name}'s cursor`, own[otherList.name]]),
      ];
      // Another account's cursor of the same list, where the list is the account's own.
      if (!['articles', 'notices', 'announcements'].includes(list.name)) refused.push(["another account's cursor", others[list.name]]);
      for (const [what, cursor] of refused) {
        expect(await ask(owner, cursor), `${list.name}: ${what} ${cursor}`).toMatchObject(foreign);
      }
      // Not a string: a malformed payload, as any wrong type is.
      for (const cursor of [42, null, { at: 1 }]) {
        expect(await ask(owner, cursor), `${list.name}: ${JSON.stringify(cursor)}`).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.BAD_PAYLOAD });
      }
    }
  });

  it("reads the company-wide lists' cursors the same with or without a session", async () => {
    const owner = await member();
    const anonymous = { userId: '', client: await t.client() };
    for (const list of LISTS.filter((l) => ['articles', 'notices', 'announcements'].includes(l.name))) {
      const first = await call(anonymous, list.path, list.payload);
      const cursor = (first.data as { nextCursor: string }).nextCursor;
      for (const m of [anonymous, owner]) {
        expect((await call(m, list.path, { ...list.payload, cursor })).code, list.name).toBe('200');
      }
    }
  });
});
