// Requesting SMS codes (SPEC §7 getcode) and the resend countdown, against a mocked API client.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '@tyd/protocol/wire';
import { dismissToast, notifyStore } from './notify';
import { getcode, sendSmsCodeWithChecks, withHumanCheck } from './sms-code';
import { cooldownLeftMs, smsCodeProblem, startCooldown } from './sms-cooldown';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('./api-client', async () => (await import('../test/api-answers')).checkedClient(api));
const altcha = vi.hoisted(() => ({ solveChallenge: vi.fn() }));
vi.mock('altcha-lib', () => ({ solveChallenge: altcha.solveChallenge }));
vi.mock('altcha-lib/algorithms/web/pbkdf2', () => ({ deriveKey: vi.fn() }));

const challenge = (nonce: string) => ({
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce, salt: 'cd', cost: 100, keyLength: 32, keyPrefix: '00' },
  signature: 'ef',
});
const humanCheck = (subcode: string, nonce: string): ApiResponse => ({
  code: '406',
  subcode,
  msg: '操作过于频繁，请稍后再试',
  submsg: subcode === '4207' ? '请完成安全验证后重试' : '安全验证未通过，请重试',
  data: { reason: 'human-check', challenge: challenge(nonce) },
});
const SENT: ApiResponse = { code: '200', msg: '成功', data: { cooldownSeconds: 60, expiresInSeconds: 300 } };
const toastText = () => notifyStore.get().toast?.text;

beforeEach(() => {
  localStorage.clear();
  api.request.mockReset();
  altcha.solveChallenge.mockReset();
});
afterEach(() => dismissToast());

describe('getcode (SPEC §7)', () => {
  it('returns 200 and 406 answers without a toast, toasts any other code (submsg, else msg) as info', async () => {
    api.request.mockResolvedValueOnce(SENT);
    expect((await getcode({ phone: '13812345678', purpose: 'login' })).code).toBe('200');
    api.request.mockResolvedValueOnce({ code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 5 } });
    expect((await getcode({ phone: '13812345678', purpose: 'login' })).data).toEqual({ reason: 'cooldown', retryAfterSeconds: 5 });
    expect(toastText()).toBeUndefined();
    api.request.mockResolvedValueOnce({ code: '502', subcode: '4209', msg: '服务暂时不可用，请稍后重试', submsg: '短信发送失败，请稍后重试' });
    expect((await getcode({ phone: '13812345678', purpose: 'login' })).submsg).toBe('短信发送失败，请稍后重试');
    expect(notifyStore.get().toast).toMatchObject({ text: '短信发送失败，请稍后重试', kind: 'info' });
    api.request.mockResolvedValueOnce({ code: '500', msg: '服务器繁忙，请稍后重试' });
    await getcode({ purpose: 'deregister' });
    expect(toastText()).toBe('服务器繁忙，请稍后重试');
    // A user call: the loading toast, in Chinese; the toast is this function's, not the client's.
    expect(api.request).toHaveBeenLastCalledWith('/v1/user/sms-send-v1', { purpose: 'deregister' }, { loading: '发送中…', toastErrors: false });
  });
});

describe('sendSmsCodeWithChecks', () => {
  it('a failed solution (4208) brings a fresh challenge, which is solved and sent with the retry', async () => {
    altcha.solveChallenge.mockImplementation(async ({ challenge: c }) => ({ counter: c.parameters.nonce === 'n1' ? 1 : 2, derivedKey: '00' }));
    api.request.mockResolvedValueOnce(humanCheck('4207', 'n1')).mockResolvedValueOnce(humanCheck('4208', 'n2')).mockResolvedValueOnce(SENT);
    const solving: boolean[] = [];
    const outcome = await sendSmsCodeWithChecks({ phone: '13812345678', purpose: 'login' }, { onSolving: (s) => solving.push(s) });
    expect(outcome).toEqual({ status: 'counting', seconds: 60, sent: true, expiresInSeconds: 300 });
    expect(api.request.mock.calls.map(([, payload]) => (payload as { proofOfWork?: { solution: { counter: number } } }).proofOfWork?.solution.counter)).toEqual(
      [undefined, 1, 2],
    );
    expect(solving).toEqual([true, false, true, false]);
  });

  it('gives up with a message when the solver finds nothing (timeout) or challenges never end', async () => {
    altcha.solveChallenge.mockResolvedValueOnce(null);
    api.request.mockResolvedValue(humanCheck('4207', 'n1'));
    expect(await sendSmsCodeWithChecks({ phone: '13812345678', purpose: 'login' })).toEqual({ status: 'failed' });
    expect(toastText()).toBe('安全验证未完成，请稍后重试');
    expect(api.request).toHaveBeenCalledTimes(1);

    api.request.mockClear();
    altcha.solveChallenge.mockResolvedValue({ counter: 1, derivedKey: '00' });
    expect(await sendSmsCodeWithChecks({ phone: '13812345678', purpose: 'login' })).toEqual({ status: 'failed' });
    expect(api.request).toHaveBeenCalledTimes(4);
  });

  it('passes the human check of any call that sends a code (bind-bankcard): the proof goes with the retry, other answers come back as they are', async () => {
    altcha.solveChallenge.mockResolvedValue({ counter: 7, derivedKey: '00' });
    const bound: ApiResponse = { code: '200', msg: '成功', data: { ticket: 't' } };
    const call = vi.fn().mockResolvedValueOnce(humanCheck('4207', 'n1')).mockResolvedValueOnce(bound);
    expect(await withHumanCheck(call)).toBe(bound);
    expect(call.mock.calls.map(([proof]) => (proof as { solution: { counter: number } } | undefined)?.solution.counter)).toEqual([undefined, 7]);
    const mismatch: ApiResponse = { code: '400', subcode: '4505', msg: '请求参数错误' };
    expect(await withHumanCheck(vi.fn().mockResolvedValue(mismatch))).toBe(mismatch);
    expect(toastText()).toBeUndefined();
  });

  it('406 cooldown: counts down the server’s seconds, nothing sent', async () => {
    api.request.mockResolvedValue({ code: '406', msg: '操作过于频繁，请稍后再试', data: { reason: 'cooldown', retryAfterSeconds: 37 } });
    expect(await sendSmsCodeWithChecks({ phone: '13812345678', purpose: 'login' })).toEqual({ status: 'counting', seconds: 37, sent: false });
  });
});

describe('countdown storage', () => {
  it('keeps the deadline and the masked number, never the number itself', () => {
    startCooldown('login', 60, '13812345678');
    const stored = localStorage.getItem('tyd.smsCooldown.login')!;
    expect(JSON.parse(stored)).toMatchObject({ phone: '138****5678' });
    expect(stored).not.toContain('13812345678');
  });

  it('applies to the same number and to a number still being typed, not to another complete number', () => {
    const now = Date.now();
    startCooldown('login', 60, '13812345678');
    expect(cooldownLeftMs('login', '13812345678', now)).toBeGreaterThan(59_000);
    expect(cooldownLeftMs('login', '1381', now)).toBeGreaterThan(59_000);
    expect(cooldownLeftMs('login', '13900001111', now)).toBe(0);
    expect(cooldownLeftMs('deregister', undefined, now)).toBe(0);
    expect(cooldownLeftMs('login', '13812345678', now + 61_000)).toBe(0);
  });

  it('is not shown beside an empty field, or while another number is being typed', () => {
    const now = Date.now();
    startCooldown('login', 60, '13812345678');
    // A page opened later (a session that ended sends the user to login with an empty field).
    expect(cooldownLeftMs('login', '', now)).toBe(0);
    expect(cooldownLeftMs('login', '139', now)).toBe(0);
    expect(cooldownLeftMs('login', '1381234', now)).toBeGreaterThan(59_000);
    expect(cooldownLeftMs('login', '13812345670', now)).toBe(0);
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('tyd.smsCooldown.login', '{not json');
    expect(cooldownLeftMs('login', undefined)).toBe(0);
  });

  it('says what is wrong with a typed code', () => {
    expect([smsCodeProblem(''), smsCodeProblem('12345'), smsCodeProblem('12345a'), smsCodeProblem('123456')]).toEqual([
      '请输入验证码',
      '请输入6位数字验证码',
      '请输入6位数字验证码',
      undefined,
    ]);
  });
});
