// The statements each call of the home page, the messages and the draw sends to the database, counted by
// `tyd_db_queries_total` around one call through real HTTP (docs/operations.md "Metrics"), on both
// engines. The numbers are pinned: a change that adds a statement to one of these calls fails here and
// has to say why in this file. The session lookup is one of them (the session with its account).
import { randomBytes } from 'node:crypto';
import {
  CODE,
  clearUnreadNotice,
  homePageNotice,
  luckyDrawInfo,
  messageRead,
  messageUnread,
  updateLuckyPoints,
  userDetailV1,
  type Endpoint,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, EndpointPayload } from '../support/api-client.js';
import { createSession, createUser } from '../support/factories.js';
import { ENGINES } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe.each(ENGINES)('statements per call (%s)', (engine) => {
  let t: TestApp;
  let client: ApiClient;
  let metricsUrl: string;
  // Only the calls' own statements in the window: the outbox's poll is left to its slowest setting.
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { METRICS_PORT: '0', OUTBOX_POLL_MS: '600000' } });
    client = await t.client();
    metricsUrl = `http://127.0.0.1:${t.app.metricsAddress()!.port}/metrics`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const queries = async (): Promise<number> => {
    const text = await (await fetch(metricsUrl)).text();
    const line = text.split('\n').find((l) => l.startsWith(`tyd_db_queries_total{engine="${engine}"} `));
    return Number(line?.split(' ')[1] ?? 0);
  };
  /** A user with a session whose first call (which notes the session's activity, once a minute) is made already. */
  async function member() {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    await client.call(messageUnread, {}, { accessToken });
    return { userId: user.id, accessToken };
  }
  /** The statements one call sends, less a scrape's own (the outbox backlog), and its answer. */
  async function counted<E extends Endpoint>(accessToken: string, endpoint: E, payload: EndpointPayload<E>) {
    const first = await queries();
    const perScrape = (await queries()) - first;
    const before = await queries();
    const answer = (await client.call(endpoint, payload, { accessToken })).response!;
    return { statements: (await queries()) - before - perScrape, answer };
  }

  it('message-unread: the session, then both counts in one', async () => {
    const m = await member();
    const { statements, answer } = await counted(m.accessToken, messageUnread, {});
    expect(answer.code).toBe(CODE.OK);
    expect(statements).toBe(2);
  });

  it("message-read of one: the session, the update, then the counts with whether it is the account's; of all: the same", async () => {
    const m = await member();
    await t.app.content.messages.post(m.userId, { kind: 'system', title: '测试', body: '正文', dedupeKey: 'statements-1' });
    const [message] = (await t.app.content.messages.list(m.userId, {})).items;
    const one = await counted(m.accessToken, messageRead, { id: message!.id });
    expect(one.answer).toMatchObject({ code: CODE.OK, data: { messages: 0 } });
    expect(one.statements).toBe(3);
    // Another account's message (or none): still three, and 404 with nothing changed.
    const other = await member();
    const refused = await counted(other.accessToken, messageRead, { id: message!.id });
    expect(refused.answer.code).toBe(CODE.NOT_FOUND);
    expect(refused.statements).toBe(3);
    const all = await counted(m.accessToken, messageRead, { all: true });
    expect(all.answer.code).toBe(CODE.OK);
    expect(all.statements).toBe(3);
  });

  it("lucky-draw-info: the session, then the prizes with the balance, today's draws and the expiry check in one", async () => {
    const m = await member();
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.ledger.credit({ userId: m.userId, amount: 50, reason: 'operator-grant', key: 'statements-info', now: Date.now() }, trx));
    const { statements, answer } = await counted(m.accessToken, luckyDrawInfo, {});
    expect(answer).toMatchObject({ code: CODE.OK, data: { balance: 50, open: true } });
    expect(statements).toBe(2);
  });

  it('user-detail-v1: the session, then the profile with the consent in one', async () => {
    const m = await member();
    // The current versions accepted, as login records them.
    await t.app.accounts.repos.consents.record({ userId: m.userId, version: t.app.accounts.legal.version, decision: 'accepted', now: Date.now() });
    // An account without a profile yet gets one here: its read finds none, the insert is the profile (no read back).
    const first = await counted(m.accessToken, userDetailV1, {});
    expect(first.answer).toMatchObject({ code: CODE.OK, data: { invited: false, renewalRequired: false } });
    expect(first.statements).toBe(4);
    const { statements, answer } = await counted(m.accessToken, userDetailV1, {});
    expect(answer).toEqual(first.answer);
    expect(statements).toBe(2);
  });

  it('update-lucky-points: the claim, the debit, the prizes with the count, the take in one transaction, and no read after it', async () => {
    const m = await member();
    await t.app.database.db
      .transaction()
      .execute((trx) => t.app.rewards.ledger.credit({ userId: m.userId, amount: 100, reason: 'operator-grant', key: 'statements-draw', now: Date.now() }, trx));
    const only = async (winner: string) => {
      for (const id of ['points-100', 'points-20', 'points-5', 'thanks'])
        expect(await t.app.rewards.prizes.change(id, { weight: id === winner ? 1 : 0 }, 'test', Date.now())).toBe(true);
    };
    const draw = (idempotencyKey = randomBytes(16).toString('base64url')) => counted(m.accessToken, updateLuckyPoints, { idempotencyKey });
    try {
      // 谢谢参与: the session; BEGIN, the claim, the balance's update, the lots, the debit's entry, the lot drawn
      // down, the prizes with today's draws, the take, the draw completed, COMMIT.
      await only('thanks');
      const thanks = await draw();
      expect(thanks.answer).toMatchObject({ code: CODE.OK, data: { prize: { id: 'thanks' }, balance: 90, repeated: false } });
      expect(thanks.statements).toBe(11);
      // A points prize adds its lot, the balance's upsert and the message's outbox event, and after the
      // commit the message's delivery (the event taken, the message written, the event marked delivered).
      await only('points-20');
      const won = await draw();
      expect(won.answer).toMatchObject({ code: CODE.OK, data: { prize: { id: 'points-20' }, balance: 100, repeated: false } });
      expect(won.statements).toBe(17);
      expect(await t.app.rewards.points.balance(m.userId)).toBe(100);
    } finally {
      for (const [id, weight] of Object.entries({ 'points-100': 3, 'points-20': 20, 'points-5': 35, thanks: 42 }))
        await t.app.rewards.prizes.change(id, { weight }, 'test', Date.now());
    }
  });

  it("home-page-notice: the session, then the important notice with the reader's watermark in one", async () => {
    const m = await member();
    const { publishing } = t.app.content;
    const item = await publishing.create('notice', { title: '重要通知', body: '正文', important: true }, 'test', Date.now() - 1_000);
    await publishing.publish(item.id, 'test', Date.now() - 1_000);
    const unread = await counted(m.accessToken, homePageNotice, {});
    expect(unread.answer).toMatchObject({ code: CODE.OK, data: { notice: { id: item.id, unread: true } } });
    expect(unread.statements).toBe(2);
    expect((await client.call(clearUnreadNotice, {}, { accessToken: m.accessToken })).response?.code).toBe(CODE.OK);
    const read = await counted(m.accessToken, homePageNotice, {});
    expect(read.answer).toMatchObject({ code: CODE.OK, data: { notice: { id: item.id, unread: false } } });
    expect(read.statements).toBe(2);
  });
});
