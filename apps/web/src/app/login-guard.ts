// Pages that need a session (route flag requiresLogin, e.g. /mine/signOff): a logged-out visitor is
// sent to log in (SPEC §2 "navigation guards may ... redirect"; SPEC §4: logged in = a token is present).
// In a browser that is the web login with returnUrl = the address asked for; inside the app it is the
// app's own login window (app-login.ts), and the navigation stops where it was (or, on a first visit,
// at home) until the app hands over a session. So is a navigation to /login itself inside the app: the
// web form shows there only when the app could not open its own. Whether the token still works is the
// page's first call's business (401 -> login, SPEC §4).
import { clientEnv } from '../lib/env';
import type { Router } from '../lib/router';
import { isLoggedIn } from '../lib/session';
import { loginTarget, loginUrl, signInInApp, webLoginAllowed } from './app-login';
import { LOGIN_PATH, matchRoute } from './route-table';

export function installLoginGuard(router: Router): () => void {
  return router.beforeEach((to, from) => {
    if (to.path === LOGIN_PATH) {
      if (webLoginAllowed()) return undefined;
      // Already signed in inside the app: nothing to log in to; on to where the link was going.
      if (isLoggedIn()) return loginTarget(to.search);
      signInInApp(router, loginTarget(to.search), to.fullPath);
      return from ? false : '/';
    }
    if (!matchRoute(to.path).requiresLogin || isLoggedIn()) return undefined;
    if (!clientEnv().inApp) return loginUrl(to.fullPath);
    signInInApp(router, to.fullPath);
    return from ? false : '/';
  });
}
