// The hooks binding the router (lib/router.ts): the app provides one router; features and shared
// components read the location and navigate through these hooks, never through window.history.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RouteLocation, Router } from './router';

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside <RouterContext>');
  return router;
}

/**
 * The location as the build-time prerender had it: its route's path, with no query or fragment (the server
 * sends a route's one prerender whatever the address's query; lib/hydration.ts). One object per location,
 * as a store's snapshot must be.
 */
const asPrerendered = new WeakMap<RouteLocation, RouteLocation>();
function prerenderedLocation(location: RouteLocation | null): RouteLocation | null {
  if (location === null || (location.search === '' && location.hash === '')) return location;
  let bare = asPrerendered.get(location);
  if (bare === undefined) {
    bare = { ...location, search: '', hash: '', fullPath: location.path };
    asPrerendered.set(location, bare);
  }
  return bare;
}

export function useLocation(): RouteLocation | null {
  const router = useRouter();
  const current = () => router.current;
  // The prerender is rendered with a router at its route, and hydrated once the router is there too
  // (main.tsx): while hydrating, without the query the prerender could not know; then the real one.
  return useSyncExternalStore(router.subscribe, current, () => prerenderedLocation(router.current));
}

/** Query parameters of the current address. */
export function useSearchParams(): URLSearchParams {
  const location = useLocation();
  return new URLSearchParams(location?.search ?? '');
}
