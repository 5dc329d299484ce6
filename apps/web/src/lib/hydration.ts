// The first screen of a page load is HTML prerendered at build time for a first visitor (no session,
// no user agent, no server configuration; docs/architecture.md "Delivery"), which React then hydrates.
// While it does, every component must render exactly that HTML, or React throws the markup away and
// renders again (a hydration mismatch). Facts only the browser knows come in right after, through these
// hooks: React renders the `getServerSnapshot` value at build time and while hydrating, then the real one.
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
