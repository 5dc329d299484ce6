// The first screen of a page load is HTML prerendered at build time for a first visitor (no session,
// no user agent, no server configuration; docs/architecture.md "Delivery"), which React then hydrates.
// While it does, every component must render exactly that HTML: React repairs text that differs (and
// reports it), but leaves an attribute rendered differently as the server sent it, so src/prerender.test.tsx
// checks every route. Facts only the browser knows come in right after, through these hooks:
// useSyncExternalStore renders the `getServerSnapshot` value at build time and while hydrating, then the
// real one.
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};
const yes = () => true;
const no = () => false;

/**
 * False while the build-time prerender is rendered and while the page hydrates it; true on every other
 * render (always, when the page was not prerendered). Gate what depends on the browser behind it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, yes, no);
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Hands React what a person entered into a prerendered form before it hydrated (docs/architecture.md
 * "Delivery"). The page takes typing, taps and ticks from its first paint; React, hydrating, keeps the
 * field's content and takes it as the field's last known value, but not into the page's state, so the
 * page's next render put its own (empty) value back and a submit sent nothing. Called in the first effect
 * after hydration, before any render it scheduled: every control whose value or tick differs from what was
 * rendered (its default) is set back to that through the element's own setter (React's change tracking
 * then holds the rendered value), given the entered one through the prototype's, and sent the event the
 * browser would have sent (input; a click for a box, change for a select), which reaches the page's
 * onChange as the person's own input would. A control nobody touched is left alone.
 */
export function replayEarlyInput(root: HTMLElement): void {
  for (const control of root.querySelectorAll<FormControl>('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected)) control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      // A radio that is no longer ticked is replayed by the one that now is. Put back, then ticked by a
      // click, so the page sees the tick as it happens (click, then change).
      if (control.checked === control.defaultChecked || (control.type === 'radio' && !control.checked)) continue;
      control.checked = control.defaultChecked;
      control.click();
    } else if (control.value !== control.defaultValue && control.type !== 'file') {
      const entered = control.value;
      control.value = control.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, entered);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

declare global {
  interface Window {
    /** Buttons pressed before the app took the page over, in order; recorded by index.html until taken. */
    __tydEarlyTaps?: HTMLElement[];
  }
}

/**
 * Takes the buttons pressed on the prerendered first screen so far and stops recording (index.html's
 * listener): from here React sees every press itself (one during hydration hydrates its target first).
 */
export function takeEarlyTaps(): HTMLElement[] {
  const taps = window.__tydEarlyTaps ?? [];
  window.__tydEarlyTaps = undefined;
  return taps;
}

/**
 * Presses again, once each and in order, the buttons a person pressed before hydration (index.html kept the
 * browser from acting on them). Called after replayEarlyInput has handed React what was typed, in a task of
 * its own so the page has rendered that input first (获取验证码 then reads the number typed before it). A
 * button that is gone or disabled by now is not pressed: the page has moved on.
 */
export function replayEarlyTaps(taps: readonly HTMLElement[]): void {
  if (taps.length === 0) return;
  setTimeout(() => {
    for (const button of taps) if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
  }, 0);
}
