// Pages that need a session (route flag requiresLogin, e.g. /mine/signOff, issue 5): a logged-out
// visitor is redirected to login with returnUrl = the address asked for, so login leads back there
// (SPEC §2 "navigation guards may ... redirect"; SPEC §4: logged in = a token is present). Whether the
// token still works is the page's first call's business (401 -> login, SPEC §4).
import type { Router } from '../lib/router';
import { isLoggedIn } from '../lib/session';
import { matchRoute } from './route-table';
import { loginUrl } from './unauthorized';

export function installLoginGuard(router: Router): () => void {
  return router.beforeEach((to) => (matchRoute(to.path).requiresLogin && !isLoggedIn() ? loginUrl(to.fullPath) : undefined));
}
