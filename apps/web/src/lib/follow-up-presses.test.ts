// The presses that follow one that changed the page are swallowed for the double-click time, and nothing
// after it: a tap that follows 80 ms later does not reach the new page; one a second later does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_UP_MS, FOLLOW_UP_SLOP_PX, swallowFollowUpPresses } from './follow-up-presses';

let clock = 0;
const now = () => clock;
let stop: (() => void) | undefined;

function pageButton() {
  const button = document.createElement('button');
  const pressed = vi.fn();
  button.addEventListener('click', pressed);
  document.body.append(button);
  return { button, pressed };
}

/** A tap as a browser delivers it at (x, y): pointer, then mouse compatibility events, then click. */
function tap(button: HTMLElement, { releaseAfter = 0, x = 180, y = 400 } = {}) {
  const init = { bubbles: true, cancelable: true, clientX: x, clientY: y, detail: 1 };
  const down = ['pointerdown', 'mousedown'].map((type) => button.dispatchEvent(new MouseEvent(type, init)));
  clock += releaseAfter;
  button.dispatchEvent(new MouseEvent('pointerup', init));
  button.dispatchEvent(new MouseEvent('mouseup', init));
  button.dispatchEvent(new MouseEvent('click', init));
  return down;
}

/** Where the press was. */
const AT = { x: 180, y: 400 };

afterEach(() => {
  stop?.();
  document.body.replaceChildren();
  clock = 0;
});

describe('swallowFollowUpPresses', () => {
  it('a tap 80 ms after the press never reaches the page that replaced the pressed one', () => {
    clock = 1000;
    stop = swallowFollowUpPresses(1000, { now, at: AT });
    const { button, pressed } = pageButton();
    clock += 80;
    // Cancelled: no focus, no text selection, no compatibility mouse events from the tap.
    expect(tap(button)).toEqual([false, false]);
    expect(pressed).not.toHaveBeenCalled();
  });

  it('a gesture begun inside the window is swallowed to its click, even when released after it', () => {
    stop = swallowFollowUpPresses(0, { now, at: AT });
    const { button, pressed } = pageButton();
    clock = FOLLOW_UP_MS - 1;
    tap(button, { releaseAfter: 200 });
    expect(pressed).not.toHaveBeenCalled();
    // That click ended the guard: the next tap is the user's.
    tap(button);
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('a tap after the double-click time is the user’s own: it acts, and the guard is gone', () => {
    stop = swallowFollowUpPresses(0, { now, at: AT });
    const { button, pressed } = pageButton();
    clock = FOLLOW_UP_MS;
    expect(tap(button)).toEqual([true, true]);
    clock = 0;
    tap(button);
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('a tap elsewhere on the new page, even at once, is the person’s own; a second tap near the first is not', () => {
    stop = swallowFollowUpPresses(0, { now, at: AT });
    const { button, pressed } = pageButton();
    clock = 80;
    // Beyond the double-tap slop: a deliberate tap on something else.
    tap(button, { x: AT.x, y: AT.y + FOLLOW_UP_SLOP_PX + 1 });
    expect(pressed).toHaveBeenCalledTimes(1);
    tap(button, { x: AT.x + 30, y: AT.y - 30 });
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('a click from the keyboard is the person’s own; after a key press (no place) every follow-up within the time is swallowed', () => {
    stop = swallowFollowUpPresses(0, { now, at: AT });
    const { button, pressed } = pageButton();
    clock = 80;
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    expect(pressed).toHaveBeenCalledTimes(1);
    stop();
    stop = swallowFollowUpPresses(clock, { now, at: null });
    tap(button, { x: 10, y: 10 });
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('ends at once when asked', () => {
    swallowFollowUpPresses(0, { now, at: AT })();
    const { button, pressed } = pageButton();
    tap(button);
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});
