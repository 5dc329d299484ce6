// Navigation behaviour of SPEC §2, installed on the app's router:
//  - before each navigation: the page performance record (path, start, done=false);
//  - before each navigation: the page chunk loads (so the page, its title and its scroll are
//    ready together), with the offline view and the reload-once recovery of page-loader.ts;
//  - after each navigation: title from the route (login's pageTitle query overrides), else the
//    default; inside the app a page-view is logged and the title sent, except on default-title
//    routes; full-screen routes hide the app's bars; the body background from the route, else reset.
import { analyticsUrl } from '../lib/analytics-url';
import { clientEnv } from '../lib/env';
import { withNative } from '../lib/native';
import { startPagePerf } from '../lib/page-perf';
import { applyTitle } from '../lib/page-title';
import type { RouteLocation, Router } from '../lib/router';
import { ChunkLoadError, loadPage, markPageFailure, recoverFromChunkError } from './page-loader';
import { LOGIN_PATH, matchRoute } from './route-table';

export function routeTitle(location: RouteLocation): string | undefined {
  const route = matchRoute(location.path);
  if (route.path === LOGIN_PATH) {
    const pageTitle = new URLSearchParams(location.search).get('pageTitle');
    if (pageTitle) return pageTitle;
  }
  return route.title;
}

export interface NavigationDeps {
  /** A full page load of `url` (the address the user was going to), fetching a fresh index.html. */
  reload: (url: string) => void;
  /** Called when a page chunk failed twice: the view shows the 500 page for that entry. */
  onChunkFailure: (location: RouteLocation, error: ChunkLoadError) => void;
  /** Whether this site answers at all right now (a reload can only help when it does). */
  serverReachable: () => Promise<boolean>;
}

export function installNavigation(router: Router, deps: NavigationDeps): () => void {
  // Whether the app's status and title bar is hidden now; unknown at a page load (a previous page of the
  // same webview may have hidden it), so the first page says which it wants.
  let barsHidden: boolean | null = null;
  const removers = [
    router.beforeEach((to) => {
      startPagePerf(to.path);
    }),
    router.beforeEach(async (to) => {
      const route = matchRoute(to.path);
      try {
        await loadPage(route);
      } catch (error) {
        if (!(error instanceof ChunkLoadError)) throw error;
        if (!(await deps.serverReachable())) {
          markPageFailure(route, 'offline');
          return;
        }
        if (recoverFromChunkError(() => deps.reload(to.fullPath)) === 'reloading') return false;
        markPageFailure(route, 'failed');
        deps.onChunkFailure(to, error);
      }
    }),
    router.afterEach((to) => {
      const route = matchRoute(to.path);
      const inApp = clientEnv().inApp;
      // Default-title routes set their own title from their content (lib/page-title.ts).
      applyTitle(routeTitle(to), inApp && !route.defaultTitle);
      if (inApp && !route.defaultTitle) {
        // The same scrubbed address as the web's analytics: no one-time or invite codes reach the app.
        const event = { en: 'pageview', purl: analyticsUrl(to.path, to.search), title: document.title, ct: Date.now() };
        withNative('logEvent', (bridge) => bridge.logEvent(event));
      }
      // Full-screen pages draw their own header: inside the app its bars go while they show (docs/bridge.md 3.2).
      const fullScreen = inApp && route.fullScreen === true;
      document.documentElement.classList.toggle('app-full-screen', fullScreen);
      if (inApp && fullScreen !== barsHidden) {
        barsHidden = fullScreen;
        withNative('hiddenStatusBarAndTitleBar', (bridge) => bridge.hiddenStatusBarAndTitleBar(fullScreen));
      }
      if (route.background) document.body.style.setProperty('--route-bg', route.background);
      else document.body.style.removeProperty('--route-bg');
    }),
  ];
  return () => removers.forEach((remove) => remove());
}
