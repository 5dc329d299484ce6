// /ops/rewards as an operator sees it: the shared sign-in first, then prizes with odds, vouchers, the gift's lines,
// redeem batches and the audit; each change names the operator and says the server's answer; a new
// batch's codes are offered once as a text file.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  opsApprovalsApprove,
  opsApprovalsList,
  opsApprovalsReject,
  opsApprovalsResult,
  opsApprovalsWithdraw,
  opsRewardsAddItem,
  opsRewardsChangePrize,
  opsRewardsCreateBatch,
  opsRewardsGrant,
  opsRewardsReplaceGift,
  opsRewardsRevokeBatch,
  opsRewardsSummary,
  parseOpsResponseData,
} from '@tyd/protocol/schemas';
import type { OpsApproval, OpsEndpoint, OpsResponseData, OpsRewardsSummary } from '@tyd/protocol/schemas';
import { OPS_TEST_CREDENTIALS, OPS_TEST_CSRF, OPS_TEST_OPERATOR, opsSessionAnswers } from '../../../test/ops-session-answers';
import { renderInConsole } from '../../../test/render-in-console';
import { clearQueries } from '../../../lib/server-state';
import OpsRewardsPage from './ops-rewards-page';

const SUMMARY: OpsRewardsSummary = {
  prizes: [
    { id: 'points-100', name: '100积分', kind: 'points', points: 100, weight: 3, stock: 100, active: true, oddsPercent: '3' },
    { id: 'thanks', name: '谢谢参与', kind: 'thanks', points: null, weight: 97, stock: null, active: true, oddsPercent: '97' },
  ],
  items: [
    {
      id: 'coupon-repay-10',
      name: '10元还款立减券',
      description: '单笔还款满500元立减10元',
      pointsCost: 200,
      stock: null,
      perUserLimit: 5,
      validDays: 30,
      active: true,
    },
  ],
  batches: [
    {
      id: 'b1111111-0000-0000-0000-000000000000',
      name: '双十一',
      reward: { points: 66, itemId: null },
      codes: 100,
      used: 7,
      expiresAt: Date.UTC(2026, 11, 1, 16),
      revokedAt: null,
      createdBy: '王五',
      createdAt: Date.UTC(2026, 10, 1, 2),
    },
  ],
  gift: [
    { points: 100, itemId: null },
    { points: null, itemId: 'coupon-repay-10' },
  ],
  changes: [
    { subject: 'prize', subjectId: 'points-100', operator: '王五', change: { weight: 3 }, at: Date.UTC(2026, 10, 2, 3) },
    {
      subject: 'item',
      subjectId: 'coupon-repay-10',
      operator: '王五',
      change: { pointsCost: 200, perUserLimit: null, active: true },
      at: Date.UTC(2026, 10, 2, 2),
    },
    // An older row recorded with the columns' names.
    {
      subject: 'gift',
      subjectId: 'gift',
      operator: '王五',
      change: [{ points: null, item_id: 'coupon-repay-10' }, { points_cost: 50 }],
      at: Date.UTC(2026, 10, 2, 1),
    },
  ],
};

type Call = { url: string; method: string; body: Record<string, unknown> | undefined; csrf: string | null };
const calls: Call[] = [];
let answers: Array<(call: Call) => Response> = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A '200' answer built through the call's response schema, so a change of the contract breaks these answers too. */
function ok<E extends OpsEndpoint>(endpoint: E, data: OpsResponseData<E>): Response {
  const parsed = parseOpsResponseData(endpoint, data);
  if (!parsed.ok) throw new Error(`${endpoint.method} ${endpoint.path} outside its schema: ${parsed.issues.join(', ')}`);
  return json(200, { code: '200', msg: '成功', data: parsed.data });
}
/** A batch as the create and revoke calls answer it: without the summary's count of used codes. */
const { used: _used, ...BATCH } = SUMMARY.batches[0]!;

let session = opsSessionAnswers({ signedIn: true, role: 'rewards_manager' });
/** What GET /ops/api/approvals answers (through its schema); the other calls go through `answers`. */
let approvalsListed: OpsApproval[] = [];

const grantedKeys = new Set<string>();

beforeEach(() => {
  grantedKeys.clear();
  approvalsListed = [];
  calls.length = 0;
  answers = [];
  session = opsSessionAnswers({ signedIn: true, role: 'rewards_manager' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const sessionAnswer = session.answer(url, init);
    if (sessionAnswer) return sessionAnswer;
    if (url === '/ops/api/approvals') return ok(opsApprovalsList, { approvals: approvalsListed });
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
      csrf: new Headers(init.headers).get('x-ops-csrf'),
    };
    calls.push(call);
    // Grants answer as the server does: a key grants once.
    if (call.url === '/ops/api/rewards/grants') {
      const key = String(call.body!.key);
      const granted = !grantedKeys.has(key);
      grantedKeys.add(key);
      return ok(opsRewardsGrant, { phone: '138****5678', points: Number(call.body!.points), granted });
    }
    const next = answers.shift();
    return next ? next(call) : ok(opsRewardsSummary, SUMMARY);
  });
});
afterEach(() => {
  cleanup();
  clearQueries();
  vi.unstubAllGlobals();
});

async function openWithToken() {
  renderInConsole(<OpsRewardsPage />);
  await screen.findByRole('region', { name: '抽奖奖品' });
}

describe('/ops/rewards', () => {
  it('asks the operator to sign in first, with name, password and code, and says when that was refused', async () => {
    session = opsSessionAnswers({ signedIn: false, role: 'rewards_manager' });
    renderInConsole(<OpsRewardsPage />);
    await userEvent.type(await screen.findByLabelText('账号'), OPS_TEST_CREDENTIALS.name);
    await userEvent.type(screen.getByLabelText('密码'), OPS_TEST_CREDENTIALS.password);
    await userEvent.type(screen.getByLabelText('动态验证码'), '654321');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('名称、密码或验证码不正确');
    expect(calls).toHaveLength(0);
    // A code is taken once: the field is emptied for the next one.
    expect((screen.getByLabelText('动态验证码') as HTMLInputElement).value).toBe('');
    await userEvent.type(screen.getByLabelText('动态验证码'), OPS_TEST_CREDENTIALS.code);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('region', { name: '抽奖奖品' })).toBeTruthy();
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('goes back to the sign-in when the server says the session ended', async () => {
    answers.push(() => json(401, { code: '401', msg: '登录已失效' }));
    renderInConsole(<OpsRewardsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('登录已失效，请重新登录');
    expect(screen.getByRole('form', { name: '运营登录' })).toBeTruthy();
  });

  it('shows prizes with odds, vouchers, the gift, batches with use and the audit', async () => {
    await openWithToken();
    expect(screen.getByRole('form', { name: '奖品 100积分' }).textContent).toContain('中奖概率 3%');
    expect(screen.getByRole('form', { name: '卡券 10元还款立减券' })).toBeTruthy();
    expect((screen.getByLabelText('第1行积分') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('第2行卡券') as HTMLSelectElement).value).toBe('coupon-repay-10');
    const batches = screen.getByRole('list', { name: '全部批次' });
    expect(batches.textContent).toContain('双十一 66积分');
    expect(batches.textContent).toContain('已使用 7/100有效期至2026-12-01王五 创建于2026-11-01 10:00');
    const audit = screen.getByRole('region', { name: '操作记录' }).textContent;
    expect(audit).toContain('王五 · 抽奖奖品 points-100中奖权重：3');
    // Fields in operators' words, never the recorded names.
    expect(audit).toContain('王五 · 卡券 coupon-repay-10兑换所需积分：200，每人限兑：不限/无，上架：是');
    expect(audit).toContain('[（积分：不限/无，卡券：coupon-repay-10）；（兑换所需积分：50）]');
    expect(audit).not.toMatch(/points_cost|pointsCost|item_id|itemId|perUserLimit|active|weight/);
  });

  it('changes a prize, sending only what changed: the server names the signed-in operator, so no name is asked', async () => {
    await openWithToken();
    expect(screen.queryByLabelText('操作人')).toBeNull();
    const form = screen.getByRole('form', { name: '奖品 100积分' });
    await userEvent.clear(within(form).getByLabelText('权重'));
    await userEvent.type(within(form).getByLabelText('权重'), '5');
    await userEvent.clear(within(form).getByLabelText('库存（空=不限）'));
    answers.push(() => ok(opsRewardsChangePrize, { prize: SUMMARY.prizes[0]! }));
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存 100积分')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/ops/api/rewards/prizes/points-100',
      body: { weight: 5, stock: null },
      csrf: OPS_TEST_CSRF,
    });
  });

  it("says the server's reason when it refuses a change", async () => {
    await openWithToken();
    const form = screen.getByRole('form', { name: '卡券 10元还款立减券' });
    await userEvent.clear(within(form).getByLabelText('所需积分（空=不可兑换）'));
    await userEvent.type(within(form).getByLabelText('所需积分（空=不可兑换）'), '0');
    answers.push(() => json(400, { code: '400', subcode: '4009', msg: '请求参数错误', data: { reason: '兑换积分（cost）：1 至 1000000 的整数' } }));
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('兑换积分（cost）：1 至 1000000 的整数');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ pointsCost: 0 });
  });

  it('replaces the gift with its lines', async () => {
    await openWithToken();
    const gift = screen.getByRole('form', { name: '新人礼内容' });
    await userEvent.click(within(gift).getAllByRole('button', { name: '删除' })[0]!);
    await userEvent.click(within(gift).getByRole('button', { name: '添加一行' }));
    await userEvent.clear(within(gift).getByLabelText('第2行积分'));
    await userEvent.type(within(gift).getByLabelText('第2行积分'), '300');
    answers.push(() => ok(opsRewardsReplaceGift, { gift: [] }));
    await userEvent.click(within(gift).getByRole('button', { name: '保存礼包' }));
    await screen.findByText('新人礼已保存');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/ops/api/rewards/gift',
      body: { lines: [{ itemId: 'coupon-repay-10' }, { points: 300 }] },
    });
  });

  it('says a change kept for a second operator’s approval (202) was not made yet', async () => {
    await openWithToken();
    const gift = screen.getByRole('form', { name: '新人礼内容' });
    const approval = {
      id: 'ap_1',
      kind: 'gift',
      role: 'rewards_manager',
      targetId: null,
      summary: 'new-user gift',
      status: 'pending',
      requestedBy: 'li-si',
      requestedAt: 1,
      expiresAt: 2,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      valuePoints: null,
      resultWaiting: false,
    };
    // The 202 answer's data is the request, as opsApprovalsWithdraw's schema describes it.
    const pending = parseOpsResponseData(opsApprovalsWithdraw, { approval });
    if (!pending.ok) throw new Error(pending.issues.join(', '));
    answers.push(() => json(202, { code: '200', msg: '成功', data: pending.data }));
    await userEvent.click(within(gift).getByRole('button', { name: '保存礼包' }));
    // A state to know about, not a failure: said as a status in the neutral tint, never as an alert in red.
    const waiting = await screen.findByText('已提交审批：需另一位同角色的运营人员批准后生效');
    expect(waiting.getAttribute('role')).toBe('status');
    expect(waiting.className).toBe('ops-rewards__pending');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('新人礼已保存')).toBeNull();
  });

  it('adds a voucher in the console, off offer until its cost and stock are set, and says the server’s reason for a taken id', async () => {
    await openWithToken();
    const form = screen.getByRole('form', { name: '添加卡券' });
    expect(within(form).getByRole('button', { name: '添加卡券' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(form).getByLabelText('编号（小写字母、数字或 -）'), 'Coupon-Repay-20');
    await userEvent.type(within(form).getByLabelText('名称'), '20元还款立减券');
    await userEvent.type(within(form).getByLabelText('说明'), '单笔还款满1000元立减20元');
    await userEvent.clear(within(form).getByLabelText('领取后有效天数'));
    await userEvent.type(within(form).getByLabelText('领取后有效天数'), '60');
    answers.push(() => json(400, { code: '400', subcode: '4009', msg: '请求参数错误', data: { reason: '权益 coupon-repay-20 已存在' } }));
    await userEvent.click(within(form).getByRole('button', { name: '添加卡券' }));
    expect((await screen.findByRole('alert')).textContent).toBe('权益 coupon-repay-20 已存在');
    // Refused: what was typed stays for a correction.
    expect((within(form).getByLabelText('名称') as HTMLInputElement).value).toBe('20元还款立减券');
    const added = {
      id: 'coupon-repay-20',
      name: '20元还款立减券',
      description: '单笔还款满1000元立减20元',
      pointsCost: null,
      stock: 0,
      perUserLimit: null,
      validDays: 60,
      active: false,
    };
    answers.push(() => ok(opsRewardsAddItem, { item: added }));
    await userEvent.click(within(form).getByRole('button', { name: '添加卡券' }));
    expect(await screen.findByText('已添加卡券 20元还款立减券：尚未上架，请在下方设置所需积分和库存后上架')).toBeTruthy();
    const sent = calls.filter((c) => c.url === '/ops/api/rewards/items');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      method: 'POST',
      body: { id: 'coupon-repay-20', name: '20元还款立减券', description: '单笔还款满1000元立减20元', validDays: 60 },
      csrf: OPS_TEST_CSRF,
    });
    expect((within(form).getByLabelText('名称') as HTMLInputElement).value).toBe('');
    // The admin command is no longer where a rewards manager is sent.
    expect(screen.queryByText(/npm run admin/)).toBeNull();
  });

  it('lists requests waiting for approval: approves another operator’s after a confirmation that states it, rejects with a reason, withdraws one’s own', async () => {
    const request = (id: string, requestedBy: string, summary: string): OpsApproval => ({
      id,
      kind: 'redeem-batch',
      role: 'rewards_manager',
      targetId: null,
      summary,
      status: 'pending',
      requestedBy,
      requestedAt: Date.UTC(2026, 10, 27, 2),
      expiresAt: Date.UTC(2026, 10, 30, 2),
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      valuePoints: 20000,
      resultWaiting: false,
    });
    approvalsListed = [
      request('ap_other', 'wang-wu', 'batch 大促: 200 codes, 20000 points in total'),
      request('ap_third', 'zhao-liu', 'batch 中促'),
      request('ap_mine', OPS_TEST_OPERATOR.name, 'batch 小促'),
    ];
    await openWithToken();
    const waiting = screen.getByRole('list', { name: '待审批申请' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^batch 大促: 200 codes, 20000 points in totalwang-wu 申请于2026-11-27 10:00有效至2026-11-30 10:00驳回批准$/),
      expect.stringMatching(/^batch 中促zhao-liu 申请于2026-11-27 10:00有效至2026-11-30 10:00驳回批准$/),
      expect.stringMatching(/^batch 小促li-si 申请于2026-11-27 10:00有效至2026-11-30 10:00撤回$/),
    ]);
    // 批准 asks first, saying what will happen; nothing is sent until it is confirmed.
    await userEvent.click(within(waiting).getAllByRole('button', { name: '批准' })[0]!);
    const confirm = screen.getByRole('dialog', { name: '批准并立即执行？' });
    expect(confirm.textContent).toContain('batch 大促: 200 codes, 20000 points in total');
    expect(confirm.textContent).toContain('wang-wu 申请，价值 20000 积分');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    answers.push(() =>
      ok(opsApprovalsApprove, {
        approval: { ...approvalsListed[0]!, status: 'approved', decidedBy: 'li-si', decidedAt: 1, resultWaiting: true },
        result: { batch: BATCH },
      }),
    );
    await userEvent.click(within(confirm).getByRole('button', { name: '批准' }));
    expect(await screen.findByText('已批准并生效：batch 大促: 200 codes, 20000 points in total')).toBeTruthy();
    // The codes are the maker's: the checker is offered none.
    expect(screen.queryByRole('link', { name: '下载兑换码（.txt）' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/ops/api/approvals/ap_other/approve', csrf: OPS_TEST_CSRF });

    // 驳回 needs a reason.
    await userEvent.click(within(screen.getByRole('list', { name: '待审批申请' })).getAllByRole('button', { name: '驳回' })[1]!);
    const rejecting = screen.getByRole('dialog', { name: '驳回这条申请？' });
    expect((within(rejecting).getByRole('button', { name: '驳回' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(rejecting).getByLabelText('驳回理由'), '数量与活动方案不符');
    answers.push(() =>
      ok(opsApprovalsReject, {
        approval: { ...approvalsListed[1]!, status: 'rejected', decidedBy: 'li-si', decidedAt: 1, decisionReason: '数量与活动方案不符' },
      }),
    );
    await userEvent.click(within(rejecting).getByRole('button', { name: '驳回' }));
    expect(await screen.findByText('已驳回：batch 中促')).toBeTruthy();
    expect(calls.find((c) => c.url === '/ops/api/approvals/ap_third/reject')?.body).toEqual({ reason: '数量与活动方案不符' });

    answers.push(() => ok(opsApprovalsWithdraw, { approval: { ...approvalsListed[2]!, status: 'withdrawn', decidedBy: 'li-si', decidedAt: 1 } }));
    await userEvent.click(within(screen.getByRole('list', { name: '待审批申请' })).getByRole('button', { name: '撤回' }));
    expect(await screen.findByText('已撤回：batch 小促')).toBeTruthy();
  });

  it('offers the maker an approved batch’s codes once, and says what became of their requests', async () => {
    const base = {
      kind: 'redeem-batch' as const,
      role: 'rewards_manager' as const,
      targetId: null,
      requestedBy: OPS_TEST_OPERATOR.name,
      requestedAt: Date.UTC(2026, 10, 27, 2),
      expiresAt: Date.UTC(2026, 10, 30, 2),
      decidedBy: 'wang-wu',
      decidedAt: Date.UTC(2026, 10, 27, 3),
      valuePoints: 20000,
    };
    approvalsListed = [
      { ...base, id: 'ap_done', summary: 'batch 大促', status: 'approved', decisionReason: null, resultWaiting: true },
      { ...base, id: 'ap_no', summary: 'batch 中促', status: 'rejected', decisionReason: '数量与活动方案不符', resultWaiting: false },
    ];
    await openWithToken();
    const mine = screen.getByRole('list', { name: '我的申请' });
    expect(mine.textContent).toContain('已驳回');
    expect(mine.textContent).toContain('理由：数量与活动方案不符');
    answers.push(() =>
      ok(opsApprovalsResult, { approval: { ...approvalsListed[0]!, resultWaiting: false }, result: { batch: BATCH, codes: ['AAAA-BBBB-CCCC-DDDD'] } }),
    );
    await userEvent.click(within(mine).getByRole('button', { name: '领取兑换码' }));
    const download = await screen.findByRole('link', { name: '下载兑换码（.txt）' });
    expect(decodeURIComponent(download.getAttribute('href')!.split(',')[1]!)).toBe('AAAA-BBBB-CCCC-DDDD\n');
  });

  it('creates a batch and offers its codes once as a text file; revokes a batch after confirming', async () => {
    await openWithToken();
    const form = screen.getByRole('form', { name: '生成兑换码' });
    await userEvent.type(within(form).getByLabelText('批次名称'), '门店');
    await userEvent.selectOptions(within(form).getByLabelText('奖励'), 'item');
    await userEvent.clear(within(form).getByLabelText('数量（最多10000）'));
    await userEvent.type(within(form).getByLabelText('数量（最多10000）'), '2');
    within(form).getByLabelText('有效期至（含当日）').setAttribute('value', '');
    await userEvent.type(within(form).getByLabelText('有效期至（含当日）'), '2026-12-31');
    const codes = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'];
    answers.push(() => ok(opsRewardsCreateBatch, { batch: { ...BATCH, id: 'b2222222-0000-0000-0000-000000000000', name: '门店', codes: 2 }, codes }));
    await userEvent.click(within(form).getByRole('button', { name: '生成兑换码' }));
    const download = await screen.findByRole('link', { name: '下载兑换码（.txt）' });
    expect(decodeURIComponent(download.getAttribute('href')!.split(',')[1]!)).toBe('AAAA-BBBB-CCCC-DDDD\nEEEE-FFFF-GGGG-HHHH\n');
    expect(download.getAttribute('download')).toMatch(/^redeem-codes-\d{4}-\d{2}-\d{2}-b2222222\.txt$/);
    expect(calls.find((c) => c.url === '/ops/api/rewards/batches')?.body).toEqual({
      name: '门店',
      itemId: 'coupon-repay-10',
      count: 2,
      expires: '2026-12-31',
    });

    await userEvent.click(within(screen.getByRole('list', { name: '全部批次' })).getByRole('button', { name: '作废' }));
    const dialog = screen.getByRole('dialog', { name: '作废这个批次？' });
    expect(dialog.textContent).toContain('未使用的 93 个兑换码将立即失效');
    answers.push(() => ok(opsRewardsRevokeBatch, { batch: BATCH }));
    await userEvent.click(within(dialog).getByRole('button', { name: '作废' }));
    await screen.findByText('已作废 双十一');
    expect(calls.find((c) => c.url.endsWith('/revoke'))).toMatchObject({
      url: '/ops/api/rewards/batches/b1111111-0000-0000-0000-000000000000/revoke',
      body: {},
    });
  });

  it('another role sees the same values with nothing to change, and whose approval a request waits for', async () => {
    session = opsSessionAnswers({ signedIn: true, role: 'content_editor' });
    approvalsListed = [
      {
        id: 'ap_other',
        kind: 'prize-odds',
        role: 'rewards_manager',
        targetId: 'points-100',
        summary: '奖品 points-100：权重 3 → 5',
        status: 'pending',
        requestedBy: 'wang-wu',
        requestedAt: Date.UTC(2026, 10, 27, 2),
        expiresAt: Date.UTC(2026, 10, 30, 2),
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
        valuePoints: null,
        resultWaiting: false,
      },
    ];
    await openWithToken();
    expect(screen.getByText(/仅奖励管理员可以修改，您可以查看/)).toBeTruthy();
    const prize = screen.getByRole('form', { name: '奖品 100积分' });
    expect((within(prize).getByLabelText('权重') as HTMLInputElement).value).toBe('3');
    // A disabled fieldset disables every control inside it (HTML §4.10.15).
    expect(within(prize).getByLabelText('权重').closest('fieldset')!.disabled).toBe(true);
    expect(screen.queryAllByRole('button', { name: /^(保存|保存礼包|添加一行|删除|生成兑换码|作废|批准)$/ })).toEqual([]);
    expect(screen.queryByRole('form', { name: '生成兑换码' })).toBeNull();
    expect(screen.queryByRole('form', { name: '添加卡券' })).toBeNull();
    expect(screen.getByRole('list', { name: '全部批次' }).textContent).toContain('双十一');
    expect(within(screen.getByRole('list', { name: '待审批申请' })).getByText('待奖励管理员批准')).toBeTruthy();
  });

  it('grants points to a phone under one key however often it is sent; the next grant gets a new key', async () => {
    await openWithToken();
    const form = screen.getByRole('form', { name: '发放积分' });
    await userEvent.type(within(form).getByLabelText('手机号'), '13812345678');
    await userEvent.type(within(form).getByLabelText('积分'), '300');
    // A grant says why before it can be sent.
    expect((within(form).getByRole('button', { name: '发放' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(form).getByLabelText('发放理由'), '工单 17 补偿');
    // A double click: two sends of the same grant.
    await userEvent.dblClick(within(form).getByRole('button', { name: '发放' }));
    expect(await screen.findByText(/已向 138\*\*\*\*5678 发放 300 积分|未重复发放/)).toBeTruthy();
    expect(grantedKeys.size).toBe(1);
    const sent = calls.filter((c) => c.url === '/ops/api/rewards/grants');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((c) => c.body!.key)).size).toBe(1);
    expect(sent[0]!.body).toMatchObject({ phone: '13812345678', points: 300, reason: '工单 17 补偿' });
    expect(sent[0]!.csrf).toBe(OPS_TEST_CSRF);
    await vi.waitFor(() => expect((within(form).getByLabelText('手机号') as HTMLInputElement).value).toBe(''));
    await userEvent.type(within(form).getByLabelText('手机号'), '13812345678');
    await userEvent.type(within(form).getByLabelText('积分'), '300');
    await userEvent.type(within(form).getByLabelText('发放理由'), '工单 18 补偿');
    await userEvent.click(within(form).getByRole('button', { name: '发放' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url === '/ops/api/rewards/grants').length).toBe(sent.length + 1));
    expect(calls.filter((c) => c.url === '/ops/api/rewards/grants').at(-1)!.body!.key).not.toBe(sent[0]!.body!.key);
  });

  it('offers no grant to another role', async () => {
    session = opsSessionAnswers({ signedIn: true, role: 'viewer' });
    await openWithToken();
    expect(screen.queryByRole('form', { name: '发放积分' })).toBeNull();
  });
});
