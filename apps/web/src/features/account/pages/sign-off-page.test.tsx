// /mine/signOff as a user meets it, against a mocked API client (answers checked against the endpoints'
// response schemas).
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, type ApiResponse, type RefResponse } from '@tyd/protocol/wire';
import { Toaster } from '../../../components/toaster';
import { TransportError } from '../../../lib/api-errors';
import { dismissToast } from '../../../lib/notify';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries } from '../../../lib/server-state';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import { answerData } from '../../../test/api-answers';
import SignOffPage from './sign-off-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const SENT: ApiResponse = { code: '200', msg: '成功', data: { cooldownSeconds: 60, expiresInSeconds: 300 } };
const sent = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as unknown);

type Impact = RefResponse<typeof API.deregistrationImpact>;
const NOTHING: Impact = { pointsBalance: 0, usableVouchers: 0, bankCards: 0, openQuestions: 0, identityVerified: false };
const HOLDINGS: Impact = { pointsBalance: 450, usableVouchers: 3, bankCards: 1, openQuestions: 1, identityVerified: true };

/** What deregistration-impact answers: figures, an error thrown, or a promise still pending. */
function answerImpact(impact: Impact | Error | Promise<Impact>) {
  api.call.mockImplementation(async (path: string) => {
    if (path !== API.deregistrationImpact.path) throw new Error(`unexpected call ${path}`);
    if (impact instanceof Error) throw impact;
    return impact instanceof Promise ? impact : answerData(API.deregistrationImpact, impact);
  });
}
const impactReads = () => api.call.mock.calls.filter(([p]) => p === API.deregistrationImpact.path).length;
const losses = () => screen.getByRole('region', { name: '注销后将失去' });

let router: Router;
async function openSignOff() {
  window.history.replaceState(null, '', '/mine/signOff');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <SignOffPage />
      <Toaster />
    </RouterContext>,
  );
}

const codeInput = () => screen.getByLabelText('验证码') as HTMLInputElement;
/** The visible note under the code field. */
const note = () => document.querySelector('.sms-note')?.textContent ?? undefined;
/** What a screen reader reads with the code field when it gets focus (aria-describedby). */
const description = () =>
  (codeInput().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  localStorage.clear();
  clearSession();
  startSession({ accessToken: 'tok', phone: '13812345678' });
  api.request.mockReset();
  api.call.mockReset();
  answerImpact(NOTHING);
});
afterEach(() => {
  cleanup();
  router?.destroy();
  clearQueries();
  act(() => dismissToast());
});

describe('/mine/signOff', () => {
  it('explains what is erased, what the law keeps and for how long, and that it cannot be undone', async () => {
    await openSignOff();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('注销账号');
    expect(screen.getByRole('heading', { name: '注销后将立即删除' })).toBeTruthy();
    expect(screen.getByText(/所有设备上的登录状态/)).toBeTruthy();
    const kept = screen.getByRole('region', { name: '依法保留的信息' }).textContent;
    expect(kept).toContain('《中华人民共和国反洗钱法》');
    expect(kept).toContain('保存10年');
    expect(screen.getByRole('note').textContent).toContain('注销后账号无法恢复');
    expect(screen.getByText('138****5678').closest('p')?.textContent).toBe('验证码将发送至 138****5678，用于确认是您本人操作。');
  });

  it('sends a deregistration code to the account’s own phone (no number in the payload) and counts down', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue(SENT);
    await openSignOff();
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(sent('/v1/user/sms-send-v1')).toEqual([{ purpose: 'deregister' }]);
    expect(screen.getByRole('button', { name: '60秒后重发' })).toBeTruthy();
    expect(note()).toBe('验证码已发送，5分钟内有效；如未收到，可在60秒后重新获取');
    expect(document.activeElement).toBe(codeInput());
  });

  it('406 cooldown right after the login code: says no code was sent and when to ask, never that one was', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue({ code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 51 } });
    await openSignOff();
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(sent('/v1/user/sms-send-v1')).toEqual([{ purpose: 'deregister' }]);
    const said = '验证码未发送：该手机号刚获取过验证码，请51秒后重新获取';
    expect(note()).toBe(said);
    expect(description()).toBe(said);
    expect(document.activeElement).toBe(codeInput());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.body.textContent).not.toContain('已发送');
    expect((screen.getByRole('button', { name: '51秒后重发' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a wrong-code error goes away when a new code is sent', async () => {
    const user = userEvent.setup();
    api.request
      .mockResolvedValueOnce({ code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入', data: { attemptsLeft: 4 } })
      .mockResolvedValueOnce(SENT);
    await openSignOff();
    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误，请重新输入');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(note()).toMatch(/^验证码已发送/);
  });

  it('asks for the code before confirming, then confirms in a dialog; cancel keeps the account', async () => {
    const user = userEvent.setup();
    await openSignOff();
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入验证码');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    const dialog = screen.getByRole('dialog', { name: '确认注销账号？' });
    expect(dialog.textContent).toContain('无法恢复');
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.request).not.toHaveBeenCalled();
    expect(sessionStore.get().accessToken).toBe('tok');
  });

  it('code 200: the session is cleared (SPEC §4) and the page says it is done', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue({ code: '200', msg: '成功' });
    await openSignOff();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    expect(sent('/v1/user/cancel')).toEqual([{ smsCode: '123456' }]);
    expect(await screen.findByRole('heading', { name: '账号已注销' })).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('账号已注销');
    expect(screen.getByText(/账号 138\*\*\*\*5678 已注销/)).toBeTruthy();
    expect(sessionStore.get()).toMatchObject({ accessToken: null, phone: null });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('a wrong code is said at the code field and the account stays', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue({ code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入', data: { attemptsLeft: 4 } });
    await openSignOff();
    await user.type(codeInput(), '000000');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误，请重新输入');
    expect(sessionStore.get().accessToken).toBe('tok');
    expect(screen.queryByRole('heading', { name: '账号已注销' })).toBeNull();
  });

  it('other failures are toasted with submsg, else msg (SPEC §8)', async () => {
    const user = userEvent.setup();
    api.request.mockResolvedValue({ code: '500', msg: '服务器繁忙，请稍后重试' });
    await openSignOff();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    await vi.waitFor(() => expect(screen.getByText('服务器繁忙，请稍后重试').closest('[role="status"]')).toBeTruthy());
    expect(sessionStore.get().accessToken).toBe('tok');
  });

  it('lists what this account loses, with its own figures, first on the page and again before 确认注销', async () => {
    const user = userEvent.setup();
    answerImpact(HOLDINGS);
    await openSignOff();
    const card = losses();
    await within(card).findByText('积分');
    const rows = within(card)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['积分450', '卡券3 张', '银行卡将解除绑定1 张', '未回复的客服提问1 条', '实名认证信息新账号需重新认证']);
    expect(card.textContent).toContain('已过期的卡券不计在内');
    // Before what is erased and before the code.
    const sections = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(sections.indexOf('注销后将失去')).toBeLessThan(sections.indexOf('注销后将删除的信息'));
    expect(sections.indexOf('注销后将失去')).toBeLessThan(sections.indexOf('验证身份'));

    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('dialog', { name: '确认注销账号？' }).textContent).toBe(
      '确认注销账号？注销后，账号 138****5678 及其数据将被立即删除，无法恢复。' +
        '您将失去：积分 450、卡券 3 张、银行卡 1 张（将解除绑定）、未回复的客服提问 1 条、实名认证信息（新账号需重新认证）。取消确认注销',
    );
  });

  it('lists only what is held; with no points, vouchers or cards it says so', async () => {
    const user = userEvent.setup();
    answerImpact({ ...NOTHING, openQuestions: 2 });
    await openSignOff();
    expect(await within(losses()).findByText('未回复的客服提问')).toBeTruthy();
    expect(
      within(losses())
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['未回复的客服提问2 条']);
    expect(losses().textContent).toContain('您的账号中没有积分、卡券或银行卡。');
    expect(losses().textContent).not.toContain('卡券不计在内');
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('dialog').textContent).toContain('您将失去：未回复的客服提问 2 条。您的账号中没有积分、卡券或银行卡。');
  });

  it('an account holding nothing is told so, with no list', async () => {
    await openSignOff();
    expect(await within(losses()).findByText('您的账号中没有积分、卡券或银行卡。')).toBeTruthy();
    expect(within(losses()).queryByRole('list')).toBeNull();
  });

  it('shows the loading state while the figures load, and the dialog says they are still being read', async () => {
    const user = userEvent.setup();
    let settle: (impact: Impact) => void = () => undefined;
    answerImpact(new Promise<Impact>((resolve) => (settle = resolve)));
    await openSignOff();
    expect(within(losses()).getByRole('status').getAttribute('aria-busy')).toBe('true');
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('dialog').textContent).toContain('正在读取您账号中的积分、卡券和银行卡…');
    await act(async () => settle(answerData(API.deregistrationImpact, HOLDINGS)));
    expect(screen.getByRole('dialog').textContent).toContain('您将失去：积分 450、');
  });

  it('figures that could not be loaded: 重新加载 on the page, said in the dialog, and deregistration still goes on', async () => {
    const user = userEvent.setup();
    answerImpact(new TransportError('network', '网络连接异常，请稍后重试'));
    api.request.mockResolvedValue({ code: '200', msg: '成功' });
    await openSignOff();
    expect((await within(losses()).findByRole('alert')).textContent).toContain('网络连接异常，请稍后重试');
    expect(within(losses()).getByRole('button', { name: '重新加载' })).toBeTruthy();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    expect(screen.getByRole('dialog').textContent).toContain('未能加载您账号中的积分、卡券和银行卡数量；如有，注销后将一并失去。');
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    expect(sent('/v1/user/cancel')).toEqual([{ smsCode: '123456' }]);
    expect(await screen.findByRole('heading', { name: '账号已注销' })).toBeTruthy();
  });

  it('重新加载 reads the figures again', async () => {
    answerImpact(new TransportError('network', '网络连接异常，请稍后重试'));
    await openSignOff();
    await within(losses()).findByRole('alert');
    answerImpact(HOLDINGS);
    await userEvent.click(within(losses()).getByRole('button', { name: '重新加载' }));
    expect(await within(losses()).findByText('450')).toBeTruthy();
  });

  it('reads the figures once; the done view, without a session, does not read them again', async () => {
    const user = userEvent.setup();
    answerImpact(HOLDINGS);
    api.request.mockResolvedValue({ code: '200', msg: '成功' });
    await openSignOff();
    await within(losses()).findByText('450');
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '申请注销' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    expect(await screen.findByRole('heading', { name: '账号已注销' })).toBeTruthy();
    expect(impactReads()).toBe(1);
  });
});
