// /mine/phone as a user meets it, against a mocked API client: verify the current phone, then bind the new one.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import { Toaster } from '../../../components/toaster';
import { dismissToast, notifyStore } from '../../../lib/notify';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import ChangePhonePage from './change-phone-page';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const SENT: ApiResponse = { code: '200', msg: '成功', data: { cooldownSeconds: 60, expiresInSeconds: 300 } };
const TICKET = 'T'.repeat(43);
const sent = (path: string) => api.request.mock.calls.filter(([p]) => p === path).map(([, payload]) => payload as unknown);

/** The server: codes are sent, verify-phone gives a ticket, save-phone answers `saveAnswer`. */
function server(saveAnswer: ApiResponse) {
  api.request.mockImplementation(async (path: string) => {
    if (path === '/v1/user/sms-send-v1') return SENT;
    if (path === '/v1/user/verify-phone') return { code: '200', msg: '成功', data: { verifyTicket: TICKET, expiresInSeconds: 300 } };
    if (path === '/v1/user/save-phone') return saveAnswer;
    throw new Error(`unexpected ${path}`);
  });
}

let router: Router;
async function openPage() {
  window.history.replaceState(null, '', '/mine/phone');
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <ChangePhonePage />
      <Toaster />
    </RouterContext>,
  );
}

async function verifyCurrentPhone(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: '60秒后重发' });
  await user.type(screen.getByLabelText('验证码'), '123456');
  await user.click(screen.getByRole('button', { name: '下一步' }));
  await screen.findByRole('heading', { name: /绑定新手机号/ });
}

async function bindNewPhone(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(screen.getByLabelText('新手机号'), phone);
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
  await screen.findByRole('button', { name: '60秒后重发' });
  await user.type(screen.getByLabelText('验证码'), '654321');
  await user.click(screen.getByRole('button', { name: '确认更换' }));
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
  startSession({ accessToken: 'tok', phone: '13812345678' });
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  router?.destroy();
  act(() => dismissToast());
});

describe('/mine/phone', () => {
  it('verifies the current phone, binds the new one, stores it masked, says so and returns to 我的', async () => {
    const user = userEvent.setup();
    server({ code: '200', msg: '成功', data: { phone: '139****0000' } });
    await openPage();
    expect(screen.getByText('138****5678').closest('p')?.textContent).toBe('验证码将发送至 138****5678，用于确认是您本人操作。');
    await verifyCurrentPhone(user);
    expect(sent('/v1/user/sms-send-v1')).toEqual([{ purpose: 'verify-phone' }]);
    expect(sent('/v1/user/verify-phone')).toEqual([{ smsCode: '123456' }]);
    await bindNewPhone(user, '13900000000');
    expect(sent('/v1/user/sms-send-v1')[1]).toEqual({ purpose: 'change-phone', phone: '13900000000' });
    expect(sent('/v1/user/save-phone')).toEqual([{ phone: '13900000000', smsCode: '654321', verifyTicket: TICKET }]);
    await vi.waitFor(() => expect(router.current?.path).toBe('/mine'));
    expect(sessionStore.get().phone).toBe('139****0000');
    expect(sessionStore.get().accessToken).toBe('tok');
    expect(notifyStore.get().toast?.text).toBe('手机号已更换');
  });

  it('asks for a valid new number before sending it a code', async () => {
    const user = userEvent.setup();
    server(SENT);
    await openPage();
    await verifyCurrentPhone(user);
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入新手机号')).toBeTruthy();
    await user.type(screen.getByLabelText('新手机号'), '12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(sent('/v1/user/sms-send-v1')).toHaveLength(1);
  });

  it('a number of another account is said at the number; nothing changes', async () => {
    const user = userEvent.setup();
    server({ code: '409', subcode: '4216', msg: '请求冲突', submsg: '该手机号已绑定其他账号' });
    await openPage();
    await verifyCurrentPhone(user);
    await bindNewPhone(user, '13900000001');
    expect(await screen.findByText('该手机号已绑定其他账号')).toBeTruthy();
    expect(screen.getByLabelText('新手机号').getAttribute('aria-invalid')).toBe('true');
    expect(sessionStore.get().phone).toBe('138****5678');
    expect(router.current?.path).toBe('/mine/phone');
  });

  it('an expired verification sends the user back to step 1 with a clear word', async () => {
    const user = userEvent.setup();
    server({ code: '400', subcode: '4217', msg: '请求无效', submsg: '身份验证已失效，请重新验证' });
    await openPage();
    await verifyCurrentPhone(user);
    await bindNewPhone(user, '13900000002');
    expect((await screen.findByRole('alert')).textContent).toBe('验证已超时，请重新验证当前手机号');
    expect(screen.getByRole('heading', { name: /验证当前手机号/ })).toBeTruthy();
  });

  it('a wrong code at step 1 is said under the code field and keeps the user there', async () => {
    const user = userEvent.setup();
    api.request.mockImplementation(async (path: string) =>
      path === '/v1/user/sms-send-v1' ? SENT : { code: '400', subcode: '4202', msg: '请求无效', submsg: '验证码错误，请重新输入' },
    );
    await openPage();
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await user.type(screen.getByLabelText('验证码'), '000000');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('验证码错误，请重新输入')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /绑定新手机号/ })).toBeNull();
  });
});
