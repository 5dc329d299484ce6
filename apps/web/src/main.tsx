// Entry: one router, the global handlers (401, navigation behaviour, native bridge), then render.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ANALYTICS_START_DELAY_MS } from '@tyd/protocol/wire';
import { App } from './app/app';
import { adoptAppSession, installAppSession } from './app/app-session';
import { installLoginGuard } from './app/login-guard';
import { installNavigation } from './app/navigation';
import { installUnauthorizedHandler } from './app/unauthorized';
import { setAppVersion, waitForAppVersion, warmApiTransport } from './lib/api-client';
import { clientEnv } from './lib/env';
import { createRouter } from './lib/router';
import { isLoggedIn, sessionStore } from './lib/session';
import './styles/base.css';

/** How long the reachability probe after a failed chunk may take before the site counts as unreachable. */
const SERVER_PROBE_TIMEOUT_MS = 5_000;

// Inside the app, its title bar shows the title; pages style themselves for that (components/page.css).
if (clientEnv().inApp) document.documentElement.classList.add('in-app');

const router = createRouter();
installUnauthorizedHandler(router);
// Before the page-loading guard, so a page the visitor may not see is not even fetched.
installLoginGuard(router);
installNavigation(router, {
  // A new deployment may have replaced the hashed chunks: load the target address afresh.
  reload: (url) => (url === window.location.pathname + window.location.search + window.location.hash ? window.location.reload() : window.location.assign(url)),
  onChunkFailure: (location, error) => console.error('page chunk failed twice', location.path, error),
  serverReachable: async () => {
    if (!navigator.onLine) return false;
    try {
      const response = await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(SERVER_PROBE_TIMEOUT_MS) });
      return response.ok;
    } catch {
      return false;
    }
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const reactRoot = createRoot(root);
const renderApp = (overlay?: ReactNode) => reactRoot.render(<App router={router} overlay={overlay} />);
renderApp();

// Consent renewal only concerns a session: its chunk loads after the first page, once there is one.
function startConsentRenewal() {
  import('./app/consent-renewal-host')
    .then(({ ConsentRenewalHost }) => renderApp(<ConsentRenewalHost />))
    .catch((error: unknown) => console.warn('consent renewal failed to start', error));
}

// Inside the app, x-ver carries the native app's version (contract "HEADER"), and the app's login is
// the page's (app/app-session.ts): both come from getAppInfo, read before the first page resolves, so
// a page that needs a session sees the app's. Bounded by the bridge timeout.
// Outside the app there is no bridge and this resolves at once.
const appInfo = adoptAppSession().then(
  (info) => info && setAppVersion(info.appVer),
  (error: unknown) => console.warn('bridge getAppInfo failed', error),
);
waitForAppVersion(appInfo);
installAppSession(router);

void appInfo
  .then(() => router.start())
  .then(() => {
    // Most pages call the API soon; fetch its transport chunk once the first page is up.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => warmApiTransport());
    if (isLoggedIn()) return startConsentRenewal();
    const stop = sessionStore.subscribe(() => {
      if (!isLoggedIn()) return;
      stop();
      startConsentRenewal();
    });
  });

// Telemetry starts 200 ms after the app (SPEC §9), as a lazy chunk outside every first load.
setTimeout(() => {
  import('./features/telemetry/start-telemetry')
    .then(({ startTelemetry }) => startTelemetry(router))
    .catch((error: unknown) => console.warn('telemetry failed to start', error));
}, ANALYTICS_START_DELAY_MS);

