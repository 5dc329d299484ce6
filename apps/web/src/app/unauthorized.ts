// SPEC §4 code 401: inside the app the app's login window opens (app-session.ts picks up the new
// session when the app returns); otherwise, unless the user is already on the login page, the session
// is cleared and the login page opens with returnUrl = the current address (a same-origin path, so it
// cannot become an open redirect). A shell without a bridge falls back to the web login.
import { CODE_TEXT, SUBCODE } from '@tyd/protocol/wire';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clientEnv } from '../lib/env';
import { toast } from '../lib/notify';
import type { Router } from '../lib/router';
import { clearSession } from '../lib/session';
import { loginUrl, signInInApp } from './app-login';
import { LOGIN_PATH } from './route-table';

export function installUnauthorizedHandler(router: Router): void {
  setUnauthorizedHandler((response) => {
    const current = router.current;
    if (current?.path === LOGIN_PATH) return;
    // The login page says why it opened: 登录已失效，请重新登录 (the 401 text of the code table), or that
    // another device of the account signed this one out (4012, docs/api.md "Account security").
    const signedOutElsewhere = response.subcode === SUBCODE.SIGNED_OUT_ELSEWHERE;
    clearSession({ ended: true, signedOutElsewhere });
    // Inside the app the app's own login opens instead of the web's, which would say why: so the page says
    // it at once, whichever call met it (a list reads its answers quietly).
    if (signedOutElsewhere && clientEnv().inApp) toast(CODE_TEXT[SUBCODE.SIGNED_OUT_ELSEWHERE], 'fail');
    const target = current?.fullPath ?? '/';
    if (clientEnv().inApp) signInInApp(router, target);
    else void router.navigate(loginUrl(target));
  });
}
