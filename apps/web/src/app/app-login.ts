// Every way to sign in leads to one login (SPEC §4: inside the app, the native login window opens;
// docs/bridge.md "Login inside the app"): in a browser the web login at /login with returnUrl; inside the
// app the app's login window, whatever sent the person there: a page that needs a session, an answer 401,
// or a link to /login (登录 / 注册 on 首页 and 我的, 返回登录 after a failed authorised login). The web login
// shows inside the app only when the app cannot open its own (a shell without a bridge, or openWin
// refused): then once, for that navigation.
import { clientEnv } from '../lib/env';
import type { Router } from '../lib/router';
import { sameOriginPath } from '../lib/safe-address';
import { openAppLogin } from './app-session';
import { LOGIN_PATH } from './route-table';

export function loginUrl(returnUrl: string): string {
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** Set when the app could not open its login: the next navigation to /login shows the web form. */
let webLoginPass = false;

/** Whether a navigation to /login may show the web form: outside the app, or once after the app could not. */
export function webLoginAllowed(): boolean {
  if (!clientEnv().inApp) return true;
  const pass = webLoginPass;
  webLoginPass = false;
  return pass;
}

/**
 * Inside the app: opens the app's login for someone going to `target` (followed once the app hands over a
 * session, app-session.ts); where the app cannot, the web login: `webLogin` (a /login address as it was
 * asked for, its invite code kept), else with returnUrl = `target`.
 */
export function signInInApp(router: Router, target: string, webLoginAddress = loginUrl(target)): void {
  const webLogin = () => {
    webLoginPass = true;
    void router.navigate(webLoginAddress);
  };
  openAppLogin(target).then(
    (opened) => opened || webLogin(),
    (error: unknown) => {
      console.warn('bridge openWin failed', error);
      webLogin();
    },
  );
}

/** Where a navigation to /login was going on: its returnUrl when that is a path of this site, else home. */
export function loginTarget(search: string): string {
  return sameOriginPath(new URLSearchParams(search).get('returnUrl'), window.location.origin) ?? '/';
}
