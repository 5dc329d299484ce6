// /ops/content as an operator uses it, against a fake of the /ops content API (docs/api.md "Content
// operations") that keeps versions and the audit like the server: the shared sign-in first, then the list, a draft
// with the server's preview, publish, schedule, unpublish, the item's audit, and a conflicting edit.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { OPS_TEST_CREDENTIALS, OPS_TEST_CSRF, OPS_TEST_OPERATOR, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import {
  opsContentCreate,
  opsContentGet,
  opsContentList,
  opsContentPreview,
  opsContentPublish,
  opsContentUnpublish,
  opsContentUpdate,
  parseOpsResponseData,
} from '@tyd/protocol/schemas';
import type { ContentAuditEntry as AuditEntry, ManagedContent as ManagedItem, OpsEndpoint, OpsResponseData } from '@tyd/protocol/schemas';
import OpsContentPage from './ops-content-page';

/** 2026-11-21 10:00 in China. */
const NOW = Date.UTC(2026, 10, 21, 2);
let session = opsSessionAnswers({ signedIn: true, role: 'content_editor' });

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
const calls: Call[] = [];
let items: ManagedItem[] = [];
let audit: AuditEntry[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A '200' answer built through the call's response schema, so a change of the contract breaks this fake too. */
function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return json(200, { code: '200', msg: '成功', data: parsed.data });
}
const refused = (status: number, reason: string) => json(status, { code: String(status), msg: '请求失败', data: { reason } });
/** The server's summary when none is written: the body's start. */
const summarize = (body: string) => body.slice(0, 10);

function change(item: ManagedItem, by: string, action: AuditEntry['action'], patch: Partial<ManagedItem>): ManagedItem {
  Object.assign(item, patch, { version: item.version + 1, updatedAt: NOW });
  audit.unshift({
    contentId: item.id,
    action,
    by,
    version: item.version,
    at: NOW,
    detail: { title: item.title, publishAt: item.publishAt, state: item.status === 'scheduled' ? 'published' : item.status },
  });
  return item;
}

/** The server's answers, as ops-content.ts (routes) and publishing.ts (rules) give them. */
function serve(method: string, path: string, body: Record<string, unknown> | undefined): Response {
  if (path === '/ops/api/content' && method === 'GET') return ok(opsContentList, { items, audit: audit.slice(0, 50) });
  if (path === '/ops/api/content/preview')
    return ok(opsContentPreview, { html: `<p>${String(body!.body).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')}</p>` });
  if (path === '/ops/api/content' && method === 'POST') {
    const item: ManagedItem = {
      id: `a_item${items.length + 1}xx`,
      kind: body!.kind as ManagedItem['kind'],
      title: String(body!.title),
      summary: String(body!.summary ?? '') || summarize(String(body!.body)),
      important: Boolean(body!.important),
      status: 'draft',
      publishAt: null,
      version: 1,
      body: String(body!.body),
      html: '',
      createdAt: NOW,
      updatedAt: NOW,
      ...(body!.kind === 'faq' && { category: String(body!.category), order: Number(body!.order ?? 0) }),
    };
    items.unshift(item);
    audit.unshift({
      contentId: item.id,
      action: 'create',
      by: OPS_TEST_OPERATOR.name,
      version: 1,
      at: NOW,
      detail: { title: item.title, publishAt: null, state: 'draft' },
    });
    return ok(opsContentCreate, item);
  }
  const [, id, verb] = /^\/ops\/api\/content\/([^/]+)(?:\/(publish|unpublish))?$/.exec(path) ?? [];
  const item = items.find((i) => i.id === id);
  if (!item) return refused(404, `没有内容 ${id}`);
  if (method === 'GET') return ok(opsContentGet, { item, audit: audit.filter((a) => a.contentId === id) });
  const by = OPS_TEST_OPERATOR.name;
  if (method === 'PUT') {
    if (body!.version !== item.version) return refused(409, `${id} 已被他人修改（现为第 ${item.version} 版），请刷新后重新编辑`);
    const { title, body: text, summary, important, category, order } = body as Partial<ManagedItem>;
    const newBody = text ?? item.body;
    return ok(
      opsContentUpdate,
      change(item, by, 'edit', {
        title: title ?? item.title,
        body: newBody,
        important: important ?? item.important,
        ...(category !== undefined && { category }),
        ...(order !== undefined && { order }),
        ...(summary !== undefined || text !== undefined ? { summary: summary || summarize(newBody) } : {}),
      }),
    );
  }
  if (verb === 'unpublish') return ok(opsContentUnpublish, change(item, by, 'unpublish', { status: 'unpublished' }));
  const at = body!.at as number | undefined;
  if (at !== undefined && at <= NOW) return refused(400, '发布时间（at）：须为将来的时间');
  return ok(
    opsContentPublish,
    change(item, by, at === undefined ? 'publish' : 'schedule', { status: at === undefined ? 'published' : 'scheduled', publishAt: at ?? NOW }),
  );
}

let router: Router;
beforeEach(async () => {
  calls.length = 0;
  items = [
    {
      id: 'n_existing1',
      kind: 'notice',
      title: '春节服务安排',
      summary: '',
      important: true,
      status: 'published',
      publishAt: NOW - 86_400_000,
      version: 2,
      body: '春节期间正常服务。',
      html: '',
      createdAt: NOW - 90_000_000,
      updatedAt: NOW - 86_400_000,
    },
  ];
  audit = [
    {
      contentId: 'n_existing1',
      action: 'publish',
      by: '王五',
      version: 2,
      at: NOW - 86_400_000,
      detail: { title: '春节服务安排', publishAt: NOW - 86_400_000, state: 'published' },
    },
    {
      contentId: 'n_existing1',
      action: 'create',
      by: '王五',
      version: 1,
      at: NOW - 90_000_000,
      detail: { title: '春节服务安排', publishAt: null, state: 'draft' },
    },
  ];
  session = opsSessionAnswers({ signedIn: true, role: 'content_editor' });
  window.history.replaceState(null, '', '/ops/content');
  router = createRouter();
  await router.start();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const sessionAnswer = session.answer(url, init);
    if (sessionAnswer) return sessionAnswer;
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url, body });
    if (method !== 'GET' && new Headers(init.headers).get('x-ops-csrf') !== OPS_TEST_CSRF) return json(403, { code: '403', msg: '无权访问' });
    return serve(method, url, body);
  });
});
afterEach(() => {
  cleanup();
  router.destroy();
  clearQueries();
  vi.unstubAllGlobals();
});

const show = () =>
  renderInConsole(
    <RouterContext value={router}>
      <OpsContentPage />
    </RouterContext>,
  );
const editor = () => screen.getByRole('form', { name: '内容编辑' });
const changes = () => calls.filter((c) => c.method !== 'GET' && c.path !== '/ops/api/content/preview');
const auditLines = () =>
  within(screen.getByRole('list', { name: '操作记录' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function openWithToken() {
  show();
  await screen.findByRole('button', { name: /春节服务安排/ });
}

async function writeDraft(title: string, body: string) {
  await userEvent.type(within(editor()).getByLabelText('标题'), title);
  await userEvent.type(within(editor()).getByLabelText('正文（Markdown）'), body);
}

describe('/ops/content', () => {
  it('asks the operator to sign in first and again when refused; signed in, the list opens', async () => {
    session = opsSessionAnswers({ signedIn: false, role: 'content_editor' });
    // Nothing is asked of the server before the operator signs in (no preview of an empty body, no 401):
    // well past the preview's pause, on the test's clock.
    vi.useFakeTimers();
    show();
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    expect(calls).toEqual([]);
    await userEvent.type(await screen.findByLabelText('账号'), OPS_TEST_CREDENTIALS.name);
    await userEvent.type(screen.getByLabelText('密码'), 'a wrong pass phrase');
    await userEvent.type(screen.getByLabelText('动态验证码'), OPS_TEST_CREDENTIALS.code);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('名称、密码或验证码不正确');
    expect(screen.queryByRole('form', { name: '内容编辑' })).toBeNull();
    await userEvent.clear(screen.getByLabelText('密码'));
    await userEvent.type(screen.getByLabelText('密码'), OPS_TEST_CREDENTIALS.password);
    await userEvent.type(screen.getByLabelText('动态验证码'), OPS_TEST_CREDENTIALS.code);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('button', { name: /春节服务安排/ })).textContent).toBe('[通知·已发布] 春节服务安排2026-11-20 10:00');
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('writes a draft with the live preview, saves it, publishes it and shows who did what when', async () => {
    await openWithToken();
    await writeDraft('系统升级公告', '今晚**暂停**借款');
    // The preview is the server's rendering of the body, shown as HTML.
    const preview = screen.getByTestId('ops-preview');
    expect((await within(preview).findByText('暂停')).tagName).toBe('STRONG');
    expect(preview.querySelector('.rich-text')).not.toBeNull();
    expect(calls.filter((c) => c.path === '/ops/api/content/preview').at(-1)?.body).toEqual({ body: '今晚**暂停**借款' });

    await userEvent.click(within(editor()).getByRole('button', { name: '保存草稿' }));
    expect((await screen.findByRole('status')).textContent).toBe('已保存（草稿）');
    expect(changes()).toEqual([
      {
        method: 'POST',
        path: '/ops/api/content',
        body: { kind: 'announcement', title: '系统升级公告', body: '今晚**暂停**借款', important: false },
      },
    ]);
    expect(await screen.findByRole('list', { name: '操作记录' })).toBeTruthy();
    expect(auditLines()).toEqual(['2026-11-21 10:00 li-si 创建（第1版）']);

    await userEvent.click(within(editor()).getByRole('button', { name: '保存并发布' }));
    expect((await screen.findByRole('status')).textContent).toBe('已发布');
    expect(changes().slice(1)).toEqual([
      { method: 'PUT', path: '/ops/api/content/a_item2xx', body: { version: 1 } },
      { method: 'POST', path: '/ops/api/content/a_item2xx/publish', body: {} },
    ]);
    await vi.waitFor(() =>
      expect(auditLines()).toEqual(['2026-11-21 10:00 li-si 发布（第3版）', '2026-11-21 10:00 li-si 修改（第2版）', '2026-11-21 10:00 li-si 创建（第1版）']),
    );
    expect(within(editor()).getByText(/公告·已发布 · 发布时间 2026-11-21 10:00 · 第3版/)).toBeTruthy();
    expect((await screen.findByRole('button', { name: /系统升级公告/ })).textContent).toBe('[公告·已发布] 系统升级公告2026-11-21 10:00');
  });

  it('schedules at the time given, read as China time, and unpublishes', async () => {
    await openWithToken();
    await writeDraft('双十二活动', '活动说明');
    await userEvent.click(within(editor()).getByRole('button', { name: '定时发布' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请按 2026-12-01 08:00 的格式填写发布时间（北京时间）');
    expect(changes()).toEqual([]);

    // A plain text field read back in Chinese (a datetime-local field showed mm/dd/yyyy on an English system);
    // a day that does not exist is not taken.
    const when = within(editor()).getByLabelText('定时发布（北京时间）');
    expect(when.getAttribute('type')).not.toBe('datetime-local');
    await userEvent.type(when, '2026-02-30 09:30');
    expect(screen.getByText('请按 年-月-日 时:分 填写，如 2026-12-01 08:00')).toBeTruthy();
    await userEvent.clear(when);
    await userEvent.type(when, '2026-12-12 09:30');
    expect(screen.getByText('将于 2026年12月12日 星期六 09:30（北京时间）发布')).toBeTruthy();
    await userEvent.click(within(editor()).getByRole('button', { name: '定时发布' }));
    expect((await screen.findByRole('status')).textContent).toBe('已定时，将于 2026年12月12日 星期六 09:30（北京时间）发布');
    // 09:30 in Beijing is 01:30 UTC, whatever zone this computer is in.
    expect(changes().at(-1)).toEqual({ method: 'POST', path: '/ops/api/content/a_item2xx/publish', body: { at: Date.UTC(2026, 11, 12, 1, 30) } });
    await vi.waitFor(() => expect(auditLines()[0]).toBe('2026-11-21 10:00 li-si 定时发布 2026-12-12 09:30（第2版）'));

    await userEvent.click(within(editor()).getByRole('button', { name: '下线' }));
    expect((await screen.findByRole('status')).textContent).toBe('已下线');
    expect(changes().at(-1)).toEqual({ method: 'POST', path: '/ops/api/content/a_item2xx/unpublish', body: {} });
    await vi.waitFor(() => expect(auditLines()[0]).toBe('2026-11-21 10:00 li-si 下线（第3版）'));
  });

  it('a refused publish keeps the saved draft: the retry edits it instead of creating another', async () => {
    await openWithToken();
    await writeDraft('双十二活动', '活动说明');
    await userEvent.type(within(editor()).getByLabelText('定时发布（北京时间）'), '2026-11-20 09:30');
    await userEvent.click(within(editor()).getByRole('button', { name: '定时发布' }));
    expect((await screen.findByRole('alert')).textContent).toBe('发布时间（at）：须为将来的时间');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存并发布' }));
    expect((await screen.findByRole('status')).textContent).toBe('已发布');
    expect(changes().map((c) => `${c.method} ${c.path} ${String(c.body?.version ?? '')}`)).toEqual([
      'POST /ops/api/content ',
      'POST /ops/api/content/a_item2xx/publish ',
      'PUT /ops/api/content/a_item2xx 1',
      'POST /ops/api/content/a_item2xx/publish ',
    ]);
    expect(items.filter((i) => i.title === '双十二活动')).toHaveLength(1);
  });

  it('sends only what was changed: a new body gets a new summary, a written summary is kept', async () => {
    await openWithToken();
    await writeDraft('还款提醒', '每月10日前还款');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存草稿' }));
    await screen.findByRole('status');
    // The summary the server derived is shown, not sent back as if written.
    expect((within(editor()).getByLabelText('摘要（可选）') as HTMLInputElement).value).toBe('每月10日前还款');
    await userEvent.clear(within(editor()).getByLabelText('正文（Markdown）'));
    await userEvent.type(within(editor()).getByLabelText('正文（Markdown）'), '每月15日前还款');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存草稿' }));
    await vi.waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]!.body).toEqual({ body: '每月15日前还款', version: 1 });
    await vi.waitFor(() => expect((within(editor()).getByLabelText('摘要（可选）') as HTMLInputElement).value).toBe('每月15日前还款'));
    await userEvent.type(within(editor()).getByLabelText('摘要（可选）'), '，逾期影响征信');
    await userEvent.click(within(editor()).getByRole('checkbox', { name: '重要（首页横幅）' }));
    await userEvent.click(within(editor()).getByRole('button', { name: '保存草稿' }));
    await vi.waitFor(() => expect(changes()).toHaveLength(3));
    expect(changes()[2]!.body).toEqual({ summary: '每月15日前还款，逾期影响征信', important: true, version: 2 });
  });

  it('writes 常见问题: a question and its answer under a category, in an order; an edit sends the new category alone', async () => {
    await openWithToken();
    await userEvent.selectOptions(within(editor()).getByLabelText('类型'), '常见问题');
    // A FAQ entry has no home banner and no summary: a question, an answer, a category and an order.
    expect(within(editor()).queryByRole('checkbox', { name: '重要（首页横幅）' })).toBeNull();
    expect(within(editor()).queryByLabelText('摘要（可选）')).toBeNull();
    await userEvent.type(within(editor()).getByLabelText('问题'), '如何还款？');
    await userEvent.type(within(editor()).getByLabelText('回答（Markdown，可含电话链接）'), '在借款详情页点击还款。');
    // No category yet: nothing can be saved.
    expect(within(editor()).getByRole('button', { name: '保存草稿' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(editor()).getByLabelText('分类'), '还款');
    await userEvent.type(within(editor()).getByLabelText('排序（0 在最前）'), 'x');
    expect(within(editor()).getByRole('button', { name: '保存草稿' }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(within(editor()).getByLabelText('排序（0 在最前）'));
    await userEvent.type(within(editor()).getByLabelText('排序（0 在最前）'), '2');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存并发布' }));
    expect((await screen.findByRole('status')).textContent).toBe('已发布');
    expect(changes()[0]).toEqual({
      method: 'POST',
      path: '/ops/api/content',
      body: { kind: 'faq', title: '如何还款？', body: '在借款详情页点击还款。', important: false, category: '还款', order: 2 },
    });
    expect((await screen.findByRole('button', { name: /如何还款/ })).textContent).toBe('[常见问题·已发布] 还款 · 如何还款？2026-11-21 10:00');

    await userEvent.clear(within(editor()).getByLabelText('分类'));
    await userEvent.type(within(editor()).getByLabelText('分类'), '还款与账单');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存修改' }));
    await vi.waitFor(() => expect(changes()).toHaveLength(3));
    expect(changes()[2]!.body).toEqual({ category: '还款与账单', version: 2 });
  });

  it('refuses to overwrite an edit made meanwhile and shows who made it', async () => {
    await openWithToken();
    await userEvent.click(screen.getByRole('button', { name: /春节服务安排/ }));
    expect((within(editor()).getByLabelText('标题') as HTMLInputElement).value).toBe('春节服务安排');
    await vi.waitFor(() => expect(auditLines()).toEqual(['2026-11-20 10:00 王五 发布（第2版）', '2026-11-20 09:00 王五 创建（第1版）']));
    // Another operator saves a change while this one edits.
    change(items[0]!, '李四', 'edit', { body: '春节期间暂停人工客服。' });
    await userEvent.type(within(editor()).getByLabelText('正文（Markdown）'), '新增说明。');
    await userEvent.click(within(editor()).getByRole('button', { name: '保存修改' }));
    expect((await screen.findByRole('alert')).textContent).toBe('内容已被他人修改，请刷新后再编辑。');
    expect(changes()).toEqual([{ method: 'PUT', path: '/ops/api/content/n_existing1', body: expect.objectContaining({ version: 2 }) }]);
    await vi.waitFor(() => expect(auditLines()[0]).toBe('2026-11-21 10:00 李四 修改（第3版）'));
    expect(items[0]!.body).toBe('春节期间暂停人工客服。');
  });

  it('another role reads the items and their audit, with no editor and no preview asked for', async () => {
    session = opsSessionAnswers({ signedIn: true, role: 'viewer' });
    await openWithToken();
    expect(screen.queryByRole('form', { name: '内容编辑' })).toBeNull();
    expect(screen.getByText(/仅内容编辑可以新建和修改内容/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /春节服务安排/ }));
    const view = screen.getByRole('region', { name: '查看' });
    expect(within(view).getByRole('heading', { name: '春节服务安排' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '预览' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
