// A press that takes the user to another page (登录 going on to returnUrl) must not hand its follow-up
// presses to that page: the second click of a double click, or a second tap 60–120 ms after the first,
// lands wherever the finger is once the new page has replaced the old one, and would open whatever is
// under it (WCAG 3.2.1/3.2.2: no change of context the user did not ask for).
//
// Why time, and why this shape: nothing else tells a follow-up tap from a deliberate one, since both are
// complete down/up/click sequences on the new page. So every pointer, mouse and click event that arrives
// within FOLLOW_UP_MS of the press is swallowed in the capture phase on window, before any handler of the
// new page (React's included, which listens at its root) sees it; a gesture whose press began inside
// the window is swallowed to its end (its click and dblclick), so a slow release does not leak a click.
// The first gesture that begins after the window ends the guard, untouched. Measuring from the press,
// not from the navigation, keeps it short: a slow answer leaves nothing swallowed (the follow-up taps
// then met the busy button, lib/keyed-presses.ts).
/** The double-click time: Windows' default is 500 ms, Android's double-tap timeout 300 ms. */
export const FOLLOW_UP_MS = 500;

const GESTURE_START = new Set(['pointerdown', 'mousedown', 'touchstart']);
const EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click', 'dblclick', 'contextmenu'] as const;

export interface FollowUpOptions {
  /** The clock of `pressedAt` (performance.now(), the time base of Event.timeStamp); injected by tests. */
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Swallows the presses that follow the one made at `pressedAt` (see above). Returns a function that
 * ends the guard at once.
 */
export function swallowFollowUpPresses(pressedAt: number, { now = () => performance.now(), target = window }: FollowUpOptions = {}): () => void {
  let gestureInside = false;
  const stop = () => {
    for (const type of EVENTS) target.removeEventListener(type, swallow, true);
  };
  function swallow(event: Event) {
    const inside = now() - pressedAt < FOLLOW_UP_MS;
    if (GESTURE_START.has(event.type)) {
      if (!inside) return stop();
      gestureInside = true;
    } else if (!inside && !gestureInside) {
      return stop();
    }
    if (event.cancelable) event.preventDefault();
    event.stopImmediatePropagation();
    // The click of a gesture begun inside the window ends it: nothing after it is a follow-up.
    if (event.type === 'click' && !inside) stop();
  }
  for (const type of EVENTS) target.addEventListener(type, swallow, { capture: true, passive: false });
  return stop;
}
