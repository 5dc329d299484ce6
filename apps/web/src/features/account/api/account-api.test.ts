// The account calls of SPEC §7 (signOff, validateSmsCode, savePhone) as the page layer uses them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore, startSession } from '../../../lib/session';
import { signOff } from './cancel-account';
import { savePhone } from './save-phone';
import { validateSmsCode } from './verify-phone';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('../../../lib/api-client', async () => (await import('../../../test/api-answers')).checkedClient(api));

beforeEach(() => {
  clearSession();
  startSession({ accessToken: 'tok', phone: '13812345678' });
  api.request.mockReset();
});

describe('SPEC §7 named account operations (docs/api.md mapping)', () => {
  it('signOff -> cancel: code 200 clears the session (SPEC §4); a refusal keeps it and is not toasted here', async () => {
    api.request.mockResolvedValueOnce({ code: '400', subcode: '4202', msg: '请求参数错误', submsg: '验证码错误，请重新输入' });
    expect((await signOff({ smsCode: '000000' })).subcode).toBe('4202');
    expect(api.request).toHaveBeenLastCalledWith('/v1/user/cancel', { smsCode: '000000' }, expect.objectContaining({ toastErrors: false }));
    expect(sessionStore.get().accessToken).toBe('tok');
    api.request.mockResolvedValueOnce({ code: '200', msg: '成功' });
    await signOff({ smsCode: '123456' });
    expect(sessionStore.get()).toMatchObject({ accessToken: null, phone: null });
  });

  it('validateSmsCode -> verify-phone: a user call whose failures the client toasts (SPEC §7)', async () => {
    const answer = { code: '200', msg: '成功', data: { verifyTicket: 'V'.repeat(43), expiresInSeconds: 600 } };
    api.request.mockResolvedValue(answer);
    expect(await validateSmsCode({ smsCode: '123456' })).toEqual(answer);
    const [path, payload, opts] = api.request.mock.calls[0]!;
    expect([path, payload]).toEqual(['/v1/user/verify-phone', { smsCode: '123456' }]);
    expect(opts).toMatchObject({ loading: true });
    expect(opts).not.toHaveProperty('toastErrors', false);
  });

  it('savePhone -> save-phone: the answer’s phone is stored masked (SPEC §3); a failure changes nothing', async () => {
    api.request.mockResolvedValueOnce({ code: '409', subcode: '4216', msg: '请求冲突，请刷新后重试', submsg: '该手机号已绑定其他账号' });
    await savePhone({ phone: '13900001111', smsCode: '123456', verifyTicket: 'V'.repeat(43) });
    expect(sessionStore.get().phone).toBe('138****5678');
    expect(api.request.mock.calls[0]![2]).not.toHaveProperty('toastErrors', false);
    api.request.mockResolvedValueOnce({ code: '200', msg: '成功', data: { phone: '139****1111' } });
    await savePhone({ phone: '13900001111', smsCode: '123456', verifyTicket: 'V'.repeat(43) });
    expect(sessionStore.get().phone).toBe('139****1111');
    expect(localStorage.getItem('phone')).toBe('139****1111');
  });
});
