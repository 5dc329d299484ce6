// /ops/users as a customer-service operator uses it, against a fake of the /ops users API (docs/api.md
// "Customer-service desk") that answers like the server: nothing is sent without a full number and a reason;
// a lookup shows the account masked; freezing is confirmed in a dialog that says what happens to the person;
// an unfreeze is a request (202) the asker may withdraw and another operator approves. Answers built through
// the calls' response schemas.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  opsApprovalsApprove,
  opsApprovalsList,
  opsUsersFreeze,
  opsUsersLookup,
  opsUsersUnfreeze,
  parseOpsResponseData,
  type OpsApproval,
  type OpsDeskAccount,
  type OpsEndpoint,
  type OpsResponseData,
} from '@tyd/protocol/schemas';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { OPS_TEST_CSRF, OPS_TEST_OPERATOR, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import OpsUsersPage from './ops-users-page';

/** 2026-11-24 10:00 in China. */
const NOW = Date.UTC(2026, 10, 24, 2);
const PHONE = '13812345678';
const USER_ID = '0b9f8a52-1c1e-4d8e-9a57-2f4f0c1d2e3f';
let session = opsSessionAnswers({ signedIn: true, role: 'customer_service' });

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
const calls: Call[] = [];
let account: OpsDeskAccount;
let approvals: OpsApproval[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>, status = 200): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return json(status, { code: '200', msg: '成功', data: parsed.data });
}

function request(requestedBy: string): OpsApproval {
  return {
    id: 'ap_1',
    kind: 'account-unfreeze',
    role: 'customer_service',
    targetId: USER_ID,
    summary: '解冻账户 138****5678：本人核实完毕',
    status: 'pending',
    requestedBy,
    requestedAt: NOW,
    expiresAt: NOW + 72 * 3_600_000,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    valuePoints: null,
    resultWaiting: false,
  };
}

/** The server's answers, as support-desk/routes/ops-users.ts and the approvals routes give them. */
function serve(method: string, path: string, body: Record<string, unknown> | undefined): Response {
  if (method === 'GET' && path === '/ops/api/approvals') return ok(opsApprovalsList, { approvals });
  if (path === '/ops/api/users/lookup') {
    return ok(opsUsersLookup, { phone: '138****5678', account: body?.phone === PHONE ? account : null });
  }
  if (path === `/ops/api/users/${USER_ID}/freeze`) {
    account = { ...account, frozen: { at: NOW, operator: OPS_TEST_OPERATOR.name, reason: String(body?.reason) }, sessions: [] };
    return ok(opsUsersFreeze, { ended: 1, account });
  }
  if (path === `/ops/api/users/${USER_ID}/unfreeze`) {
    approvals = [request(OPS_TEST_OPERATOR.name)];
    return ok(opsUsersUnfreeze, { approval: approvals[0]! }, 202);
  }
  if (path === '/ops/api/approvals/ap_1/approve') {
    approvals = [];
    account = { ...account, frozen: null };
    return ok(opsApprovalsApprove, { approval: { ...request('wang-wu'), status: 'approved', decidedBy: OPS_TEST_OPERATOR.name, decidedAt: NOW }, result: {} });
  }
  return json(404, { code: '404', msg: '服务不存在', data: { reason: `no ${method} ${path}` } });
}

let router: Router;
beforeEach(async () => {
  calls.length = 0;
  approvals = [];
  account = {
    id: USER_ID,
    phone: '138****5678',
    registeredAt: NOW - 86_400_000,
    frozen: null,
    unfreezeRequest: null,
    smsLock: { owner: null, others: NOW + 600_000 },
    identity: { state: 'verified', name: '张*三', idNumber: '110***********1234', verifiedAt: NOW },
    bankCards: [{ bankName: '工商银行', last4: '3445', isDefault: true, boundAt: NOW }],
    sessions: [
      {
        device: 'iPhone · iOS 17.4',
        client: 'app',
        clientName: '通盈达App',
        region: '广东省深圳市',
        address: '120.24.*.*',
        state: 'live',
        signedInAt: NOW,
        lastActiveAt: NOW,
        endedAt: null,
      },
    ],
    loginRecords: [
      { at: NOW, result: 'code-wrong', method: 'sms', device: 'Windows 10', client: 'browser', clientName: 'Chrome', region: '美国', address: '8.8.*.*' },
    ],
    messages: [{ kind: 'security', title: '新设备登录提醒', at: NOW, read: false }],
    points: { balance: 300, entries: [{ amount: 300, reason: 'operator-grant', at: NOW }] },
    questions: [{ text: '借款什么时候到账？', status: 'open', askedAt: NOW, answeredAt: null }],
  };
  session = opsSessionAnswers({ signedIn: true, role: 'customer_service' });
  window.history.replaceState(null, '', '/ops/users');
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
      <OpsUsersPage />
    </RouterContext>,
  );
const posts = () => calls.filter((call) => call.method === 'POST');

async function lookUp(phone = PHONE, reason = '工单 T-1024 来电') {
  await userEvent.type(await screen.findByLabelText('手机号（完整 11 位）'), phone);
  await userEvent.type(screen.getByLabelText('事由（工单号或来电原因）'), reason);
  await userEvent.click(screen.getByRole('button', { name: '查询' }));
}

describe('/ops/users', () => {
  it('sends nothing without a full number and a reason, then shows the account masked', async () => {
    show();
    await userEvent.type(await screen.findByLabelText('手机号（完整 11 位）'), '1381234');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(screen.getByText(/手机号（phone）：完整的 11 位/)).toBeTruthy();
    expect(screen.getByText(/事由（reason）：2 至 200 个字符/)).toBeTruthy();
    expect(posts()).toEqual([]);

    await userEvent.type(screen.getByLabelText('手机号（完整 11 位）'), '5678');
    await userEvent.type(screen.getByLabelText('事由（工单号或来电原因）'), '工单 T-1024 来电');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByRole('heading', { name: '138****5678' })).toBeTruthy();
    expect(posts()).toEqual([{ method: 'POST', path: '/ops/api/users/lookup', body: { phone: PHONE, reason: '工单 T-1024 来电' } }]);
    expect(screen.getByRole('status').textContent).toBe('本次查询已连同事由记入审计日志。');
    expect(screen.getByText('110***********1234')).toBeTruthy();
    expect(screen.getByText('张*三')).toBeTruthy();
    expect(screen.getByText('验证码错误次数过多，已锁定')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '银行卡' })).getByText(/工商银行 尾号/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '近30天登录记录' })).getByText('验证码错误')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '最近的消息' })).getByText('新设备登录提醒')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '提问' })).getByText('借款什么时候到账？')).toBeTruthy();
    expect(document.body.textContent).not.toContain(PHONE);
  });

  it('says plainly when the number has no account', async () => {
    show();
    await lookUp('13900000000');
    expect(await screen.findByText('手机号 138****5678 没有注册账户（或已注销）。')).toBeTruthy();
  });

  it('freezes after a confirmation that says what happens, then asks for the unfreeze, which the asker can only withdraw', async () => {
    show();
    await lookUp();
    await userEvent.click(await screen.findByRole('button', { name: '冻结账户' }));
    const dialog = screen.getByRole('dialog', { name: '冻结这个账户？' });
    expect(dialog.textContent).toContain('不能再用验证码或 App 授权登录');
    expect(dialog.textContent).toContain('解冻需要另一位客服批准');
    const reason = within(dialog).getByLabelText('事由（记入审计日志）');
    expect((reason as HTMLInputElement).value).toBe('工单 T-1024 来电');
    await userEvent.clear(reason);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认冻结' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/事由（reason）/);
    await userEvent.type(reason, '疑似被盗用');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认冻结' }));
    expect(await screen.findByText('已冻结')).toBeTruthy();
    expect(screen.getByText(/事由：疑似被盗用/)).toBeTruthy();
    expect(posts().at(-1)).toEqual({ method: 'POST', path: `/ops/api/users/${USER_ID}/freeze`, body: { reason: '疑似被盗用' } });

    await userEvent.click(screen.getByRole('button', { name: '申请解冻' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: '申请解冻这个账户？' })).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('解冻申请已提交，等待另一位客服批准。')).toBeTruthy();
    const pending = await screen.findByRole('group', { name: '解冻申请' });
    expect(within(pending).getByRole('button', { name: '撤回申请' })).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: '批准解冻' })).toBeNull();
  });

  it('lets another operator approve a pending unfreeze from the list, after a confirmation', async () => {
    approvals = [request('wang-wu')];
    show();
    const list = await screen.findByRole('region', { name: '待审批的解冻申请' });
    await within(list).findByText('解冻账户 138****5678：本人核实完毕');
    await userEvent.click(within(list).getByRole('button', { name: '批准解冻' }));
    const dialog = screen.getByRole('dialog', { name: '批准解冻？' });
    expect(dialog.textContent).toContain('批准后该账户立即可以重新登录');
    await userEvent.click(within(dialog).getByRole('button', { name: '批准解冻' }));
    expect(await screen.findByText('已批准：解冻账户 138****5678：本人核实完毕')).toBeTruthy();
    expect(posts()).toEqual([{ method: 'POST', path: '/ops/api/approvals/ap_1/approve', body: {} }]);
    await within(list).findByText('没有待审批的解冻申请。');
  });
});
