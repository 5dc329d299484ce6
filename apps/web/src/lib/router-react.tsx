// React bindings of the router (lib/router.ts): the app provides one router; features and shared
// components read the location and navigate through these hooks, never through window.history.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RouteLocation, Router } from './router';

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside <RouterContext>');
  return router;
}

export function useLocation(): RouteLocation | null {
  const router = useRouter();
  const current = () => router.current;
  // The prerender is rendered with a router at its route, and hydrated once the router is there too (main.tsx).
  return useSyncExternalStore(router.subscribe, current, current);
}

/** Query parameters of the current address. */
export function useSearchParams(): URLSearchParams {
  const location = useLocation();
  return new URLSearchParams(location?.search ?? '');
}
