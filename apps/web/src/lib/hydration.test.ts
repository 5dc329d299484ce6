// A button pressed on the prerendered first screen is pressed again once React has hydrated it, once and in
// order, after what was typed (docs/architecture.md "Delivery").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyTaps, takeEarlyTaps } from './hydration';

describe('taps before hydration (index.html records them, lib/hydration.ts presses them again)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
    window.__tydEarlyTaps = undefined;
  });

  function button(name: string, presses: string[], disabled = false): HTMLButtonElement {
    const el = document.createElement('button');
    el.textContent = name;
    el.disabled = disabled;
    el.addEventListener('click', () => presses.push(name));
    document.body.append(el);
    return el;
  }

  it('takes what was recorded and stops the recording', () => {
    const presses: string[] = [];
    window.__tydEarlyTaps = [button('获取验证码', presses)];
    expect(takeEarlyTaps().map((el) => el.textContent)).toEqual(['获取验证码']);
    expect(window.__tydEarlyTaps).toBeUndefined();
    expect(takeEarlyTaps()).toEqual([]);
  });

  it('presses each button once, in order, in a task after the input replay, skipping one gone or disabled', () => {
    vi.useFakeTimers();
    const presses: string[] = [];
    const gone = button('已移除', presses);
    const taps = [button('获取验证码', presses), gone, button('不可用', presses, true), button('登录', presses)];
    gone.remove();
    replayEarlyTaps(taps);
    expect(presses).toEqual([]);
    vi.runAllTimers();
    expect(presses).toEqual(['获取验证码', '登录']);
  });
});
