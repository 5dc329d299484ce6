// Inside the native app, the app's login is the user's login (SPEC §4, §6; sequence in docs/bridge.md
// "Login inside the app"):
//  - at start, before the first page resolves, the page reads getAppInfo and adopts the app's token
//    (the session store takes it like a login; the first check-login on the page verifies it, and a
//    refused token clears the session, SPEC §7);
//  - a page that needs a session, or an answer 401, opens the app's login window (openWin login),
//    never the web login page; the web login is only the fallback of a shell without a bridge;
//  - when the app comes back (the webview is shown again, or the openWin call answers), the page
//    reads getAppInfo again and picks up the new token; the page the user was going to opens then.
// A token change drops every cached answer (lib/server-state.ts), so nothing of a previous user shows.
import { nativeBridge, type NativeBridge } from '../lib/native';
import type { AppInfo } from '../lib/native-bridge';
import type { Router } from '../lib/router';
import { sessionStore, startSession } from '../lib/session';

/** Where the user was going when the app's login window opened; followed once the session arrives. */
let pendingTarget: string | null = null;

/**
 * The token the server refused last (401: signed out from another device, expired, logged out elsewhere).
 * The app may report it until its own login has run; taking it again would only be refused again and open
 * the app's login once more, round and round (docs/api.md "Account security").
 */
let refusedToken: string | null = null;
let currentToken = sessionStore.get().accessToken;
sessionStore.subscribe(() => {
  const { accessToken, ended } = sessionStore.get();
  if (accessToken === null && ended && currentToken !== null) refusedToken = currentToken;
  currentToken = accessToken;
});

/** Reads the app's info and takes its token when it has one that differs from ours; null outside the app. */
export async function adoptAppSession(bridge: Promise<NativeBridge> | null = nativeBridge()): Promise<AppInfo | null> {
  if (!bridge) return null;
  const info = await (await bridge).getAppInfo();
  if (!info) return null;
  const token = typeof info.token === 'string' ? info.token.trim() : '';
  if (token && token !== sessionStore.get().accessToken && token !== refusedToken) {
    startSession({ accessToken: token, phone: typeof info.phone === 'string' ? info.phone : '' });
  }
  return info;
}

/**
 * Opens the app's login window for a user who needs a session to see `target`; resolves false when
 * there is no app to do it (outside the app, or a shell without a bridge): the caller uses the web login.
 */
export async function openAppLogin(target: string): Promise<boolean> {
  const bridge = nativeBridge();
  if (!bridge) return false;
  const native = await bridge;
  const opened = await native.openWin({ page: 'login' });
  if (!opened) return false;
  pendingTarget = target;
  // The shell answers openWin when its window is closed (or at once): look for a session either way.
  void adoptAppSession(bridge).catch((error: unknown) => console.warn('bridge getAppInfo failed', error));
  return true;
}

/** Picks up a session the app made while the page was hidden, and goes on to where the user was going. */
export function installAppSession(router: Router): () => void {
  const bridge = nativeBridge();
  if (!bridge) return () => {};
  const refresh = () => {
    if (document.visibilityState !== 'visible') return;
    adoptAppSession(bridge).catch((error: unknown) => console.warn('bridge getAppInfo failed', error));
  };
  const stopSession = sessionStore.subscribe(() => {
    if (sessionStore.get().accessToken === null || pendingTarget === null) return;
    const target = pendingTarget;
    pendingTarget = null;
    void router.navigate(target);
  });
  document.addEventListener('visibilitychange', refresh);
  window.addEventListener('pageshow', refresh);
  return () => {
    stopSession();
    document.removeEventListener('visibilitychange', refresh);
    window.removeEventListener('pageshow', refresh);
  };
}
