// A press that takes the user to another page (登录 going on to returnUrl) must not hand its follow-up
// presses to that page: the second click of a double click, or a second tap 60–120 ms after the first,
// lands wherever the finger is once the new page has replaced the old one, and would open whatever is
// under it (WCAG 3.2.1/3.2.2: no change of context the user did not ask for).
//
// Why time and place, and why this shape: both a follow-up tap and a deliberate one are complete
// down/up/click sequences on the new page; what tells them apart is what tells a double tap from two taps:
// the second comes soon (FOLLOW_UP_MS) and where the first was (FOLLOW_UP_SLOP_PX). So every pointer, mouse
// and click event of that kind is swallowed in the capture phase on window, before any handler of the new
// page (the page's own, on its elements, included) sees it; a gesture whose press began inside the window
// is swallowed to its end (its click and dblclick), so a slow release does not leak a click. A tap elsewhere
// on the new page, or a click from the keyboard, is the person's own and goes through.
// The first gesture that begins after the window ends the guard, untouched. Measuring from the press,
// not from the navigation, keeps it short: a slow answer leaves nothing swallowed (the follow-up taps
// then met the busy button, lib/keyed-presses.ts).
/** The double-click time: Windows' default is 500 ms, Android's double-tap timeout 300 ms. */
export const FOLLOW_UP_MS = 500;
/** Android's double-tap slop (ViewConfiguration, 100 dp): a second tap further away is not part of a double tap. */
export const FOLLOW_UP_SLOP_PX = 100;

const GESTURE_START = new Set(['pointerdown', 'mousedown', 'touchstart']);
const EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'pointerup', 'mouseup', 'touchend', 'click', 'dblclick', 'contextmenu'] as const;

export interface FollowUpOptions {
  /** The clock of `pressedAt` (performance.now(), the time base of Event.timeStamp); injected by tests. */
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where the press was (client coordinates); null (a key press): every follow-up within the time counts. */
  at?: { x: number; y: number } | null;
}

/** Where a pointer, mouse or touch event happened; null for a click from the keyboard (detail 0). */
function pointOf(event: Event): { x: number; y: number } | null {
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) {
    const touch = event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  if (!(event instanceof MouseEvent) || (event.type === 'click' && event.detail === 0)) return null;
  return { x: event.clientX, y: event.clientY };
}

/**
 * Swallows the presses that follow the one made at `pressedAt` (see above). Returns a function that
 * ends the guard at once.
 */
export function swallowFollowUpPresses(pressedAt: number, { now = () => performance.now(), target = window, at = null }: FollowUpOptions = {}): () => void {
  let gestureInside = false;
  const near = (event: Event) => {
    if (!at) return true;
    const point = pointOf(event);
    return point !== null && Math.hypot(point.x - at.x, point.y - at.y) <= FOLLOW_UP_SLOP_PX;
  };
  const stop = () => {
    for (const type of EVENTS) target.removeEventListener(type, swallow, true);
  };
  function swallow(event: Event) {
    const inside = now() - pressedAt < FOLLOW_UP_MS;
    if (GESTURE_START.has(event.type)) {
      if (!inside) return stop();
      // A gesture begun far from the press is the person's own, to its end.
      gestureInside = near(event);
      if (!gestureInside) return;
    } else if (!gestureInside) {
      if (!inside) return stop();
      if (!near(event)) return;
    }
    if (event.cancelable) event.preventDefault();
    event.stopImmediatePropagation();
    // The click of a gesture begun inside the window ends it: nothing after it is a follow-up.
    if (event.type === 'click' && !inside) stop();
  }
  for (const type of EVENTS) target.addEventListener(type, swallow, { capture: true, passive: false });
  return stop;
}
