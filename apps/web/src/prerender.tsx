// The build-time prerender (docs/architecture.md "Delivery"): each route's page as a first visitor sees
// it before any script ran, as HTML the server puts into #root and main.tsx hydrates. Rendered by
// scripts/prerender.ts in Node, in a happy-dom window at the route's address with empty storage and no
// server configuration; never part of the browser bundle. What the build cannot know (the session, the
// user agent, the server's configuration) renders in its neutral form (lib/hydration.ts).
import { renderToString } from 'react-dom/server';
import { App } from './app/app';
import { routeTitle } from './app/navigation';
import { loadPage } from './app/page-loader';
import { matchRoute, type RouteDef } from './app/route-table';
import { createRouter, type Router } from './lib/router';
import { clearQueries } from './lib/server-state';
import { renderFirstScreenFor } from './lib/session';
import { DEFAULT_TITLE } from '@tyd/protocol/wire';

/** What the server needs to send a route's first screen (plugins/web-app.ts reads it). */
export interface PrerenderedRoute {
  /** The markup of #root; none for routes whose first screen depends on a session or on stored data. */
  html?: string;
  /**
   * The markup for a browser known to have no session (no session cookie), where it differs from `html`:
   * e.g. home's account card says 登录 / 注册 at once instead of a neutral frame (lib/session.ts).
   */
  visitorHtml?: string;
  /** The document title the navigation sets (SPEC §2). */
  title: string;
  /** Body background (SPEC §2), for the page's first paint. */
  background?: string;
  /** Inside the app the app's bars are hidden on it (docs/bridge.md 3.2). */
  fullScreen?: boolean;
  /** A logged-out visitor is sent to login (app/login-guard.ts). */
  requiresLogin?: boolean;
}

/**
 * Runs `render` with a router started at the window's address, then puts back what a render sets: the
 * session the first screen is for and the query cache (the build renders one route after another).
 */
async function atCurrentAddress<T>(render: (router: Router, route: RouteDef) => Promise<T>): Promise<T> {
  const route = matchRoute(window.location.pathname);
  const router = createRouter(window);
  try {
    await router.start();
    return await render(router, route);
  } finally {
    clearQueries();
    renderFirstScreenFor(false);
    router.destroy();
  }
}

/** Renders the route the window's address names, as the app would on its first render. */
export function prerenderCurrentAddress(): Promise<PrerenderedRoute> {
  return atCurrentAddress(async (router, route) => {
    const meta = {
      title: routeTitle(router.current!) || DEFAULT_TITLE,
      ...(route.background ? { background: route.background } : {}),
      ...(route.fullScreen ? { fullScreen: true } : {}),
    };
    if (route.requiresLogin) return { ...meta, requiresLogin: true };
    await loadPage(route);
    const html = renderToString(<App router={router} />);
    renderFirstScreenFor(true);
    const visitorHtml = renderToString(<App router={router} />);
    return { ...meta, html, ...(visitorHtml !== html && { visitorHtml }) };
  });
}
