// The SMS code hook shared by every code form, against a mocked API client.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import { dismissToast, notifyStore } from './notify';
import { smsNoticeText, useSmsCode, waitText } from './use-sms-code';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('./api-client', async () => (await import('../test/api-answers')).checkedClient(api));

const SENT: ApiResponse = { code: '200', msg: '成功', data: { cooldownSeconds: 60, expiresInSeconds: 300 } };

beforeEach(() => {
  localStorage.clear();
  api.request.mockReset();
});
afterEach(() => act(() => dismissToast()));

describe('useSmsCode', () => {
  it('two sends in the same frame make one request (the button is not yet busy for the second)', async () => {
    let answer: (value: ApiResponse) => void = () => {};
    api.request.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useSmsCode({ purpose: 'bind-card' }));
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.send();
      second = result.current.send();
    });
    await vi.waitFor(() => expect(api.request).toHaveBeenCalledTimes(1));
    expect(result.current.busy).toBe(true);
    // The answer and what the send does with it, within act: the hook's state is rendered by its end.
    await act(async () => {
      answer(SENT);
      await first;
    });
    expect(await second).toBeUndefined();
    expect(await first).toMatchObject({ status: 'counting', sent: true });
    expect(api.request).toHaveBeenCalledWith('/v1/user/sms-send-v1', { purpose: 'bind-card' }, expect.anything());
    expect(result.current).toMatchObject({ busy: false, sentBefore: true, secondsLeft: 60, notice: { kind: 'sent' } });
  });

  it('sends the number only when there is one (change-phone to a new number)', async () => {
    api.request.mockResolvedValue(SENT);
    const { result } = renderHook(() => useSmsCode({ purpose: 'change-phone', phone: '13900001111' }));
    await act(() => result.current.send());
    expect(api.request).toHaveBeenCalledWith('/v1/user/sms-send-v1', { purpose: 'change-phone', phone: '13900001111' }, expect.anything());
    expect(smsNoticeText(result.current.notice!, 60)).toBe('验证码已发送至 139****1111，5分钟内有效；如未收到，可在60秒后重新获取');
  });

  it('a call that cannot run (its chunk or the network failed) is said once, and the form is usable again', async () => {
    api.request.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const { result } = renderHook(() => useSmsCode({ purpose: 'deregister' }));
    let outcome: unknown = 'not run';
    await act(async () => {
      outcome = await result.current.send();
    });
    expect(outcome).toBeUndefined();
    expect(notifyStore.get().toast).toMatchObject({ text: '网络连接异常，请稍后重试', kind: 'fail' });
    expect(result.current).toMatchObject({ busy: false, secondsLeft: 0, sentBefore: false, notice: null });
  });

  it('checks the typed code and clears its error when it is edited', () => {
    const { result } = renderHook(() => useSmsCode({ purpose: 'verify-phone' }));
    act(() => void result.current.checkCode());
    expect(result.current.error).toBe('请输入验证码');
    act(() => result.current.setCode('12'));
    expect(result.current.error).toBeUndefined();
    act(() => void result.current.checkCode());
    expect(result.current.error).toBe('请输入6位数字验证码');
  });
});

describe('smsNoticeText (docs/api.md "The web\'s SMS code forms")', () => {
  it('says a code was sent only when it was, and when another may be asked for', () => {
    expect(smsNoticeText({ kind: 'sent', phone: undefined, expiresInSeconds: 300 }, 42)).toBe('验证码已发送，5分钟内有效；如未收到，可在42秒后重新获取');
    expect(smsNoticeText({ kind: 'sent', phone: undefined, expiresInSeconds: undefined }, 0)).toBe('验证码已发送；如未收到，可重新获取');
    expect(smsNoticeText({ kind: 'not-sent', phone: '13812345678' }, 9)).toBe('验证码未发送：该手机号刚获取过验证码，请9秒后重新获取');
    // The strangers' back-off (up to an hour) reads in minutes.
    expect(smsNoticeText({ kind: 'not-sent', phone: '13812345678' }, 1_799)).toBe('验证码未发送：该手机号获取验证码过于频繁，请30分钟后重新获取');
    expect(smsNoticeText({ kind: 'sent', phone: undefined, expiresInSeconds: 300 }, 240)).toBe('验证码已发送，5分钟内有效；如未收到，可在4分钟后重新获取');
  });

  it('says a wait in seconds up to two minutes, then in whole minutes', () => {
    expect([1, 60, 120, 121, 3_600].map(waitText)).toEqual(['1秒', '60秒', '120秒', '3分钟', '60分钟']);
  });
});
