// Scroll lock (SPEC §2): while any lock is mounted the page behind does not scroll (dialogs,
// full-screen layers). Counted, so nested locks release only when the last one unmounts; the
// scroll position is kept because iOS Safari ignores overflow:hidden on <body> alone.
import { useLayoutEffect, type ReactNode } from 'react';

let locks = 0;
let savedY = 0;

export function lockScroll(): () => void {
  if (locks === 0) {
    savedY = window.scrollY;
    const body = document.body.style;
    body.position = 'fixed';
    body.top = `-${savedY}px`;
    body.left = '0';
    body.right = '0';
    body.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      const body = document.body.style;
      body.position = body.top = body.left = body.right = body.overflow = '';
      window.scrollTo(0, savedY);
    }
  };
}

export function useScrollLock(active = true): void {
  // Locked before the next paint, so no frame of the overlay scrolls the page under it.
  useLayoutEffect(() => (active ? lockScroll() : undefined), [active]);
}

/** Locks page scroll while mounted (and `active`); renders its children unchanged. */
export function ScrollLock({ active = true, children }: { active?: boolean; children?: ReactNode }) {
  useScrollLock(active);
  return <>{children}</>;
}
