// SPEC §4 code 401: inside the app the native login window opens; otherwise, unless the user is
// already on the login page, the session is cleared and the login page opens with returnUrl =
// the current address (a same-origin path, so it cannot become an open redirect).
import { setUnauthorizedHandler } from '../lib/api-client';
import { nativeBridge } from '../lib/native';
import type { Router } from '../lib/router';
import { clearSession } from '../lib/session';
import { LOGIN_PATH } from './route-table';

export function loginUrl(returnUrl: string): string {
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

export function installUnauthorizedHandler(router: Router): void {
  setUnauthorizedHandler(() => {
    const current = router.current;
    if (current?.path === LOGIN_PATH) return;
    clearSession();
    const webLogin = () => void router.navigate(loginUrl(current?.fullPath ?? '/'));
    const bridge = nativeBridge();
    if (!bridge) return webLogin();
    // Inside the app its own login window opens; a shell without a bridge falls back to the web login.
    bridge
      .then((native) => native.openWin({ page: 'login' }))
      .then((opened) => opened || webLogin())
      .catch((error: unknown) => {
        console.warn('bridge openWin failed', error);
        webLogin();
      });
  });
}
