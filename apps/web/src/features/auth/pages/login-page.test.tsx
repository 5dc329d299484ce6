// /login as a user meets it (STYLE.md "Tests"): by role, label and text, against a mocked API client.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import { Toaster } from '../../../components/toaster';
import { ApiCodeError } from '../../../lib/api-errors';
import { dismissToast } from '../../../lib/notify';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearQueries, invalidateQuery } from '../../../lib/server-state';
import { clearSession, rememberLoginPhone, sessionStore, startSession } from '../../../lib/session';
import type * as SmsCodeModule from '../../../lib/use-sms-code';
import { LoginForm } from '../components/login-form';
import LoginPage from './login-page';

const api = vi.hoisted(() => ({ request: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));
const altcha = vi.hoisted(() => ({ solveChallenge: vi.fn() }));
vi.mock('altcha-lib', () => ({ solveChallenge: altcha.solveChallenge }));
vi.mock('altcha-lib/algorithms/web/pbkdf2', () => ({ deriveKey: vi.fn() }));
// The guard against follow-up taps listens on window for half a second; here it would swallow the next
// test's clicks. Its behaviour is lib/follow-up-presses.test.ts's and e2e/login.spec.ts's.
const followUps = vi.hoisted(() => ({ swallowFollowUpPresses: vi.fn(() => () => {}) }));
vi.mock('../../../lib/follow-up-presses', () => followUps);
// How often the form renders: it calls useSmsCode once per render.
const formRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/use-sms-code', async (importOriginal) => {
  const real = await importOriginal<typeof SmsCodeModule>();
  return {
    ...real,
    useSmsCode: (...args: Parameters<typeof real.useSmsCode>) => {
      formRenders.count++;
      return real.useSmsCode(...args);
    },
  };
});

const POLICY = {
  version: '2026-11-01~2026-11-01',
  privacyPolicy: { kind: 'privacy', version: '2026-11-01', title: '通盈达隐私政策', url: '/legal/privacy', summary: '' },
  serviceAgreement: { kind: 'agreement', version: '2026-11-01', title: '通盈达用户服务协议', url: '/legal/agreement', summary: '' },
};
const SENT: ApiResponse = { code: '200', msg: '成功', data: { cooldownSeconds: 60, expiresInSeconds: 300 } };
const LOGGED_IN: ApiResponse = { code: '200', msg: '成功', data: { accessToken: 'A'.repeat(43), phone: '138****5678', isNewUser: true } };
const CHALLENGE = {
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1000, keyLength: 32, keyPrefix: '00' },
  signature: 'ef',
};

/** The invite landing's answers without a session (docs/api.md "Invitations", "New-user gift"). */
const INVITE_ORIGIN = { inviteCode: '7K3M9QXR', inviterPhone: '138****5678', rewardPoints: 50 };
const GIFT_OFFER = {
  state: 'needs-login',
  contents: [
    { kind: 'points', points: 100 },
    { kind: 'voucher', itemId: 'free-interest-7d', name: '7天免息券', description: '借款时抵扣7天利息', validDays: 30 },
  ],
  deadline: null,
  windowDays: 30,
  claimedAt: null,
  claimedElsewhere: false,
  pointsValidDays: 365,
};
const CALLS: Record<string, unknown> = {
  '/v1/user/verify-invite-code': INVITE_ORIGIN,
  '/v1/index/new-user-gift-info': GIFT_OFFER,
};

/** Answers by path; several answers for a path are used in turn. */
function answer(byPath: Record<string, ApiResponse | ApiResponse[]>) {
  const queues = Object.fromEntries(Object.entries(byPath).map(([path, value]) => [path, Array.isArray(value) ? [...value] : [value]]));
  api.request.mockImplementation(async (path: string) => {
    const queue = queues[path];
    if (!queue?.length) throw new Error(`unexpected call ${path}`);
    return queue.length > 1 ? queue.shift() : queue[0];
  });
}

const sent = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as Record<string, unknown>);

let router: Router;
async function openLogin(search = '') {
  window.history.replaceState(null, '', `/login${search}`);
  router = createRouter();
  await router.start();
  return render(
    <RouterContext value={router}>
      <LoginPage />
      <Toaster />
    </RouterContext>,
  );
}

const phoneInput = () => screen.getByLabelText('手机号') as HTMLInputElement;
const codeInput = () => screen.getByLabelText('验证码') as HTMLInputElement;
const consent = () => screen.getByRole('checkbox', { name: /我已阅读并同意/ });
const inviteInput = () => screen.getByLabelText(/^邀请码/) as HTMLInputElement;
const getCode = () => screen.getByRole('button', { name: /获取验证码|重新获取|秒后重发|安全验证中/ });
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
  rememberLoginPhone(null);
  api.request.mockReset();
  api.call.mockReset();
  followUps.swallowFollowUpPresses.mockClear();
  api.call.mockImplementation(async (path: string) => CALLS[path] ?? POLICY);
  altcha.solveChallenge.mockReset();
});
afterEach(() => {
  cleanup();
  router?.destroy();
  act(() => dismissToast());
  invalidateQuery('privacy-policy');
  invalidateQuery('check-login');
  // The invite landing's answers are kept a minute: each test asks afresh.
  clearQueries();
});

describe('/login form', () => {
  it('has a numeric phone field spaced 3-4-4, a one-time-code field, unticked consent, and the heading from `title`', async () => {
    const user = userEvent.setup();
    await openLogin(`?title=${encodeURIComponent('登录领取新人礼')}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('登录领取新人礼');
    expect(phoneInput().type).toBe('tel');
    expect(phoneInput().inputMode).toBe('numeric');
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
    expect(codeInput().inputMode).toBe('numeric');
    expect((consent() as HTMLInputElement).checked).toBe(false);
    await user.type(phoneInput(), '13812345678');
    expect(phoneInput().value).toBe('138 1234 5678');
    await user.type(codeInput(), '12a34567');
    expect(codeInput().value).toBe('123456');
  });

  it('is not rendered again when only the address changes (right after hydration, ?returnUrl= appears), and still follows it', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': LOGGED_IN });
    await openLogin();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: '《通盈达隐私政策》' })).toBeTruthy());
    const before = formRenders.count;
    await act(() => router.navigate('/login?returnUrl=%2Fnfc', { replace: true }));
    expect(router.current?.search).toBe('?returnUrl=%2Fnfc');
    expect(formRenders.count).toBe(before);
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/nfc'));
  });

  it('defaults the heading and ignores a blank title', async () => {
    await openLogin('?title=%20%20');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('验证码登录');
  });

  it('says what is wrong instead of sending: bad number, then unticked consent', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(getCode());
    expect(screen.getByRole('alert').textContent).toBe('请输入手机号');
    expect(document.activeElement).toBe(phoneInput());
    await user.type(phoneInput(), '12345678901');
    await user.click(getCode());
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的手机号码');
    await user.clear(phoneInput());
    await user.type(phoneInput(), '13812345678');
    await user.click(getCode());
    expect(screen.getByRole('alert').textContent).toBe('请先阅读并勾选同意《通盈达隐私政策》和《通盈达用户服务协议》');
    expect(document.activeElement).toBe(consent());
    expect(api.request).not.toHaveBeenCalled();
    await user.click(consent());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a login code and counts down 60 s; the countdown survives a reload', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/sms-send-v1': SENT });
    const first = await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.click(consent());
    await user.click(getCode());
    expect(sent('/v1/user/sms-send-v1')).toEqual([{ phone: '13812345678', purpose: 'login' }]);
    expect(getCode().textContent).toBe('60秒后重发');
    expect((getCode() as HTMLButtonElement).disabled).toBe(true);
    // The note describes the code field, which has focus: a screen reader reads it there.
    expect(note()).toBe('验证码已发送至 138****5678，5分钟内有效；如未收到，可在60秒后重新获取');
    expect(description()).toBe(note());
    expect(document.activeElement).toBe(codeInput());
    // The deadline is stored with the masked number, not the number itself.
    expect(localStorage.getItem('tyd.smsCooldown.login')).not.toContain('13812345678');
    first.unmount();
    router.destroy();
    await openLogin();
    // A new page's empty field has no countdown beside it (it would belong to no number shown) ...
    expect(getCode().textContent).toBe('获取验证码');
    // ... the same number counts on where it was ...
    await user.type(phoneInput(), '13812345678');
    expect(getCode().textContent).toMatch(/^(60|59)秒后重发$/);
    expect((getCode() as HTMLButtonElement).disabled).toBe(true);
    // ... and another number has its own cooldown on the server: it may have a code at once.
    await user.clear(phoneInput());
    await user.type(phoneInput(), '13900001111');
    expect(getCode().textContent).toBe('获取验证码');
  });

  it('counts down by itself, then offers a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      localStorage.setItem('tyd.smsCooldown.login', JSON.stringify({ until: Date.now() + 2_000, phone: '138****5678' }));
      // The number it was started for is in the field (SPEC §3 loginPhone).
      rememberLoginPhone('13812345678');
      await openLogin();
      expect(getCode().textContent).toBe('2秒后重发');
      // Past the next whole second (the countdown wakes 15 ms after it), whatever time the render took.
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(getCode().textContent).toBe('1秒后重发');
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(getCode().textContent).toBe('获取验证码');
      expect((getCode() as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('406 cooldown: says plainly that nothing was sent and when to ask again, no toast (SPEC §7)', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/sms-send-v1': { code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 42 } } });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.click(consent());
    await user.click(getCode());
    expect(getCode().textContent).toBe('42秒后重发');
    expect((getCode() as HTMLButtonElement).disabled).toBe(true);
    const said = '验证码未发送：该手机号刚获取过验证码，请42秒后重新获取';
    expect(note()).toBe(said);
    // No toast, and nothing that says a code was sent.
    expect(description()).toBe(said);
    expect(document.activeElement).toBe(codeInput());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(document.body.textContent).not.toContain('已发送');
    // Another number: the note was about the old one.
    await user.clear(phoneInput());
    await user.type(phoneInput(), '13900001111');
    expect(screen.queryByText(/验证码未发送/)).toBeNull();
    expect(getCode().textContent).toBe('获取验证码');
  });

  it('a "not sent" note ends with its countdown, and the button then offers a first code, not a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      answer({ '/v1/user/sms-send-v1': { code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 2 } } });
      await openLogin();
      await user.type(phoneInput(), '13812345678');
      await user.click(consent());
      await user.click(getCode());
      await vi.waitFor(() => expect(note()).toBe('验证码未发送：该手机号刚获取过验证码，请2秒后重新获取'));
      // Past the next whole second (the countdown wakes 15 ms after it), whatever time the render took.
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(note()).toBe('验证码未发送：该手机号刚获取过验证码，请1秒后重新获取');
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(note()).toBeUndefined();
      expect(getCode().textContent).toBe('获取验证码');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a code error goes away when a new code is sent, and when the code is edited', async () => {
    const user = userEvent.setup();
    answer({
      '/v1/user/user-login-v1': { code: '400', subcode: '4203', msg: '请求参数错误', submsg: '验证码已失效，请重新获取' },
      '/v1/user/sms-send-v1': SENT,
    });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('验证码已失效，请重新获取');
    await user.click(getCode());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(codeInput().getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('验证码已失效，请重新获取');
    await user.type(codeInput(), '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a phone error goes away as the number is edited', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneInput(), '1381234');
    await user.click(getCode());
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的手机号码');
    await user.type(phoneInput(), '5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Enter in the phone field moves to the code field; it does not submit', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneInput(), '13812345678{Enter}');
    expect(document.activeElement).toBe(codeInput());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.request).not.toHaveBeenCalled();
    // Enter in the code field submits (the form's checks speak).
    await user.type(codeInput(), '123456{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('请先阅读并勾选同意《通盈达隐私政策》和《通盈达用户服务协议》');
  });

  it('406 human check: solves the proof of work (lazily loaded solver) and sends again with it', async () => {
    const user = userEvent.setup();
    const solution = { counter: 7, derivedKey: '00aa', time: 12 };
    altcha.solveChallenge.mockResolvedValue(solution);
    answer({
      '/v1/user/sms-send-v1': [
        {
          code: '406',
          subcode: '4207',
          msg: '操作过于频繁，请稍后再试',
          submsg: '请完成安全验证后重试',
          data: { reason: 'human-check', challenge: CHALLENGE },
        },
        SENT,
      ],
    });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.click(consent());
    await user.click(getCode());
    await vi.waitFor(() => expect(getCode().textContent).toBe('60秒后重发'));
    expect(altcha.solveChallenge).toHaveBeenCalledWith(expect.objectContaining({ challenge: CHALLENGE }));
    expect(sent('/v1/user/sms-send-v1')).toEqual([
      { phone: '13812345678', purpose: 'login' },
      { phone: '13812345678', purpose: 'login', proofOfWork: { challenge: CHALLENGE, solution } },
    ]);
  });

  it('any other answer is an info toast with submsg, else msg, and no countdown (SPEC §7)', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/sms-send-v1': { code: '429', subcode: '4205', msg: '请求过于频繁，请稍后重试', submsg: '今日获取验证码次数已达上限，请明天再试' } });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.click(consent());
    await user.click(getCode());
    expect(screen.getByText('今日获取验证码次数已达上限，请明天再试').closest('[role="status"]')).toBeTruthy();
    expect(getCode().textContent).toBe('获取验证码');
  });

  it('logs in: session stored (SPEC §4), agreement version sent, then the safe returnUrl', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': LOGGED_IN });
    await openLogin(`?returnUrl=${encodeURIComponent('/discover/notice?id=7')}`);
    await vi.waitFor(() => expect(screen.getByRole('link', { name: '《通盈达隐私政策》' })).toBeTruthy());
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(sent('/v1/user/user-login-v1')).toEqual([{ phone: '13812345678', smsCode: '123456', agreementVersion: POLICY.version }]);
    expect(sessionStore.get()).toMatchObject({ accessToken: 'A'.repeat(43), phone: '138****5678', loginPhone: '13812345678' });
    expect(localStorage.getItem('accessToken')).toBe('A'.repeat(43));
    expect(document.cookie).toContain(`x-access-token=${'A'.repeat(43)}`);
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/discover/notice?id=7'));
  });

  it('a visitor who left /login while the login was on its way stays where they went, logged in', async () => {
    const user = userEvent.setup();
    let release: (answer: ApiResponse) => void = () => {};
    api.request.mockImplementation((path: string) =>
      path === '/v1/user/user-login-v1' ? new Promise<ApiResponse>((resolve) => (release = resolve)) : Promise.reject(new Error(`unexpected call ${path}`)),
    );
    await openLogin('?returnUrl=%2Fnfc');
    await vi.waitFor(() => expect(screen.getByRole('link', { name: '《通盈达隐私政策》' })).toBeTruthy());
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(sent('/v1/user/user-login-v1')).toHaveLength(1));
    await act(() => router.navigate('/discover/notice?id=7'));
    await act(async () => release(LOGGED_IN));
    await vi.waitFor(() => expect(sessionStore.get().accessToken).toBe('A'.repeat(43)));
    // Time for a navigation the page might have started to land.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.current?.fullPath).toBe('/discover/notice?id=7');
  });

  it.each([
    ['7k3m-9qxr', '7K3M9QXR'],
    ['7K3M9QXO', '7K3M9QX0'],
    ['7K3M9QX', undefined],
    ['7K3M9QXU', undefined],
    ['<script>', undefined],
  ])('inviteCode %j is sent as %j (protocol reading; a malformed one is left out)', async (param, expected) => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': LOGGED_IN });
    await openLogin(`?inviteCode=${encodeURIComponent(param)}`);
    await vi.waitFor(() => expect(screen.getByRole('link', { name: '《通盈达隐私政策》' })).toBeTruthy());
    // The invited visitor finds the link's code in the 邀请码 field, locked; a malformed one is not shown.
    if (expected) {
      expect(inviteInput().value).toBe(expected);
      expect(inviteInput().readOnly).toBe(true);
      expect(screen.getByText('来自好友的邀请链接，新用户注册时自动填写')).toBeTruthy();
    } else {
      expect(screen.queryByLabelText(/邀请码/)).toBeNull();
      expect(screen.getByRole('button', { name: '有邀请码？填写邀请码' }).getAttribute('aria-expanded')).toBe('false');
    }
    expect(document.body.textContent).not.toContain('<script>');
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    const base = { phone: '13812345678', smsCode: '123456', agreementVersion: POLICY.version };
    await vi.waitFor(() => expect(sent('/v1/user/user-login-v1')).toEqual([expected ? { ...base, inviteCode: expected } : base]));
  });

  it('an invite link lands on who invited the visitor and what both get, with the code filled in below', async () => {
    await openLogin(`?inviteCode=7k3m-9qxr&pageTitle=${encodeURIComponent('好友邀请您加入通盈达')}`);
    const landing = await screen.findByRole('region', { name: '138****5678 邀请您加入通盈达' });
    expect(landing.textContent).toContain('注册并完成实名认证后，可领新人礼：100积分、7天免息券');
    expect(landing.textContent).toContain('您完成实名认证后，邀请人得50积分');
    // Asked without a session, with the code as the protocol reads it.
    expect(api.call).toHaveBeenCalledWith('/v1/user/verify-invite-code', { inviteCode: '7K3M9QXR' }, expect.objectContaining({ toastErrors: false }));
    // Then the form, the code in it, locked.
    expect(inviteInput().value).toBe('7K3M9QXR');
    expect(inviteInput().readOnly).toBe(true);
    expect(landing.compareDocumentPosition(phoneInput()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a code the server does not know names nobody: no landing, the form as it is', async () => {
    api.call.mockImplementation(async (path: string) => {
      if (path === '/v1/user/verify-invite-code')
        throw new ApiCodeError({ code: '400', subcode: '4211', msg: '请求参数错误', submsg: '邀请码无效，请核对后重试' });
      return CALLS[path] ?? POLICY;
    });
    await openLogin('?inviteCode=7K3M9QXR');
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledWith('/v1/user/verify-invite-code', expect.anything(), expect.anything()));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /邀请您加入通盈达/ })).toBeNull());
    expect(inviteInput().value).toBe('7K3M9QXR');
  });

  it('without an invite link there is no landing and nothing is asked about invitations', async () => {
    await openLogin();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: '《通盈达隐私政策》' })).toBeTruthy());
    expect(screen.queryByRole('region', { name: /邀请您加入通盈达/ })).toBeNull();
    expect(api.call.mock.calls.map(([path]) => path)).not.toContain('/v1/user/verify-invite-code');
  });

  it("a typed 邀请码 is read as a link's is and sent; a malformed one is said at its field, nothing sent", async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': LOGGED_IN });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: '有邀请码？填写邀请码' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(inviteInput()));
    expect(screen.getByText('仅新用户注册时使用，已注册的账号不受影响')).toBeTruthy();
    await user.type(inviteInput(), '7k3m-9qx');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('邀请码为8位字母或数字，请核对');
    expect(inviteInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(inviteInput());
    expect(sent('/v1/user/user-login-v1')).toEqual([]);
    await user.type(inviteInput(), 'r');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() =>
      expect(sent('/v1/user/user-login-v1')).toEqual([{ phone: '13812345678', smsCode: '123456', agreementVersion: POLICY.version, inviteCode: '7K3M9QXR' }]),
    );
  });

  it.each([
    ['4211', '邀请码无效，请核对后重试'],
    ['4212', '不能填写自己的邀请码'],
  ])('the server refuses the code (%s): said at the 邀请码 field, which a link had locked and now opens for correction', async (subcode, text) => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': [{ code: '400', subcode, msg: '请求参数错误', submsg: text }, LOGGED_IN] });
    await openLogin('?inviteCode=7K3M9QXR');
    expect(inviteInput().readOnly).toBe(true);
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    expect(inviteInput().readOnly).toBe(false);
    expect(document.activeElement).toBe(inviteInput());
    // Cleared, the login goes on without one.
    await user.clear(inviteInput());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(sent('/v1/user/user-login-v1')).toHaveLength(2));
    expect(sent('/v1/user/user-login-v1')[1]).toEqual({ phone: '13812345678', smsCode: '123456', agreementVersion: POLICY.version });
  });

  it.each(['//evil.com', '/\\evil.com', 'javascript:alert(1)', 'https://evil.com/x', '%2F%2Fevil.com'])(
    'a hostile returnUrl %j is ignored: the hub opens',
    async (returnUrl) => {
      const user = userEvent.setup();
      answer({ '/v1/user/user-login-v1': LOGGED_IN });
      await openLogin(`?returnUrl=${encodeURIComponent(returnUrl)}`);
      await user.type(phoneInput(), '13812345678');
      await user.type(codeInput(), '123456');
      await user.click(consent());
      await user.click(screen.getByRole('button', { name: '登录' }));
      await vi.waitFor(() => expect(router.current?.fullPath).toBe('/'));
    },
  );

  it('a wrong code is said at the code field; the session is cleared (SPEC §4)', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': { code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入', data: { attemptsLeft: 4 } } });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '000000');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('验证码错误，请重新输入');
    expect(codeInput().getAttribute('aria-describedby')).toBe(alert.id);
    expect(sessionStore.get().accessToken).toBeNull();
    expect(router.current?.path).toBe('/login');
  });

  it('a frozen account (4218): said above 登录 until the number changes, not as a toast', async () => {
    const user = userEvent.setup();
    const frozen = '该账号已被冻结，暂时无法登录，如有疑问请联系客服';
    answer({ '/v1/user/user-login-v1': { code: '403', subcode: '4218', msg: '无权访问', submsg: frozen } });
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe(frozen);
    expect(document.querySelector('.toast--fail')).toBeNull();
    expect(sessionStore.get().accessToken).toBeNull();
    await user.type(phoneInput(), '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an outdated agreement (4210): consent is asked again with the current documents', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': { code: '409', subcode: '4210', msg: '请求冲突，请刷新后重试', submsg: '请阅读并同意最新的用户协议和隐私政策' } });
    await openLogin();
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledTimes(1));
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请阅读并同意最新的用户协议和隐私政策');
    expect((consent() as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(consent());
    await vi.waitFor(() => expect(api.call).toHaveBeenCalledTimes(2));
  });

  it('phone field: Backspace after a space deletes the digit before it; a pasted +86 prefix is dropped', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneInput(), '1381');
    expect(phoneInput().value).toBe('138 1');
    await user.type(phoneInput(), '{Backspace}{Backspace}');
    expect(phoneInput().value).toBe('13');
    await user.clear(phoneInput());
    await user.click(phoneInput());
    await user.paste('+86 138-1234-5678');
    expect(phoneInput().value).toBe('138 1234 5678');
  });

  it('登录 acts once per press: a double click sends one login, and the session it opened stays (SPEC §4)', async () => {
    const user = userEvent.setup();
    let answerLogin: (response: ApiResponse) => void = () => {};
    api.request.mockImplementation((path: string) => {
      if (path !== '/v1/user/user-login-v1') throw new Error(`unexpected call ${path}`);
      // The first press's login is in flight until answered below; a second one would be answered the
      // way the server answers a spent code, and clear the session.
      if (sent(path).length > 1) return Promise.resolve({ code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入' });
      return new Promise<ApiResponse>((resolve) => (answerLogin = resolve));
    });
    await openLogin('?returnUrl=%2Fnfc');
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.dblClick(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('button', { name: '登录' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => answerLogin(LOGGED_IN));
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/nfc'));
    expect(sent('/v1/user/user-login-v1')).toHaveLength(1);
    expect(sessionStore.get().accessToken).toBe('A'.repeat(43));
    // And what follows the press on the next page is swallowed, from the time of the press.
    expect(followUps.swallowFollowUpPresses).toHaveBeenCalledTimes(1);
  });

  it('after a login, a press that reaches the form again sends nothing', async () => {
    const user = userEvent.setup();
    answer({ '/v1/user/user-login-v1': [LOGGED_IN, { code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入' }] });
    // The page keeps the form (the parent decides what replaces it): the form itself refuses to log in twice.
    render(
      <RouterContext value={createRouter()}>
        <LoginForm links={null} agreementVersion={POLICY.version} onAgreementOutdated={() => {}} onLoggedIn={() => {}} />
      </RouterContext>,
    );
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(sessionStore.get().accessToken).toBe('A'.repeat(43)));
    await user.type(codeInput(), '{Enter}');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(sent('/v1/user/user-login-v1')).toHaveLength(1);
    expect(sessionStore.get().accessToken).toBe('A'.repeat(43));
  });

  it('checks the code before calling: 6 digits', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.type(phoneInput(), '13812345678');
    await user.type(codeInput(), '1234');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入6位数字验证码');
    expect(api.request).not.toHaveBeenCalled();
  });
});

describe('/login agreement links', () => {
  it('names the documents at once, and links them from the `agreement` parameter', async () => {
    const agreement = JSON.stringify([
      { title: '隐私政策', url: '/legal/privacy?v=9' },
      { title: '服务协议', url: '/legal/agreement?v=9' },
    ]);
    api.call.mockReturnValue(new Promise(() => {}));
    await openLogin(`?agreement=${encodeURIComponent(agreement)}`);
    expect(consent().getAttribute('aria-label')).toBe('我已阅读并同意《隐私政策》和《服务协议》');
    const row = consent().closest('.consent') as HTMLElement;
    expect((await within(row).findByRole('link', { name: '《隐私政策》' })).getAttribute('href')).toBe('/legal/privacy?v=9');
    expect(within(row).getByRole('link', { name: '《服务协议》' }).getAttribute('href')).toBe('/legal/agreement?v=9');
  });

  it.each([
    ['malformed JSON', '[{"title":"隐私政策"'],
    [
      'a foreign link',
      JSON.stringify([
        { title: '隐私政策', url: 'https://evil.com/p' },
        { title: '服务协议', url: '/a' },
      ]),
    ],
  ])('%s: falls back to the server’s current links (privacy-policy)', async (_label, agreement) => {
    await openLogin(`?agreement=${encodeURIComponent(agreement)}`);
    const link = await screen.findByRole('link', { name: '《通盈达隐私政策》' });
    expect(link.getAttribute('href')).toBe('/legal/privacy');
    expect(screen.getByRole('link', { name: '《通盈达用户服务协议》' }).getAttribute('href')).toBe('/legal/agreement');
    expect(api.call).toHaveBeenCalledWith('/v1/user/privacy-policy', {}, expect.anything());
  });
});

describe('/login after the session ended (SPEC §4 code 401)', () => {
  it('says the login has expired, with no countdown beside the empty number; a login ends the notice', async () => {
    const user = userEvent.setup();
    // A code was asked for at the last login, less than a minute ago.
    localStorage.setItem('tyd.smsCooldown.login', JSON.stringify({ until: Date.now() + 37_000, phone: '138****5678' }));
    startSession({ accessToken: 'B'.repeat(43), phone: '13812345678' });
    clearSession({ ended: true });
    answer({ '/v1/user/user-login-v1': LOGGED_IN });
    await openLogin('?returnUrl=%2F');
    expect(screen.getByRole('note').textContent).toBe('登录已失效，请重新登录');
    expect(phoneInput().value).toBe('');
    expect(getCode().textContent).toBe('获取验证码');
    await user.type(phoneInput(), '13812345678');
    expect(getCode().textContent).toMatch(/^\d+秒后重发$/);
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(sessionStore.get().accessToken).toBe('A'.repeat(43)));
    expect(sessionStore.get().ended).toBe(false);
  });

  it('a stored session that check-login refuses (401) shows the form with the notice', async () => {
    startSession({ accessToken: 'B'.repeat(43), phone: '13812345678' });
    answer({ '/v1/user/check-login': { code: '401', msg: '登录已失效，请重新登录' } });
    await openLogin();
    expect((await screen.findByRole('note')).textContent).toBe('登录已失效，请重新登录');
    expect(phoneInput()).toBeTruthy();
    expect(sessionStore.get()).toMatchObject({ accessToken: null, ended: true });
  });

  it('a session ended from another device (401/4012) says so, not that the login expired', async () => {
    startSession({ accessToken: 'B'.repeat(43), phone: '13812345678' });
    answer({
      '/v1/user/check-login': { code: '401', subcode: '4012', msg: '登录已失效，请重新登录', submsg: '已在其他设备上将本设备下线，请重新登录' },
    });
    await openLogin();
    expect((await screen.findByRole('note')).textContent).toBe('已在其他设备上将本设备下线，请重新登录');
    expect(sessionStore.get()).toMatchObject({ accessToken: null, ended: true, signedOutElsewhere: true });
  });

  it('a plain logout says nothing of the kind', async () => {
    startSession({ accessToken: 'B'.repeat(43), phone: '13812345678' });
    clearSession();
    await openLogin();
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('/login when already logged in', () => {
  it('says so, goes on to returnUrl, or logs out to use another number', async () => {
    const user = userEvent.setup();
    startSession({ accessToken: 'B'.repeat(43), phone: '13812345678' });
    answer({
      '/v1/user/check-login': { code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } },
      '/v1/user/logout': { code: '200', msg: '成功' },
    });
    await openLogin('?returnUrl=%2Fnfc');
    expect(await screen.findByText('您已登录：138****5678')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '退出登录，使用其他手机号' }));
    expect(sent('/v1/user/logout')).toHaveLength(1);
    expect(api.request).toHaveBeenCalledWith('/v1/user/logout', {}, expect.objectContaining({ loading: '退出中…' }));
    expect(sessionStore.get().accessToken).toBeNull();
    expect(phoneInput()).toBeTruthy();
  });
});
