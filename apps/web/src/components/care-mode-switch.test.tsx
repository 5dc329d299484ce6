// The 关怀模式 switch as a person meets it (STYLE.md "Tests"): found by its words, says its state in words,
// switches the tokens' class on <html> at once and keeps the choice on this device.
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARE_MODE_KEY, setCareMode } from '../lib/display-settings';
import { CareModeSwitch } from './care-mode-switch';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
});

describe('CareModeSwitch', () => {
  it('off, then on: the class on <html>, the state in words and aria-checked, kept in localStorage', async () => {
    render(<CareModeSwitch hint="字更大" />);
    const toggle = screen.getByRole('switch', { name: /关怀模式/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.textContent).toContain('已关闭');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.textContent).toContain('已开启');
    expect(document.documentElement.classList.contains('care')).toBe(true);
    expect(localStorage.getItem(CARE_MODE_KEY)).toBe('1');
    await userEvent.click(toggle);
    expect(document.documentElement.classList.contains('care')).toBe(false);
    // Off is a choice too: it wins over the app shell's care mode on the next load (docs/bridge.md §4.1).
    expect(localStorage.getItem(CARE_MODE_KEY)).toBe('0');
  });

  it('every switch on the page follows a change made by another (home and 设置 share the state)', async () => {
    render(
      <>
        <CareModeSwitch />
        <CareModeSwitch />
      </>,
    );
    act(() => setCareMode(true));
    for (const toggle of screen.getAllByRole('switch')) expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('hydrates the prerendered (off) markup without a mismatch when care mode is already on, then says on', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CareModeSwitch />);
    document.body.append(container);
    document.documentElement.classList.add('care');
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <CareModeSwitch />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[role=switch]')!.getAttribute('aria-checked')).toBe('true');
    container.remove();
  });
});
