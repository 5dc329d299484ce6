// Notices, messages and content through the real envelope (docs/api.md "Notices, messages and content"):
// paging articles, announcements, notices and messages while new ones arrive (no duplicates or gaps),
// scheduled and unpublished items, the notice watermark (never past a notice the clear did not see) and
// exact unread counts under parallel reads and clears, message dedupe (also in parallel) and per-account
// isolation, bad input, the sign-in and phone-change messages, the /ops content API, hostile Markdown read
// back through every reading path, and article images. Both engines.
import { readFileSync } from 'node:fs';
import {
  OPS_CONTENT_PATH,
  opsContentCreate,
  opsContentGet,
  opsContentList,
  opsContentPreview,
  opsContentPublish,
  opsContentUnpublish,
  opsContentUpdate,
  parseOpsResponseData,
  type ApiResponse,
  type Endpoint,
  type EndpointResponseData,
  type OpsEndpoint,
  type OpsResponseData,
  messageUnread,
  newInformationInfo,
  noticeList,
  messageList,
  tydNoticeDetail,
  noticeDetail,
  clearUnreadNotice,
  homePageNotice,
  messageRead,
} from '@tyd/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient, EndpointPayload, PayloadArg } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { opsFetch, signedInOperator, type OpsClient } from '../support/operators.js';
import { expectSafe } from '../support/safe-html.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const MINUTE_MS = 60_000;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Page {
  items: { id: string; title: string; unread?: boolean; publishedAt: number }[];
  nextCursor: string | null;
}

// PostgreSQL runs the paging under posts, the locks and races of publishing and clearing, dedupe keys and
// stored images; the checks of one request at a time (itSqliteOnly) run on SQLite only (docs/operations.md
// "Test suite").
describe.each(ENGINES)('content on %s', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  // Two content editors, signed in to /ops (the audit names the signed-in operator).
  let wang: OpsClient;
  let li: OpsClient;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { HUMAN_CHECK_IP_PER_HOUR: '100000' } });
    wang = await signedInOperator(t, 'content_editor', { staySignedIn: true });
    li = await signedInOperator(t, 'content_editor', { staySignedIn: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const publishing = () => t.app.content.publishing;
  async function loggedIn(): Promise<{ client: ApiClient; userId: string }> {
    const user = await createUser(t.app.accounts.repos, { now: clock() });
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user, { now: clock() })).accessToken;
    return { client, userId: user.id };
  }
  const call = async <E extends Endpoint>(client: ApiClient, endpoint: E, ...[payload]: PayloadArg<E>): Promise<ApiResponse<EndpointResponseData<E>>> =>
    (await client.call(endpoint, (payload ?? {}) as EndpointPayload<E>)).response!;
  /** The calls that page with a cursor (docs/api.md "Paging"). */
  type Paged = typeof newInformationInfo | typeof noticeList | typeof messageList;
  /** Publishes one item now (the clock moves 1 ms so times differ unless a test wants them equal). */
  async function published(kind: 'notice' | 'announcement' | 'article', title: string, opts: { important?: boolean; body?: string } = {}) {
    const item = await publishing().create(kind, { title, body: opts.body ?? `${title}的正文`, important: opts.important }, 'test', clock());
    return publishing().publish(item.id, 'test', clock());
  }
  /** The /ops content API (plain JSON behind an operator's session), as `as` (null: no session). */
  async function ops(method: string, path: string, body?: unknown, as: OpsClient | null = wang) {
    const answer = as
      ? await as.call<Record<string, unknown>>(method, `${OPS_CONTENT_PATH}${path}`, body)
      : await opsFetch<Record<string, unknown>>(t, method, `${OPS_CONTENT_PATH}${path}`, body);
    return { status: answer.status, body: answer.body };
  }
  const unreadNotices = async (client: ApiClient) => ((await call(client, messageUnread)).data as { notices: number }).notices;
  async function allPages<E extends Paged>(client: ApiClient, endpoint: E, payload: EndpointPayload<E>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await call<Paged>(client, endpoint, { ...payload, ...(cursor && { cursor }) });
      expect(res.code, JSON.stringify(res)).toBe('200');
      const page = res.data as Page;
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  /**
   * Pages `path` two at a time while `add` puts a new item in after every page: the items that were there
   * come exactly once each, newest first, without gaps (pairs of them share a millisecond where the kind
   * allows, so the id breaks ties), and the new ones only above the first page, where a fresh read shows them.
   */
  async function pagesWhileAdding<E extends Paged>(
    client: ApiClient,
    endpoint: E,
    payload: EndpointPayload<E>,
    add: (title: string) => Promise<{ id: string; at: number }>,
  ) {
    const before = new Set(await allPages(client, endpoint, { ...payload, limit: 50 }));
    const existing: { id: string; at: number }[] = [];
    for (let i = 0; i < 7; i++) {
      if (i % 2 === 0) clock.advance(1);
      existing.push(await add(`条目 ${i}`));
    }
    // Notices published within one millisecond go 1 ms apart, ahead of the clock: wait until all show.
    const newest = Math.max(...existing.map((x) => x.at));
    if (newest > clock()) clock.advance(newest - clock());
    const newestFirst = existing.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((x) => x.id);
    const seen: string[] = [];
    const added: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call<Paged>(client, endpoint, { ...payload, limit: 2, ...(cursor && { cursor }) });
      expect(res.code, JSON.stringify(res)).toBe('200');
      const page = res.data as Page;
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      clock.advance(1);
      added.push((await add(`新条目 ${added.length}`)).id);
    } while (cursor);
    expect(seen.filter((id) => !before.has(id))).toEqual(newestFirst);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => added.includes(id))).toEqual([]);
    const again = (await allPages(client, endpoint, { ...payload, limit: 50 })).filter((id) => !before.has(id));
    expect(again).toEqual([...added.reverse(), ...newestFirst]);
  }

  it.each([
    ['articles', newInformationInfo, {}, 'article'],
    ['announcements', noticeList, { kind: 'announcement' }, 'announcement'],
    ['notices', noticeList, {}, 'notice'],
  ] as const)('pages %s without duplicates or gaps while new ones are published, including equal times', async (_name, path, payload, kind) => {
    await pagesWhileAdding(await t.client(), path, payload, async (title) => {
      const item = await published(kind, title);
      return { id: item.id, at: item.publishAt! };
    });
  });

  it('pages messages without duplicates or gaps while new ones are posted to the account, including equal times', async () => {
    const { client, userId } = await loggedIn();
    let key = 0;
    await pagesWhileAdding(client, messageList, {}, async (title) => {
      const at = clock();
      const { id } = await t.app.content.messages.post(userId, { kind: 'system', title, body: '正文', dedupeKey: `paging-${key++}` });
      return { id, at };
    });
  });

  itSqliteOnly(engine)('hides scheduled items until their time and unpublished ones at once', async () => {
    const client = await t.client();
    const draft = await publishing().create('announcement', { title: '定时公告', body: '稍后可见' }, 'test', clock());
    expect(await call(client, tydNoticeDetail, { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    const scheduled = await publishing().publish(draft.id, 'test', clock(), clock() + 10 * MINUTE_MS);
    expect(scheduled.status).toBe('scheduled');
    const list = async () => (await allPages(client, noticeList, { kind: 'announcement' })).includes(draft.id);
    expect(await list()).toBe(false);
    expect(await call(client, noticeDetail, { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    clock.advance(10 * MINUTE_MS);
    expect(await list()).toBe(true);
    expect(await call(client, tydNoticeDetail, { id: draft.id })).toMatchObject({ code: '200', data: { title: '定时公告', html: '<p>稍后可见</p>\n' } });
    await publishing().unpublish(draft.id, 'test', clock());
    expect(await list()).toBe(false);
    expect(await call(client, tydNoticeDetail, { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    // Each path serves its kinds only: an article is not a notice.
    const article = await published('article', '不是通知');
    expect(await call(client, noticeDetail, { id: article.id })).toMatchObject({ code: '404', subcode: '4702' });
    const audit = await publishing().audit(draft.id);
    expect(audit.map((a) => a.action)).toEqual(['unpublish', 'schedule', 'create']);
  });

  itSqliteOnly(engine)('counts unread notices from the watermark; clearing moves it; later notices are unread again', async () => {
    const { client } = await loggedIn();
    await call(client, clearUnreadNotice);
    clock.advance(1);
    const first = await published('notice', '通知一');
    clock.advance(1);
    await published('notice', '通知二', { important: true });
    expect(await call(client, messageUnread)).toMatchObject({ code: '200', data: { notices: 2, messages: 0, total: 2 } });
    const list = (await call(client, noticeList)).data as Page;
    expect(list.items.slice(0, 2).map((i) => i.unread)).toEqual([true, true]);
    const banner = await call(client, homePageNotice);
    expect(banner).toMatchObject({ code: '200', data: { notice: { title: '通知二', important: true, unread: true } } });
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    expect((await call(client, messageUnread)).data).toMatchObject({ notices: 0 });
    expect(((await call(client, noticeList)).data as Page).items.find((i) => i.id === first.id)?.unread).toBe(false);
    clock.advance(1);
    await published('notice', '通知三');
    expect((await call(client, messageUnread)).data).toMatchObject({ notices: 1 });
    // A logged-out reader gets the list and the banner without read state.
    const anonymous = await t.client();
    expect(((await call(anonymous, noticeList)).data as Page).items[0]).not.toHaveProperty('unread');
    expect(await call(anonymous, clearUnreadNotice)).toMatchObject({ code: '401' });
  });

  it('marks a notice read when a reader opens it, wherever from: the counts, the list and the banner follow', async () => {
    const { client, userId } = await loggedIn();
    await call(client, clearUnreadNotice);
    clock.advance(1);
    const plain = await published('notice', '普通通知');
    clock.advance(1);
    const banner = await published('notice', '横幅通知', { important: true });
    expect(((await call(client, messageUnread)).data as { notices: number }).notices).toBe(2);
    // Opened from home's banner: notice-detail is all the page asks.
    expect(await call(client, noticeDetail, { id: banner.id })).toMatchObject({ code: '200', data: { title: '横幅通知' } });
    expect(await call(client, messageUnread)).toMatchObject({ code: '200', data: { notices: 1, total: 1 } });
    expect(await unreadOf(client, banner.id, plain.id)).toEqual([false, true]);
    expect(await call(client, homePageNotice)).toMatchObject({ data: { notice: { id: banner.id, unread: false } } });
    // Opened again, and by someone logged out: nothing changes; another account's stays unread.
    expect((await call(client, noticeDetail, { id: banner.id })).code).toBe('200');
    expect((await call(await t.client(), noticeDetail, { id: plain.id })).code).toBe('200');
    const { client: other } = await loggedIn();
    await call(other, clearUnreadNotice);
    clock.advance(1);
    const fresh = await published('notice', '新通知');
    expect(await unreadOf(other, fresh.id)).toEqual([true]);
    expect(await call(client, noticeDetail, { id: fresh.id })).toMatchObject({ code: '200' });
    expect(await unreadOf(other, fresh.id)).toEqual([true]);
    expect(await unreadOf(client, fresh.id, plain.id)).toEqual([false, true]);
    // An announcement opened is no notice: no read mark, no error. 全部已读 covers the rest and the single reads.
    const announcement = await published('announcement', '公告');
    expect((await call(client, noticeDetail, { id: announcement.id })).code).toBe('200');
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    expect(await unreadOf(client, fresh.id, plain.id, banner.id)).toEqual([false, false, false]);
    expect(await t.app.database.db.selectFrom('notice_item_reads').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('keeps unread counts exact under 50 parallel reads and clears', async () => {
    const { client, userId } = await loggedIn();
    for (let i = 0; i < 20; i++) await t.app.content.messages.post(userId, { kind: 'system', title: `消息 ${i}`, body: '正文', dedupeKey: `parallel-${i}` });
    const ids = ((await call(client, messageList, { limit: 50 })).data as { items: { id: string }[] }).items.map((m) => m.id);
    expect(ids).toHaveLength(20);
    clock.advance(1);
    await published('notice', '并发通知');
    const calls = Array.from({ length: 50 }, (_, i) =>
      i < 20
        ? call(client, messageRead, { id: ids[i] })
        : i < 25
          ? call(client, clearUnreadNotice)
          : i < 40
            ? call(client, messageRead, { id: ids[i % 20] })
            : call(client, messageUnread),
    );
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.code, JSON.stringify(answer)).toBe('200');
    for (const answer of answers) {
      const counts = answer.data as { messages?: number; notices?: number; total?: number; unreadNotices?: number };
      if (counts.total !== undefined) expect(counts.total).toBe(counts.messages! + counts.notices!);
    }
    expect((await call(client, messageUnread)).data).toEqual({ messages: 0, notices: 0, total: 0 });
  });

  /** A notice in draft, to publish at a time the test chooses (as a request that read its clock earlier). */
  const noticeDraft = async (title: string) => publishing().create('notice', { title, body: `${title}的正文` }, 'test', clock());
  const unreadOf = async (client: ApiClient, ...ids: string[]) => {
    const items = ((await call(client, noticeList, { limit: 50 })).data as Page).items;
    return ids.map((id) => items.find((i) => i.id === id)?.unread);
  };

  it('leaves unread a notice whose publication committed after a clear that ran meanwhile', async () => {
    const { client } = await loggedIn();
    clock.advance(1);
    const seen = await published('notice', '清除前可见的通知');
    const late = await noticeDraft('清除之后才提交的通知');
    // The publication read its clock at `began` (the admin command reads it when it starts); the user's
    // 全部已读 runs 5 ms later, before that publication commits, and cannot see it.
    const began = clock();
    clock.advance(5);
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    const stamped = await publishing().publish(late.id, 'test', began);
    expect(stamped.publishAt).toBeGreaterThan(seen.publishAt!);
    expect(await unreadNotices(client)).toBe(1);
    expect(await unreadOf(client, late.id, seen.id)).toEqual([true, false]);
  });

  it('marks read only what the clear saw, also within one millisecond and after a publication stamped ahead of its clock', async () => {
    const { client } = await loggedIn();
    clock.advance(1);
    const began = clock();
    const first = await published('notice', '同一毫秒之一');
    // A clear in the same millisecond sees the first notice only; the second, published in that
    // millisecond after it, goes 1 ms later than the newest notice out.
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    const second = await published('notice', '同一毫秒之二');
    expect(second).toMatchObject({ publishAt: first.publishAt! + 1, status: 'published' });
    clock.advance(1);
    expect(await unreadOf(client, first.id, second.id)).toEqual([false, true]);
    // A clear sees the second; a publication that read its clock at `began` and commits only now still
    // goes after it (the second's time, ahead of its own clock, counts as out).
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    const third = await publishing().publish((await noticeDraft('同一毫秒之三')).id, 'test', began);
    expect(third.publishAt).toBe(second.publishAt! + 1);
    clock.advance(1);
    expect(await unreadNotices(client)).toBe(1);
    expect(await unreadOf(client, second.id, third.id)).toEqual([false, true]);
  });

  it('stamps a notice after one published by a server whose clock is ahead, even if that one was taken down since', async () => {
    const { client } = await loggedIn();
    clock.advance(1);
    const behind = clock();
    const ahead = await publishing().publish((await noticeDraft('时钟快的服务器发布的通知')).id, 'test', behind + 5);
    clock.advance(5);
    expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    await publishing().unpublish(ahead.id, 'test', clock());
    const late = await publishing().publish((await noticeDraft('时钟慢的服务器发布的通知')).id, 'test', behind);
    expect(late.publishAt).toBe(ahead.publishAt! + 1);
    clock.advance(1);
    expect(await unreadNotices(client)).toBe(1);
    expect(await unreadOf(client, late.id)).toEqual([true]);
  });

  it('gives notices published in parallel within one millisecond distinct times', async () => {
    const drafts = await Promise.all(Array.from({ length: 8 }, (_, i) => noticeDraft(`并行发布 ${i}`)));
    const now = clock();
    const times = (await Promise.all(drafts.map((d) => publishing().publish(d.id, 'test', now)))).map((item) => item.publishAt);
    expect(new Set(times).size).toBe(drafts.length);
    // They go 1 ms apart from `now` on: let the clock reach the last before the next test.
    clock.advance(drafts.length);
  });

  // On PostgreSQL a publication can really be in flight while a clear runs: this one is held at its row
  // (a second connection locks it) after it has read its time, the clear runs, then the row is let go.
  // SQLite runs this process's transactions one at a time on its one connection, so there the clear can
  // only run before or after; the admin command in another process is the case the tests above model.
  it.runIf(engine === 'postgres')('leaves unread a notice whose publication was still in flight when the clear ran', async () => {
    const { client } = await loggedIn();
    clock.advance(1);
    const draft = await noticeDraft('发布中的通知');
    const blocker = new pg.Client({ connectionString: t.testDb.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from content_items where id = $1 for update', [draft.id]);
      const publication = ops('POST', `/${draft.id}/publish`, { by: '运营小王' });
      const waiting = async () =>
        (await blocker.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'"))
          .rows[0]!.n;
      for (let i = 0; i < 500 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBe(1);
      clock.advance(5);
      expect(await call(client, clearUnreadNotice)).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
      await blocker.query('commit');
      expect(await publication).toMatchObject({ status: 200, body: { data: { status: 'published' } } });
    } finally {
      await blocker.end();
    }
    expect(await unreadNotices(client)).toBe(1);
    expect(await unreadOf(client, draft.id)).toEqual([true]);
  });

  it("posts a message once per dedupe key, and never shows one account another account's", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const first = await t.app.content.messages.post(a.userId, {
      kind: 'identity',
      title: '实名认证已通过',
      body: '您已完成实名认证。',
      link: '/identity',
      dedupeKey: 'identity-verified',
    });
    const again = await t.app.content.messages.post(a.userId, {
      kind: 'identity',
      title: '实名认证已通过',
      body: '您已完成实名认证。',
      link: '/identity',
      dedupeKey: 'identity-verified',
    });
    expect(first.posted).toBe(true);
    expect(again).toEqual({ id: first.id, posted: false });
    // Same key, another account: its own message.
    expect((await t.app.content.messages.post(b.userId, { kind: 'identity', title: '实名认证已通过', body: '', dedupeKey: 'identity-verified' })).posted).toBe(
      true,
    );
    const listA = (await call(a.client, messageList)).data as { items: { id: string; link: string | null }[] };
    expect(listA.items).toHaveLength(1);
    expect(listA.items[0]).toMatchObject({ id: first.id, link: '/identity', readAt: null });
    const listB = (await call(b.client, messageList)).data as { items: { id: string }[] };
    expect(listB.items.map((m) => m.id)).not.toContain(first.id);
    // B reading A's message id: the same answer as a made-up id, and A's stays unread.
    expect(await call(b.client, messageRead, { id: first.id })).toMatchObject({ code: '404', subcode: '4703' });
    expect(await call(b.client, messageRead, { id: 'm_doesnotexist00' })).toMatchObject({ code: '404', subcode: '4703' });
    expect((await call(a.client, messageUnread)).data).toMatchObject({ messages: 1 });
    expect(await call(a.client, messageRead, { all: true })).toMatchObject({ code: '200', data: { messages: 0 } });
    await expect(t.app.content.messages.post(a.userId, { kind: 'system', title: '外链', body: '', link: '//evil.example', dedupeKey: 'x' })).rejects.toThrow(
      /link/,
    );
    expect(await call(await t.client(), messageList)).toMatchObject({ code: '401' });
  });

  it('posts once for parallel posts with one dedupe key, and counts exactly what was posted', async () => {
    const { client, userId } = await loggedIn();
    const post = (dedupeKey: string) =>
      t.app.content.messages.post(userId, { kind: 'bank-card', title: '银行卡绑定成功', body: '工商银行 尾号 3445', link: '/bank-cards', dedupeKey });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 3 === 0 ? 'bank-card-bound:bc_other' : 'bank-card-bound:bc_race')));
    const race = results.filter((_, i) => i % 3 !== 0);
    expect(race.filter((r) => r.posted)).toHaveLength(1);
    expect(new Set(race.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.posted)).toHaveLength(2);
    const list = (await call(client, messageList)).data as { items: { id: string }[] };
    expect(list.items.map((m) => m.id).sort()).toEqual([...new Set(results.map((r) => r.id))].sort());
    expect((await call(client, messageUnread)).data).toMatchObject({ messages: 2 });
  });

  itSqliteOnly(engine)('refuses malformed cursors, oversized pages and wrong types', async () => {
    const { client } = await loggedIn();
    // Any string the server did not hand out is a foreign cursor, whatever its shape (test/api/cursors.test.ts).
    for (const cursor of [
      'bm90LWEtY3Vyc29y',
      'AAAA',
      Buffer.from('12.short').toString('base64url'),
      `${Buffer.from(`1.${'a'.repeat(12)}`).toString('base64url')}A`,
      'a b',
      'x'.repeat(200),
    ]) {
      expect(await call(client, noticeList, { cursor }), cursor).toMatchObject({ code: '400', subcode: '4701' });
      expect(await call(client, messageList, { cursor }), cursor).toMatchObject({ code: '400', subcode: '4701' });
    }
    for (const payload of [{ limit: 51 }, { limit: '5' }, { cursor: 42 }, { kind: 'article' }, { cursor: null }, { extra: 1 }]) {
      expect((await client.call(noticeList, payload, { raw: true })).response, JSON.stringify(payload)).toMatchObject({ code: '400', subcode: '4009' });
    }
    for (const payload of [{}, { id: 'm_0123456789', all: true }]) {
      expect((await client.call(messageRead, payload, { raw: true })).response, JSON.stringify(payload)).toMatchObject({ code: '400', subcode: '4009' });
    }
    expect((await client.call(tydNoticeDetail, { id: 42 }, { raw: true })).response).toMatchObject({ code: '400', subcode: '4009' });
  });

  itSqliteOnly(engine)('welcomes a new account, and reminds of a sign-in from a new device only', async () => {
    const phone = uniquePhone();
    const send = async (client: ApiClient, userAgent: string) => {
      const original = client.send.bind(client);
      client.send = (prepared) => original({ ...prepared, headers: { ...prepared.headers, 'user-agent': userAgent } });
      const result = await signUp(client, t.baseUrl, phone);
      expect(result.response?.code, JSON.stringify(result.response)).toBe('200');
      return client;
    };
    await send(await t.client(), ANDROID_CHROME);
    clock.advance(MINUTE_MS);
    await send(await t.client(), ANDROID_CHROME);
    clock.advance(MINUTE_MS);
    const third = await send(await t.client(), IPHONE_SAFARI);
    const titles = ((await call(third, messageList)).data as { items: { title: string; body: string }[] }).items;
    expect(titles.map((m) => m.title)).toEqual(['新设备登录提醒', '欢迎来到通盈达']);
    expect(titles[0]!.body).toContain('iOS Safari');
    expect(titles[0]!.body).not.toMatch(/127\.0\.0\.1|::1/);
  });

  itSqliteOnly(engine)('offers the /ops content API only to a signed-in operator, and keeps who did what', async () => {
    expect((await ops('GET', '', undefined, null)).status).toBe(401);
    expect((await ops('POST', '/preview', { body: '<script>alert(1)</script>' }, null)).status).toBe(401);
    // However the address is written: percent-encoded, with a doubled slash, with a query.
    for (const address of [OPS_CONTENT_PATH.replace('content', '%63ontent'), OPS_CONTENT_PATH.replace('/content', '//content'), `${OPS_CONTENT_PATH}?x=1`]) {
      const answer = await fetch(`${t.baseUrl}${address}`);
      expect(answer.status, address).not.toBe(200);
      expect(JSON.stringify(await answer.json().catch(() => null)), address).not.toContain('"items"');
    }
    const preview = await ops('POST', '/preview', { body: '**粗** <script>alert(1)</script>' });
    expect(preview.body.data).toEqual({ html: '<p><strong>粗</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n' });
    const created = await ops('POST', '', { kind: 'article', title: '运营文章', body: '正文', by: '运营小王' });
    expect(created.status).toBe(200);
    const id = created.body.data!.id as string;
    expect((await ops('PUT', `/${id}`, { by: '运营小王', version: 1, title: '运营文章（改）' })).body.data).toMatchObject({
      title: '运营文章（改）',
      version: 2,
    });
    // A stale version: someone else saved first.
    expect(await ops('PUT', `/${id}`, { version: 1, title: '覆盖' }, li)).toMatchObject({ status: 409 });
    expect((await ops('POST', `/${id}/publish`, { by: '运营小李' }, li)).body.data).toMatchObject({ status: 'published' });
    expect(await ops('POST', '', { kind: 'poster', title: 'x', body: 'y', by: 'z' })).toMatchObject({ status: 400 });
    expect(await ops('POST', '/r_doesnotexist0/publish', { by: 'z' })).toMatchObject({ status: 404 });
    const shown = await ops('GET', `/${id}`);
    expect((shown.body.data!.audit as { action: string; by: string }[]).map((a) => `${a.action}:${a.by}`)).toEqual([
      `publish:${li.operator.name}`,
      `edit:${wang.operator.name}`,
      `create:${wang.operator.name}`,
    ]);
    const reader = await t.client();
    expect(await call(reader, tydNoticeDetail, { id })).toMatchObject({ code: '200', data: { title: '运营文章（改）' } });
  });

  itSqliteOnly(engine)(
    "answers every /ops content call within its protocol schema; a body outside the call's schema is 400/4009 naming the field",
    async () => {
      /** A '200' answer's data, read through the call's response schema (packages/protocol endpoints/ops/content-ops.ts). */
      function conforming<E extends OpsEndpoint>(endpoint: E, answer: { status: number; body: { data?: unknown } }): OpsResponseData<E> {
        expect(answer.status, JSON.stringify(answer.body).slice(0, 200)).toBe(200);
        const parsed = parseOpsResponseData(endpoint, answer.body.data);
        if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} answered outside its schema: ${parsed.issues.join(', ')}`);
        return parsed.data;
      }
      // An image's audit line has its own shape (its size, not an item's state).
      await publishing().addImage(readFileSync(new URL('../fixtures/photo-32x24.jpg', import.meta.url)), '运营小王', clock());
      const created = conforming(opsContentCreate, await ops('POST', '', { kind: 'notice', title: '形状', body: '正文', by: '运营小王' }));
      const edited = conforming(opsContentUpdate, await ops('PUT', `/${created.id}`, { by: '运营小王', version: created.version, important: true }));
      expect(edited).toMatchObject({ important: true, version: created.version + 1 });
      expect(conforming(opsContentPublish, await ops('POST', `/${created.id}/publish`, { by: '运营小王', at: clock() + MINUTE_MS })).status).toBe('scheduled');
      expect(conforming(opsContentUnpublish, await ops('POST', `/${created.id}/unpublish`, { by: '运营小王' })).status).toBe('unpublished');
      expect(conforming(opsContentPreview, await ops('POST', '/preview', { body: '**粗**' }))).toEqual({ html: '<p><strong>粗</strong></p>\n' });
      const shown = conforming(opsContentGet, await ops('GET', `/${created.id}`));
      expect(shown.audit.map((entry) => entry.action)).toEqual(['unpublish', 'schedule', 'edit', 'create']);
      expect(conforming(opsContentList, await ops('GET', '?kind=notice')).items.every((item) => item.kind === 'notice')).toBe(true);
      expect(conforming(opsContentList, await ops('GET', '')).audit.map((entry) => entry.action)).toContain('image');

      const refusals: Array<[string, string, unknown, RegExp]> = [
        ['POST', '', { kind: 'article', title: '', body: 'b', by: 'x' }, /^title：/],
        ['POST', '', { kind: 'article', title: 't', body: 'b', by: 'x', token: 'x' }, /token/],
        ['PUT', `/${created.id}`, { by: 'x', version: '1' }, /^version：/],
        ['POST', `/${created.id}/publish`, { by: 'x', at: -5 }, /^at：/],
        ['POST', '/preview', { body: 5 }, /^body：/],
        ['GET', '?kind=poster', undefined, /^kind：/],
      ];
      for (const [method, path, body, reason] of refusals) {
        const answer = await ops(method, path, body);
        expect(answer, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({ status: 400, body: { code: '400', subcode: '4009' } });
        expect((answer.body.data as { reason: string }).reason, path).toMatch(reason);
      }
    },
  );

  itSqliteOnly(engine)('keeps hostile Markdown inert through the /ops API and every reading path, showing it as text', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)> <svg onload=alert(1)><circle r="1"/></svg> <iframe src="https://evil.example/"></iframe>',
      '<a href="javascript:alert(1)" onclick="alert(1)">原样的链接</a> <div style="background:url(javascript:alert(1))">原样的 HTML</div>',
      '[一](javascript:alert(1)) [二](JaVaScRiPt:alert(1)) [三](&#106;avascript:alert(1)) [四](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [五](vbscript:msgbox(1)) [六](//evil.example/)',
      '<svg><a xlink:href="javascript:alert(1)"><text>矢量链接</text></a></svg> ![矢量图](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '![外站图片](https://tracker.example/pixel.png) ![x" onerror="alert(1)](/content-images/abcdefgh1234)',
      '[官网](https://example.com/)',
    ].join('\n\n');
    const title = '<img src=x onerror=alert(1)>标题';
    const ids: Record<'article' | 'announcement' | 'notice', string> = { article: '', announcement: '', notice: '' };
    for (const kind of ['article', 'announcement', 'notice'] as const) {
      const created = await ops('POST', '', { kind, title, body, by: '运营小王' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids[kind] = created.body.data!.id as string;
      expect(await ops('POST', `/${ids[kind]}/publish`, { by: '运营小王' })).toMatchObject({ status: 200 });
    }
    clock.advance(1);
    const reader = await t.client();
    const details = [
      [tydNoticeDetail, ids.article],
      [tydNoticeDetail, ids.announcement],
      [noticeDetail, ids.announcement],
      [noticeDetail, ids.notice],
    ] as const;
    for (const [path, id] of details) {
      const res = await call(reader, path, { id });
      expect(res.code, `${path} ${JSON.stringify(res)}`).toBe('200');
      const { html, title: shownTitle } = res.data as { html: string; title: string };
      expectSafe(html);
      expect(html).not.toMatch(/<(script|svg|iframe|div|math|object|embed)\b/i);
      for (const [, attributes] of html.matchAll(/<[a-z0-9]+(\s[^>]*)?>/gi)) expect(attributes ?? '', html).not.toMatch(/(^|")\s*on[a-z]+=/i);
      for (const [, src] of html.matchAll(/<img [^>]*src="([^"]*)"/g)) expect(src).toMatch(/^\/content-images\//);
      expect(html).not.toContain('tracker.example');
      // What looked like markup is there as text, and the one honest link still works.
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;a href=&quot;javascript:alert(1)&quot; onclick=&quot;alert(1)&quot;&gt;原样的链接&lt;/a&gt;');
      expect(html).toContain('[一](javascript:alert(1))');
      expect(html).toContain('外站图片');
      expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">官网</a>');
      expect(shownTitle).toBe(title);
    }
    // Lists carry plain text only (title and summary, which the page shows as text), never HTML.
    const lists = [
      [newInformationInfo, {}, ids.article],
      [noticeList, { kind: 'announcement' }, ids.announcement],
      [noticeList, {}, ids.notice],
    ] as const;
    for (const [path, payload, id] of lists) {
      const items = ((await call(reader, path, { ...payload, limit: 50 })).data as { items: Record<string, unknown>[] }).items;
      const item = items.find((i) => i.id === id);
      expect(Object.keys(item ?? {}).sort(), path.path).toEqual(['id', 'important', 'kind', 'publishedAt', 'summary', 'title']);
      expect(item).toMatchObject({ title, summary: expect.stringMatching(/^<script>alert\(1\)<\/script> /) });
    }
  });

  itSqliteOnly(engine)("renders a notice's Markdown like an article's, tel: links included, and lists its excerpt as plain text", async () => {
    const body = '客服电话 [400-000-0000](tel:4000000000)，**工作日** 9:00-18:00\n详见[帮助](/mine)';
    const notice = await published('notice', '客服电话调整通知', { body });
    const reader = await t.client();
    const detail = await call(reader, noticeDetail, { id: notice.id });
    const { html } = detail.data as { html: string };
    expect(html).toBe('<p>客服电话 <a href="tel:4000000000">400-000-0000</a>，<strong>工作日</strong> 9:00-18:00<br>\n详见<a href="/mine">帮助</a></p>\n');
    expectSafe(html);
    const { items } = (await call(reader, noticeList, { limit: 50 })).data as { items: { id: string; summary: string }[] };
    expect(items.find((item) => item.id === notice.id)?.summary).toBe('客服电话 400-000-0000，工作日 9:00-18:00 详见帮助');
  });

  it('serves article images from our storage only, as images', async () => {
    const jpeg = readFileSync(new URL('../fixtures/photo-32x24.jpg', import.meta.url));
    const { path } = await publishing().addImage(jpeg, 'test', clock());
    expect(path).toMatch(/^\/content-images\/i_[A-Za-z0-9_-]+$/);
    const response = await fetch(`${t.baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect((await fetch(`${t.baseUrl}/content-images/i_missing00000`)).status).toBe(404);
    await expect(publishing().addImage(Buffer.from('<svg onload="alert(1)"/>'), 'test', clock())).rejects.toThrow(/image/);
    const article = await published('article', '带图文章', { body: `![示意图](${path})\n\n![外链](https://example.com/a.png)` });
    const detail = await call(await t.client(), tydNoticeDetail, { id: article.id });
    expect((detail.data as { html: string }).html).toBe(`<p><img src="${path}" alt="示意图" loading="lazy" decoding="async"></p>\n<p>外链</p>\n`);
  });
});
