// /others/tydPreJump as a user meets it, against a mocked API client.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransportError } from '../../../lib/api-errors';
import { createRouter, type Router } from '../../../lib/router';
import { RouterContext } from '../../../lib/router-react';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import AuthorizedLoginPage from './authorized-login-page';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

const TOKEN = 'T'.repeat(43);
let codeSeq = 0;
/** A fresh well-formed code per test: the page shares one exchange per code and page life. */
const freshCode = () => `${'c'.repeat(40)}${String(codeSeq++).padStart(3, '0')}`;

let router: Router;
async function openPreJump(search: string) {
  window.history.replaceState(null, '', `/others/tydPreJump${search}`);
  router = createRouter();
  await router.start();
  render(
    <RouterContext value={router}>
      <AuthorizedLoginPage />
    </RouterContext>,
  );
}

beforeEach(() => {
  clearSession();
  api.request.mockReset();
});
afterEach(() => {
  cleanup();
  router?.destroy();
});

describe('/others/tydPreJump', () => {
  it('trades the code for a session once, stores it (SPEC §4) and goes on to the safe returnUrl', async () => {
    const code = freshCode();
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { accessToken: TOKEN, phone: '138****5678' } });
    await openPreJump(`?code=${code}&returnUrl=${encodeURIComponent('/discover/notice?id=3')}`);
    expect(screen.getByRole('status').textContent).toContain('正在登录');
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/discover/notice?id=3'));
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.request).toHaveBeenCalledWith('/v1/user/authorized-login', { authCode: code }, expect.objectContaining({ unauthorized: 'ignore' }));
    expect(sessionStore.get()).toMatchObject({ accessToken: TOKEN, phone: '138****5678' });
  });

  it('a hostile returnUrl is ignored: the hub opens', async () => {
    api.request.mockResolvedValue({ code: '200', msg: '成功', data: { accessToken: TOKEN, phone: '138****5678' } });
    await openPreJump(`?code=${freshCode()}&returnUrl=${encodeURIComponent('//evil.com/x')}`);
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/'));
  });

  it.each([
    ['4214', '授权已过期，请返回重新授权'],
    ['4215', '授权已使用，请返回重新授权'],
    ['4213', '授权无效，请返回重新授权'],
  ])('subcode %s: says so, offers code login back to the target and the hub, and stays put (no loop)', async (subcode, submsg) => {
    startSession({ accessToken: 'other-user', phone: '13900001111' });
    api.request.mockResolvedValue({ code: '403', subcode, msg: '无权访问', submsg });
    await openPreJump(`?code=${freshCode()}&returnUrl=%2Fnfc`);
    expect((await screen.findByRole('alert')).textContent).toBe(submsg);
    expect(screen.getByRole('link', { name: '使用验证码登录' }).getAttribute('href')).toBe('/login?returnUrl=%2Fnfc');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(router.current?.path).toBe('/others/tydPreJump');
    expect(api.request).toHaveBeenCalledTimes(1);
    // The page does not go on under someone else's session (SPEC §4 login failure clears it).
    expect(sessionStore.get().accessToken).toBeNull();
  });

  it('a frozen account (4218): says so and that customer service helps; no code login is offered, it would be refused too', async () => {
    const submsg = '该账号已被冻结，暂时无法登录，如有疑问请联系客服';
    api.request.mockResolvedValue({ code: '403', subcode: '4218', msg: '无权访问', submsg });
    await openPreJump(`?code=${freshCode()}&returnUrl=%2Fnfc`);
    expect((await screen.findByRole('alert')).textContent).toBe(submsg);
    expect(screen.getByText('账号冻结期间无法登录，请联系客服处理。')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '使用验证码登录' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it.each(['', '?code=', '?code=short', `?code=${encodeURIComponent('<script>')}`])('no usable code (%j): says so without calling', async (search) => {
    await openPreJump(search);
    expect(screen.getByRole('alert').textContent).toBe('授权链接无效，请返回重新授权');
    expect(api.request).not.toHaveBeenCalled();
  });

  it('no answer (network): offers a retry, which sends the code again', async () => {
    const user = userEvent.setup();
    api.request
      .mockRejectedValueOnce(new TransportError('network', '网络连接异常，请稍后重试'))
      .mockResolvedValueOnce({ code: '200', msg: '成功', data: { accessToken: TOKEN, phone: '138****5678' } });
    await openPreJump(`?code=${freshCode()}`);
    expect((await screen.findByRole('alert')).textContent).toBe('网络连接异常，请稍后重试');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(router.current?.fullPath).toBe('/'));
    expect(api.request).toHaveBeenCalledTimes(2);
  });
});
