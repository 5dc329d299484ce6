// Notices, messages and content through the real envelope (docs/api.md "Notices, messages and content"):
// paging while items are published (no duplicates or gaps), scheduled and unpublished items, the notice
// watermark and exact unread counts under parallel reads and clears, message dedupe and per-account
// isolation, bad input, the sign-in and phone-change messages, the /ops content API and article images.
// Both engines.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OPS_CONTENT_PATH, type ApiResponse } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, testClock, type TestClock } from '../support/accounts.js';
import type { ApiClient } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const MINUTE_MS = 60_000;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Page {
  items: { id: string; title: string; unread?: boolean; publishedAt: number }[];
  nextCursor: string | null;
}

describe.each(ENGINES)('content on %s', (engine) => {
  const token = randomBytes(32).toString('base64url');
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ engine, clock, env: { TYD_ADMIN_TOKEN: token, HUMAN_CHECK_IP_PER_HOUR: '100000' } });
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
  const call = async (client: ApiClient, path: string, payload: unknown = {}): Promise<ApiResponse> => (await client.call(path, payload)).response!;
  /** Publishes one item now (the clock moves 1 ms so times differ unless a test wants them equal). */
  async function published(kind: 'notice' | 'announcement' | 'article', title: string, opts: { important?: boolean; body?: string } = {}) {
    const item = await publishing().create(kind, { title, body: opts.body ?? `${title}的正文`, important: opts.important }, 'test', clock());
    return publishing().publish(item.id, 'test', clock());
  }
  async function allPages(client: ApiClient, path: string, payload: Record<string, unknown>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await call(client, path, { ...payload, ...(cursor && { cursor }) });
      expect(res.code, JSON.stringify(res)).toBe('200');
      const page = res.data as Page;
      ids.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  it('pages articles without duplicates or gaps while new ones are published, including equal times', async () => {
    const client = await t.client();
    const before = new Set(await allPages(client, '/v1/content/new-information-info-v1', { limit: 50 }));
    const existing: { id: string; at: number }[] = [];
    for (let i = 0; i < 7; i++) {
      // Pairs share a millisecond: the id breaks the tie.
      if (i % 2 === 0) clock.advance(1);
      const item = await published('article', `资讯 ${i}`);
      existing.push({ id: item.id, at: item.publishAt! });
    }
    const newestFirst = existing.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((x) => x.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const res = await call(client, '/v1/content/new-information-info-v1', { limit: 2, ...(cursor && { cursor }) });
      const page = res.data as Page;
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      // Published while the user pages: appears above the first page, never inside the pages being read.
      clock.advance(1);
      await published('article', `新资讯 ${round++}`);
    } while (cursor);
    const ours = seen.filter((id) => !before.has(id));
    expect(ours).toEqual(newestFirst);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('hides scheduled items until their time and unpublished ones at once', async () => {
    const client = await t.client();
    const draft = await publishing().create('announcement', { title: '定时公告', body: '稍后可见' }, 'test', clock());
    expect(await call(client, '/v1/content/tyd-notice-detail', { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    const scheduled = await publishing().publish(draft.id, 'test', clock(), clock() + 10 * MINUTE_MS);
    expect(scheduled.status).toBe('scheduled');
    const list = async () => (await allPages(client, '/v1/notice/notice-list', { kind: 'announcement' })).includes(draft.id);
    expect(await list()).toBe(false);
    expect(await call(client, '/v1/notice/notice-detail', { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    clock.advance(10 * MINUTE_MS);
    expect(await list()).toBe(true);
    expect(await call(client, '/v1/content/tyd-notice-detail', { id: draft.id })).toMatchObject({ code: '200', data: { title: '定时公告', html: '<p>稍后可见</p>\n' } });
    await publishing().unpublish(draft.id, 'test', clock());
    expect(await list()).toBe(false);
    expect(await call(client, '/v1/content/tyd-notice-detail', { id: draft.id })).toMatchObject({ code: '404', subcode: '4702' });
    // Each path serves its kinds only: an article is not a notice.
    const article = await published('article', '不是通知');
    expect(await call(client, '/v1/notice/notice-detail', { id: article.id })).toMatchObject({ code: '404', subcode: '4702' });
    const audit = await publishing().audit(draft.id);
    expect(audit.map((a) => a.action)).toEqual(['unpublish', 'schedule', 'create']);
  });

  it('counts unread notices from the watermark; clearing moves it; later notices are unread again', async () => {
    const { client } = await loggedIn();
    await call(client, '/v1/notice/clear-unread-notice');
    clock.advance(1);
    const first = await published('notice', '通知一');
    clock.advance(1);
    await published('notice', '通知二', { important: true });
    expect(await call(client, '/v1/user/message-unread')).toMatchObject({ code: '200', data: { notices: 2, messages: 0, total: 2 } });
    const list = (await call(client, '/v1/notice/notice-list')).data as Page;
    expect(list.items.slice(0, 2).map((i) => i.unread)).toEqual([true, true]);
    const banner = await call(client, '/v1/notice/home-page-notice');
    expect(banner).toMatchObject({ code: '200', data: { notice: { title: '通知二', important: true, unread: true } } });
    expect(await call(client, '/v1/notice/clear-unread-notice')).toMatchObject({ code: '200', data: { unreadNotices: 0 } });
    expect((await call(client, '/v1/user/message-unread')).data).toMatchObject({ notices: 0 });
    expect(((await call(client, '/v1/notice/notice-list')).data as Page).items.find((i) => i.id === first.id)?.unread).toBe(false);
    clock.advance(1);
    await published('notice', '通知三');
    expect((await call(client, '/v1/user/message-unread')).data).toMatchObject({ notices: 1 });
    // A logged-out reader gets the list and the banner without read state.
    const anonymous = await t.client();
    expect(((await call(anonymous, '/v1/notice/notice-list')).data as Page).items[0]).not.toHaveProperty('unread');
    expect(await call(anonymous, '/v1/notice/clear-unread-notice')).toMatchObject({ code: '401' });
  });

  it('keeps unread counts exact under 50 parallel reads and clears', async () => {
    const { client, userId } = await loggedIn();
    for (let i = 0; i < 20; i++) await t.app.content.messages.post(userId, { kind: 'system', title: `消息 ${i}`, body: '正文', dedupeKey: `parallel-${i}` });
    const ids = ((await call(client, '/v1/user/message-list', { limit: 50 })).data as { items: { id: string }[] }).items.map((m) => m.id);
    expect(ids).toHaveLength(20);
    clock.advance(1);
    await published('notice', '并发通知');
    const calls = Array.from({ length: 50 }, (_, i) =>
      i < 20 ? call(client, '/v1/user/message-read', { id: ids[i] }) : i < 25 ? call(client, '/v1/notice/clear-unread-notice') : i < 40 ? call(client, '/v1/user/message-read', { id: ids[i % 20] }) : call(client, '/v1/user/message-unread'),
    );
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.code, JSON.stringify(answer)).toBe('200');
    for (const answer of answers) {
      const counts = answer.data as { messages?: number; notices?: number; total?: number; unreadNotices?: number };
      if (counts.total !== undefined) expect(counts.total).toBe(counts.messages! + counts.notices!);
    }
    expect((await call(client, '/v1/user/message-unread')).data).toEqual({ messages: 0, notices: 0, total: 0 });
  });

  it('posts a message once per dedupe key, and never shows one account another account\'s', async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const first = await t.app.content.messages.post(a.userId, { kind: 'identity', title: '实名认证已通过', body: '您已完成实名认证。', link: '/identity', dedupeKey: 'identity-verified' });
    const again = await t.app.content.messages.post(a.userId, { kind: 'identity', title: '实名认证已通过', body: '您已完成实名认证。', link: '/identity', dedupeKey: 'identity-verified' });
    expect(first.posted).toBe(true);
    expect(again).toEqual({ id: first.id, posted: false });
    // Same key, another account: its own message.
    expect((await t.app.content.messages.post(b.userId, { kind: 'identity', title: '实名认证已通过', body: '', dedupeKey: 'identity-verified' })).posted).toBe(true);
    const listA = (await call(a.client, '/v1/user/message-list')).data as { items: { id: string; link: string | null }[] };
    expect(listA.items).toHaveLength(1);
    expect(listA.items[0]).toMatchObject({ id: first.id, link: '/identity', readAt: null });
    const listB = (await call(b.client, '/v1/user/message-list')).data as { items: { id: string }[] };
    expect(listB.items.map((m) => m.id)).not.toContain(first.id);
    // B reading A's message id: the same answer as a made-up id, and A's stays unread.
    expect(await call(b.client, '/v1/user/message-read', { id: first.id })).toMatchObject({ code: '404', subcode: '4703' });
    expect(await call(b.client, '/v1/user/message-read', { id: 'm_doesnotexist00' })).toMatchObject({ code: '404', subcode: '4703' });
    expect((await call(a.client, '/v1/user/message-unread')).data).toMatchObject({ messages: 1 });
    expect(await call(a.client, '/v1/user/message-read', { all: true })).toMatchObject({ code: '200', data: { messages: 0 } });
    await expect(t.app.content.messages.post(a.userId, { kind: 'system', title: '外链', body: '', link: '//evil.example', dedupeKey: 'x' })).rejects.toThrow(/link/);
    expect(await call(await t.client(), '/v1/user/message-list')).toMatchObject({ code: '401' });
  });

  it('refuses malformed cursors, oversized pages and wrong types', async () => {
    const { client } = await loggedIn();
    for (const cursor of ['bm90LWEtY3Vyc29y', 'AAAA', Buffer.from('12.short').toString('base64url'), `${Buffer.from(`1.${'a'.repeat(12)}`).toString('base64url')}A`]) {
      expect(await call(client, '/v1/notice/notice-list', { cursor }), cursor).toMatchObject({ code: '400', subcode: '4701' });
      expect(await call(client, '/v1/user/message-list', { cursor }), cursor).toMatchObject({ code: '400', subcode: '4701' });
    }
    for (const payload of [{ limit: 51 }, { limit: '5' }, { cursor: 'a b' }, { kind: 'article' }, { cursor: 'x'.repeat(200) }, { extra: 1 }]) {
      expect(await call(client, '/v1/notice/notice-list', payload), JSON.stringify(payload)).toMatchObject({ code: '400', subcode: '4009' });
    }
    for (const payload of [{}, { id: 'm_0123456789', all: true }]) {
      expect(await call(client, '/v1/user/message-read', payload), JSON.stringify(payload)).toMatchObject({ code: '400', subcode: '4009' });
    }
    expect(await call(client, '/v1/content/tyd-notice-detail', { id: 42 })).toMatchObject({ code: '400', subcode: '4009' });
  });

  it('welcomes a new account, and reminds of a sign-in from a new device only', async () => {
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
    const titles = ((await call(third, '/v1/user/message-list')).data as { items: { title: string; body: string }[] }).items;
    expect(titles.map((m) => m.title)).toEqual(['新设备登录提醒', '欢迎来到通盈达']);
    expect(titles[0]!.body).toContain('iOS Safari');
    expect(titles[0]!.body).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('offers the /ops content API only with the admin token, and keeps who did what', async () => {
    const ops = async (method: string, path: string, body?: unknown, auth: string | null = `Bearer ${token}`) => {
      const response = await fetch(`${t.baseUrl}${OPS_CONTENT_PATH}${path}`, {
        method,
        headers: { ...(auth !== null && { authorization: auth }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { code: string; data?: Record<string, unknown> } };
    };
    expect((await ops('GET', '', undefined, null)).status).toBe(401);
    expect((await ops('GET', '', undefined, `Bearer ${token}x`)).status).toBe(401);
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
    expect((await ops('PUT', `/${id}`, { by: '运营小王', version: 1, title: '运营文章（改）' })).body.data).toMatchObject({ title: '运营文章（改）', version: 2 });
    // A stale version: someone else saved first.
    expect(await ops('PUT', `/${id}`, { by: '运营小李', version: 1, title: '覆盖' })).toMatchObject({ status: 409 });
    expect((await ops('POST', `/${id}/publish`, { by: '运营小李' })).body.data).toMatchObject({ status: 'published' });
    expect(await ops('POST', '', { kind: 'poster', title: 'x', body: 'y', by: 'z' })).toMatchObject({ status: 400 });
    expect(await ops('POST', '/r_doesnotexist0/publish', { by: 'z' })).toMatchObject({ status: 404 });
    const shown = await ops('GET', `/${id}`);
    expect((shown.body.data!.audit as { action: string; by: string }[]).map((a) => `${a.action}:${a.by}`)).toEqual(['publish:运营小李', 'edit:运营小王', 'create:运营小王']);
    const reader = await t.client();
    expect(await call(reader, '/v1/content/tyd-notice-detail', { id })).toMatchObject({ code: '200', data: { title: '运营文章（改）' } });
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
    const detail = await call(await t.client(), '/v1/content/tyd-notice-detail', { id: article.id });
    expect((detail.data as { html: string }).html).toBe(`<p><img src="${path}" alt="示意图" loading="lazy" decoding="async"></p>\n<p>外链</p>\n`);
  });
});
