// The idempotency keys of a button that acts once per press (抽奖, 兑换): a new key per press, the same key
// when a press whose answer was lost is sent again, and a double tap ignored.
import { describe, expect, it, vi } from 'vitest';
import { ApiCodeError, TransportError } from './api-errors';
import { createKeyedPresses, newIdempotencyKey } from './keyed-presses';

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
    const send = vi.fn().mockRejectedValueOnce(new TransportError('timeout', '网络超时，请稍后重试')).mockRejectedValueOnce(new TransportError('http', '服务器繁忙，请稍后重试', 502)).mockResolvedValue(OK);
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
    const send = vi.fn().mockResolvedValueOnce({ code: '429', subcode: '4802', msg: '请求过于频繁', submsg: '今日抽奖次数已用完，请明天再来' }).mockResolvedValue(OK);
    const presses = createKeyedPresses(send, keys());
    await presses.press();
    expect(presses.unresolved).toBe(false);
    await presses.press();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['press-key-000001', 'press-key-000002']);
  });

  it('an error that is not a lost answer settles the press', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiCodeError({ code: '500', msg: '服务器繁忙' })).mockResolvedValue(OK);
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
