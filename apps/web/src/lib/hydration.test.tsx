// A button pressed on the prerendered first screen is pressed again once React has hydrated it, once and in
// order, after what was typed (docs/architecture.md "Delivery").
import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput, replayEarlyTaps, takeEarlyTaps } from './hydration';

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

describe('input before hydration (lib/hydration.ts replayEarlyInput, in the first effect as main.tsx calls it)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /** A form of controlled fields; `seen` gets what the page's state holds after each render. */
  function Form({ seen, onMounted }: { seen: (state: { phone: string; agreed: boolean; city: string }) => void; onMounted?: () => void }) {
    const [phone, setPhone] = useState('');
    const [agreed, setAgreed] = useState(false);
    const [city, setCity] = useState('sh');
    // Like a snapshot that differs from the build's: one more render right after hydration.
    const [hydrated, setHydrated] = useState(false);
    useEffect(() => setHydrated(true), []);
    useEffect(() => onMounted?.(), [onMounted]);
    seen({ phone, agreed, city });
    return (
      <form data-hydrated={hydrated}>
        <input aria-label="phone" value={phone} onChange={(event) => setPhone(event.target.value.replace(/\D/g, '').slice(0, 11))} />
        <input aria-label="agreed" type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <select aria-label="city" value={city} onChange={(event) => setCity(event.target.value)}>
          <option value="sh">上海</option>
          <option value="bj">北京</option>
        </select>
      </form>
    );
  }

  async function hydrateAfterInput(replay: boolean) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form seen={() => {}} />);
    document.body.append(container);
    // What a person entered before the scripts ran: only in the DOM.
    container.querySelector<HTMLInputElement>('input[aria-label=phone]')!.value = '13800138000';
    container.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked = true;
    container.querySelector('select')!.value = 'bj';
    let state = { phone: '', agreed: false, city: '' };
    const onMounted = () => replay && replayEarlyInput(container);
    await act(async () => {
      hydrateRoot(container, <Form seen={(seen) => (state = seen)} onMounted={onMounted} />);
    });
    const fields = {
      phone: container.querySelector<HTMLInputElement>('input[aria-label=phone]')!.value,
      agreed: container.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked,
      city: container.querySelector('select')!.value,
    };
    return { state, fields };
  }

  it("the page's state holds what was typed, ticked and chosen, and the fields still show it", async () => {
    const entered = { phone: '13800138000', agreed: true, city: 'bj' };
    expect(await hydrateAfterInput(true)).toEqual({ state: entered, fields: entered });
  });

  it("without it, React's next render empties them (the test can fail)", async () => {
    const { state, fields } = await hydrateAfterInput(false);
    expect(state).toEqual({ phone: '', agreed: false, city: 'sh' });
    expect(fields.phone).toBe('');
    expect(fields.agreed).toBe(false);
  });
});
