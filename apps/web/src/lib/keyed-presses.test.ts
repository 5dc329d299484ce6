// The idempotency keys of a button that acts once per press (抽奖, 兑换): a new key per press, the same key
// when a press whose answer was lost is sent again, and a double tap ignored; the button's side of it.
import { act, renderHook } from '@testing-library/react';
import type { ApiResponse } from '@tyd/protocol/wire';
import { describe, expect, it, vi } from 'vitest';
import { ApiCodeError, TransportError } from './api-errors';
import { createKeyedPresses, newIdempotencyKey, useKeyedPress } from './keyed-presses';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('./notify', () => ({ toast: toastMock }));

const OK = { code: '200', msg: '成功', data: {} };

function keys() {
  let n = 0;
  return () => `press-key-${String(++n).padStart(6, '0')}`;
}

describe('createKeyedPresses', () => {
  it('draws every press under a new key', async () => {
    const send = vi.fn().mockResolvedValue(OK);
    const presses = createKeyedPresses(send, keys());
    await presses.press();
    await presses.press();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['press-key-000001', 'press-key-000002']);
  });

  it('resends a press whose answer was lost under the same key, then draws anew', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new TransportError('timeout', '网络超时，请稍后重试'))
      .mockRejectedValueOnce(new TransportError('http', '服务器繁忙，请稍后重试', 502))
      .mockResolvedValue(OK);
    const presses = createKeyedPresses(send, keys());
    await expect(presses.press()).rejects.toBeInstanceOf(TransportError);
    expect(presses.unresolved).toBe(true);
    await expect(presses.press()).rejects.toBeInstanceOf(TransportError);
    await presses.press();
    expect(presses.unresolved).toBe(false);
    await presses.press();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['press-key-000001', 'press-key-000001', 'press-key-000001', 'press-key-000002']);
  });

  it('a refusal is an answer: the next press is a new draw', async () => {
    const send = vi
      .fn()
      .mockResolvedValueOnce({ code: '429', subcode: '4802', msg: '请求过于频繁', submsg: '今日抽奖次数已用完，请明天再来' })
      .mockResolvedValue(OK);
    const presses = createKeyedPresses(send, keys());
    await presses.press();
    expect(presses.unresolved).toBe(false);
    await presses.press();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['press-key-000001', 'press-key-000002']);
  });

  it('an error that is not a lost answer settles the press', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiCodeError({ code: '500', msg: '服务器繁忙' }))
      .mockResolvedValue(OK);
    const presses = createKeyedPresses(send, keys());
    await expect(presses.press()).rejects.toBeInstanceOf(ApiCodeError);
    await presses.press();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['press-key-000001', 'press-key-000002']);
  });

  it('ignores a press while one is in flight (a double tap)', async () => {
    let answer: (value: typeof OK) => void = () => {};
    const send = vi.fn(() => new Promise<typeof OK>((resolve) => (answer = resolve)));
    const presses = createKeyedPresses(send, keys());
    const first = presses.press();
    expect(presses.inFlight).toBe(true);
    expect(await presses.press()).toBeNull();
    answer(OK);
    expect(await first).toBe(OK);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('newIdempotencyKey', () => {
  it('is 16 random bytes as base64url, what the endpoint accepts, and differs every time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b).not.toBe(a);
  });
});

describe('useKeyedPress', () => {
  it('is busy while a press is in flight, ignores a second one, and says when an answer was lost until a resend gets one', async () => {
    const sends: Array<{ key: string; settle: (answer: ApiResponse<string> | Error) => void }> = [];
    const presses = createKeyedPresses<string>(
      (key) => new Promise((resolve, reject) => sends.push({ key, settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)) })),
    );
    const onAnswer = vi.fn();
    const onLost = vi.fn();
    const { result } = renderHook(() => useKeyedPress<string>(onAnswer, { onLost }));
    let first!: Promise<void>;
    act(() => {
      first = result.current.press(presses);
    });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.press(presses));
    expect(sends).toHaveLength(1);
    await act(async () => {
      sends[0]!.settle(new TransportError('timeout', '网络超时，请稍后重试'));
      await first;
    });
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ busy: false, unresolved: true });
    let resend!: Promise<void>;
    act(() => {
      resend = result.current.press(presses);
    });
    expect(sends[1]!.key).toBe(sends[0]!.key);
    await act(async () => {
      sends[1]!.settle({ code: '200', msg: 'ok', data: 'done' } as ApiResponse<string>);
      await resend;
    });
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ data: 'done' }));
    expect(result.current).toMatchObject({ busy: false, unresolved: false });
  });

  it('reports a failure that is not a lost answer, and starts unresolved when told', async () => {
    const presses = createKeyedPresses<string>(() => Promise.reject(new Error('bug')));
    const onLost = vi.fn();
    const { result } = renderHook(() => useKeyedPress<string>(vi.fn(), { onLost, unresolved: true }));
    expect(result.current.unresolved).toBe(true);
    await act(() => result.current.press(presses));
    expect(onLost).not.toHaveBeenCalled();
    expect(toastMock).toHaveBeenCalledWith(expect.any(String), 'fail');
    expect(result.current.unresolved).toBe(false);
  });
});
