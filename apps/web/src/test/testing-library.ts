// @testing-library/preact, typed for the app's React-typed JSX (react-on-preact.ts) and unmounting inside
// act() as React's testing library does: Preact, like React, runs an unmounted component's effect
// cleanups after paint, and act() runs them before it returns, so a test that unmounts a page sees its
// subscriptions ended and its timers cleared right away.
import type { ReactNode } from 'react';
import type { ComponentChild } from 'preact';
import {
  act as preactAct,
  cleanup as cleanupOutsideAct,
  render as renderOutsideAct,
  renderHook as renderHookOutsideAct,
  type RenderHookOptions,
  type RenderHookResult,
  type RenderResult,
} from '@testing-library/preact';

export * from '@testing-library/preact';

/** Runs `callback` (awaiting what it returns), then every render and effect it caused. */
export function act(callback: () => unknown): Promise<void> {
  return preactAct(callback as () => void);
}

export function cleanup(): void {
  void act(() => cleanupOutsideAct());
}

export function render(
  ui: ReactNode,
  options?: { container?: HTMLElement },
): Omit<RenderResult, 'rerender' | 'unmount'> & {
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
} {
  const result = renderOutsideAct(ui as ComponentChild, options);
  return { ...result, rerender: (next) => result.rerender(next as ComponentChild), unmount: () => void act(() => result.unmount()) };
}

export function renderHook<Result, Props>(callback: (props: Props) => Result, options?: RenderHookOptions<Props>): RenderHookResult<Result, Props> {
  const result = renderHookOutsideAct(callback, options);
  return { ...result, unmount: () => void act(() => result.unmount()) };
}
