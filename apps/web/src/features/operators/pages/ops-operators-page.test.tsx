// /ops/operators as an administrator sees it: the accounts (one still to enrol said so), adding one (its
// enrolment link shown once with 复制 and its expiry, never a password or a secret), disabling another after
// confirming (never oneself), resetting (a new link), and the read-only audit log. Answers are built through
// the calls' response schemas, so a changed contract breaks these tests too.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  opsAuditList,
  opsOperatorsAdd,
  opsOperatorsDisable,
  opsOperatorsList,
  opsOperatorsReset,
  parseOpsResponseData,
  type OpsEndpoint,
  type OpsOperator,
  type OpsResponseData,
} from '@tyd/protocol/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '../../../lib/server-state';
import { OPS_TEST_CSRF, OPS_TEST_OPERATOR, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import OpsOperatorsPage from './ops-operators-page';

const EDITOR: OpsOperator = {
  id: 'op_editor',
  name: 'zhang-san',
  role: 'content_editor',
  createdAt: Date.UTC(2026, 10, 20, 2),
  createdBy: 'li-si',
  disabledAt: null,
  enrolledAt: Date.UTC(2026, 10, 20, 3),
};
const LINK = 'https://ops.example.com/ops/enrol#Z2VuZXJhdGVkLWxpbmstdG9rZW4tZm9yLXdhbmctd3UtMQ';
const RESET_LINK = 'https://ops.example.com/ops/enrol#cmVzZXQtbGluay10b2tlbi1mb3Itemhhbmctc2FuLTAwMQ';

function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return new Response(JSON.stringify({ code: '200', msg: '成功', data: parsed.data }), { status: 200 });
}

const AUDIT_NEWEST = {
  id: 'au_1',
  operator: 'li-si',
  action: 'POST /ops/api/rewards/prizes/:id',
  targetId: 'points-100',
  address: '203.0.113.9',
  outcome: 'requested' as const,
  status: 202,
  summary: '提交审批：奖品「100积分」：权重 3 → 5',
  reason: null,
  before: { weight: 3 },
  after: { weight: 5 },
  at: Date.UTC(2026, 10, 26, 2),
};
const AUDIT_OLDER = {
  ...AUDIT_NEWEST,
  id: 'au_0',
  operator: 'wang-wu',
  action: 'POST /ops/api/rewards/grants',
  targetId: 'u_1',
  outcome: 'refused' as const,
  status: 403,
  summary: '发放积分被拒绝：needs the rewards_manager role',
  reason: 'needs the rewards_manager role',
  before: null,
  after: null,
  at: Date.UTC(2026, 10, 25, 2),
};
const auditAsked: string[] = [];

let operators: OpsOperator[] = [];
const posted: { url: string; body: unknown; csrf: string | null }[] = [];

beforeEach(() => {
  operators = [OPS_TEST_OPERATOR, EDITOR];
  posted.length = 0;
  auditAsked.length = 0;
  const session = opsSessionAnswers({ signedIn: true, role: 'administrator' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const sessionAnswer = session.answer(url, init);
    if (sessionAnswer) return sessionAnswer;
    if ((init.method ?? 'GET') === 'GET') {
      if (url === '/ops/api/operators') return ok(opsOperatorsList, { operators });
      if (url.startsWith('/ops/api/audit')) {
        auditAsked.push(url);
        const query = new URL(url, 'http://x').searchParams;
        // Two pages as the server pages them: the newest entry, then (with `before`) an older one.
        if (query.get('before') === `${Date.UTC(2026, 10, 26, 2)}:au_1`) return ok(opsAuditList, { entries: [AUDIT_OLDER], next: null });
        return ok(opsAuditList, { entries: [AUDIT_NEWEST], next: `${Date.UTC(2026, 10, 26, 2)}:au_1` });
      }
    }
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    posted.push({ url, body, csrf: new Headers(init.headers).get('x-ops-csrf') });
    if (url === '/ops/api/operators') {
      const added = { ...EDITOR, id: 'op_new', name: 'wang-wu', role: 'viewer' as const, createdBy: 'li-si', enrolledAt: null };
      operators = [...operators, added];
      return ok(opsOperatorsAdd, { operator: added, enrolmentUrl: LINK, enrolmentExpiresAt: Date.UTC(2026, 10, 28, 2) });
    }
    if (url === `/ops/api/operators/${EDITOR.id}/disable`) {
      operators = operators.map((o) => (o.id === EDITOR.id ? { ...o, disabledAt: Date.UTC(2026, 10, 27, 2) } : o));
      return ok(opsOperatorsDisable, { operator: operators[1]! });
    }
    if (url === `/ops/api/operators/${EDITOR.id}/reset`)
      return ok(opsOperatorsReset, { operator: { ...EDITOR, enrolledAt: null }, enrolmentUrl: RESET_LINK, enrolmentExpiresAt: Date.UTC(2026, 10, 28, 3) });
    return new Response('{}', { status: 404 });
  });
});

afterEach(() => {
  cleanup();
  clearQueries();
  vi.unstubAllGlobals();
});

const accounts = () => screen.getByRole('list', { name: '运营账号' });

describe('/ops/operators', () => {
  it('lists the accounts with their roles; oneself cannot be disabled', async () => {
    renderInConsole(<OpsOperatorsPage />);
    await screen.findByRole('list', { name: '运营账号' });
    const [me, editor] = within(accounts()).getAllByRole('listitem');
    expect(me!.textContent).toContain('li-si 管理员');
    expect(within(me!).queryByRole('button', { name: '停用' })).toBeNull();
    expect(editor!.textContent).toContain('zhang-san 内容编辑');
    expect(editor!.textContent).toContain('li-si 添加于2026-11-20 10:00');
  });

  it('adds an operator and shows the enrolment link once, with 复制 and when it ends, and no password or secret', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderInConsole(<OpsOperatorsPage />);
    const form = await screen.findByRole('form', { name: '添加运营账号' });
    // Nothing to type for someone else's password.
    expect(within(form).queryByLabelText(/密码/)).toBeNull();
    await userEvent.type(within(form).getByLabelText(/^账号/), 'Wang-Wu');
    await userEvent.selectOptions(within(form).getByLabelText('角色'), '只读');
    await userEvent.click(within(form).getByRole('button', { name: '添加' }));
    const card = await screen.findByRole('region', { name: '设置链接' });
    expect(card.textContent).toContain(LINK);
    expect(card.textContent).toContain('wang-wu');
    expect(card.textContent).toContain('有效至 2026-11-28 10:00');
    expect(card.textContent).not.toMatch(/密钥：|初始密码/);
    await userEvent.click(within(card).getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(within(card).getByRole('button', { name: '已复制' })).toBeTruthy();
    // The name as the server keeps names (lower case); name and role only.
    expect(posted).toEqual([{ url: '/ops/api/operators', body: { name: 'wang-wu', role: 'viewer' }, csrf: OPS_TEST_CSRF }]);
    await vi.waitFor(() => expect(within(accounts()).getAllByRole('listitem')).toHaveLength(3));
    expect(within(accounts()).getAllByRole('listitem')[2]!.textContent).toContain('待本人设置');
    await userEvent.click(within(card).getByRole('button', { name: '已交付，关闭' }));
    expect(screen.queryByText(LINK)).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('says how to copy the link by hand when the browser refuses the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    renderInConsole(<OpsOperatorsPage />);
    const form = await screen.findByRole('form', { name: '添加运营账号' });
    await userEvent.type(within(form).getByLabelText(/^账号/), 'wang-wu');
    await userEvent.click(within(form).getByRole('button', { name: '添加' }));
    const card = await screen.findByRole('region', { name: '设置链接' });
    await userEvent.click(within(card).getByRole('button', { name: '复制' }));
    expect(within(card).getByText('无法自动复制，请选中上面的链接手动复制。')).toBeTruthy();
  });

  it('disables another operator after confirming, and resets one with a new link shown once', async () => {
    renderInConsole(<OpsOperatorsPage />);
    await screen.findByRole('list', { name: '运营账号' });
    const editor = () => within(accounts()).getAllByRole('listitem')[1]!;
    await userEvent.click(within(editor()).getByRole('button', { name: '停用' }));
    const dialog = screen.getByRole('dialog', { name: '停用运营账号？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('已停用 zhang-san，其登录已全部失效。')).toBeTruthy();
    await vi.waitFor(() => expect(editor().textContent).toContain('已停用'));
    await userEvent.click(within(editor()).getByRole('button', { name: '重置并启用' }));
    const confirm = screen.getByRole('dialog', { name: '重置运营账号？' });
    expect(confirm.textContent).toContain('原来的密码和验证器立即失效');
    await userEvent.click(within(confirm).getByRole('button', { name: '重置' }));
    expect((await screen.findByRole('region', { name: '设置链接' })).textContent).toContain(RESET_LINK);
    expect(await screen.findByText('已重置 zhang-san：原密码和验证器已失效，新的设置链接见上方。')).toBeTruthy();
    expect(posted.map((p) => p.url)).toEqual([`/ops/api/operators/${EDITOR.id}/disable`, `/ops/api/operators/${EDITOR.id}/reset`]);
  });

  it('reads the audit log as sentences, the raw values folded away; filters it and pages back through it', async () => {
    renderInConsole(<OpsOperatorsPage />);
    const audit = await screen.findByRole('list', { name: '审计记录' });
    expect(audit.textContent).toContain('2026-11-26 10:00 li-si 提交审批：奖品「100积分」：权重 3 → 5');
    expect(audit.textContent).toContain('已提交审批 · 对象 points-100 · 来自 203.0.113.9');
    expect(within(audit).getByLabelText('修改前').textContent).toContain('"weight": 3');
    expect(within(audit).getByLabelText('修改后').textContent).toContain('"weight": 5');
    expect(within(audit).getByText('原始记录').closest('details')?.open).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '加载更早的记录' }));
    expect(await within(screen.getByRole('list', { name: '审计记录' })).findByText(/发放积分被拒绝/)).toBeTruthy();
    expect(screen.getByRole('list', { name: '审计记录' }).textContent).toContain('被拒绝（403）');
    expect(screen.getByText('已显示全部 2 条')).toBeTruthy();

    const filter = screen.getByRole('form', { name: '筛选审计记录' });
    await userEvent.type(within(filter).getByLabelText('运营人员'), 'li-si');
    await userEvent.selectOptions(within(filter).getByLabelText('操作'), 'POST /ops/api/rewards/grants');
    await userEvent.type(within(filter).getByLabelText('起始日期'), '2026-11-26');
    await userEvent.click(within(filter).getByRole('button', { name: '筛选' }));
    await vi.waitFor(() => expect(auditAsked.at(-1)).toContain('operator=li-si'));
    const asked = new URL(auditAsked.at(-1)!, 'http://x').searchParams;
    expect(asked.get('action')).toBe('POST /ops/api/rewards/grants');
    // From the start of that day in China (UTC+8).
    expect(asked.get('from')).toBe(String(Date.UTC(2026, 10, 25, 16)));
  });
});
