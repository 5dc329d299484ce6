// Pages that need a session (route flag requiresLogin, e.g. /mine/signOff): a logged-out visitor is
// sent to log in (SPEC §2 "navigation guards may ... redirect"; SPEC §4: logged in = a token is present).
// In a browser that is the web login with returnUrl = the address asked for; inside the app it is the
// app's own login window (app-session.ts), and the navigation stops where it was (or, on a first visit,
// at home) until the app hands over a session. Whether the token still works is the page's first
// call's business (401 -> login, SPEC §4).
import { clientEnv } from '../lib/env';
import type { Router } from '../lib/router';
import { isLoggedIn } from '../lib/session';
import { openAppLogin } from './app-session';
import { matchRoute } from './route-table';
import { loginUrl } from './unauthorized';

export function installLoginGuard(router: Router): () => void {
  return router.beforeEach((to, from) => {
    if (!matchRoute(to.path).requiresLogin || isLoggedIn()) return undefined;
    if (!clientEnv().inApp) return loginUrl(to.fullPath);
    openAppLogin(to.fullPath).then(
      (opened) => opened || void router.navigate(loginUrl(to.fullPath)),
      (error: unknown) => {
        console.warn('bridge openWin failed', error);
        void router.navigate(loginUrl(to.fullPath));
      },
    );
    return from ? false : '/';
  });
}
