// Entry: one router, the global handlers (401, navigation behaviour, native bridge), then render: into
// an empty #root, or, when the server sent the build-time prerender of the route (docs/architecture.md
// "Delivery"), by hydrating it once the router is on that route with its page loaded.
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ANALYTICS_START_DELAY_MS } from '@tyd/protocol/wire';
import { App } from './app/app';
import { adoptAppSession, installAppSession } from './app/app-session';
import { installLoginGuard } from './app/login-guard';
import { installNavigation } from './app/navigation';
import { loadedPage } from './app/page-loader';
import { matchRoute } from './app/route-table';
import { installUnauthorizedHandler } from './app/unauthorized';
import { setAppVersion, waitForAppVersion, warmApiTransport } from './lib/api-client';
import { clientEnv } from './lib/env';
import { replayEarlyInput, replayEarlyTaps, takeEarlyTaps } from './lib/hydration';
import { createRouter } from './lib/router';
import { isLoggedIn, renderFirstScreenFor, sessionStore } from './lib/session';
import './styles/base.css';

// The entry has run: index.html's check at the load event leaves the page alone (docs/architecture.md "Browser floor").
(window as { __tydStarted?: boolean }).__tydStarted = true;

/** How long the reachability probe after a failed chunk may take before the site counts as unreachable. */
const SERVER_PROBE_TIMEOUT_MS = 5_000;

// Inside the app, its title bar shows the title; pages style themselves for that (components/page.css).
// The server already sets the class on pages it sends (plugins/web-app.ts), so a prerendered page has it
// from its first paint.
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
    // Not AbortSignal.timeout: Chrome 103 and Safari 16 (docs/architecture.md "Browser floor").
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SERVER_PROBE_TIMEOUT_MS);
    try {
      const response = await fetch('/healthz', { cache: 'no-store', signal: controller.signal });
      return response.ok;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The route whose prerendered HTML the server put into #root, if it did (plugins/web-app.ts), and whether
// it is the form for a visitor without a session, which hydration must then render too (lib/session.ts).
const prerenderedRoute = root.dataset.prerender;
renderFirstScreenFor(root.dataset.visitor !== undefined);

let reactRoot: Root | undefined;
let overlay: ReactNode;
/** The root was hydrated and the first effect has not run yet: what was entered before it is still to be handed over. */
let hydrating = false;
let earlyTaps: HTMLElement[] = [];
let markMounted = () => {};
const mounted = new Promise<void>(
  (resolve) =>
    (markMounted = () => {
      // What was typed, tapped or ticked in the prerendered form before hydration, handed to React in
      // the first effect, before the renders hydration scheduled (a snapshot that differs from the
      // build's) could put the rendered values back (lib/hydration.ts).
      if (hydrating) {
        replayEarlyInput(root!);
        replayEarlyTaps(earlyTaps);
      }
      hydrating = false;
      // When the page answers input (User Timing): bench/web-lab.ts reads it as "interactive".
      performance.mark('tyd-interactive');
      resolve();
    }),
);
const app = () => <App router={router} overlay={overlay} onMounted={markMounted} />;

if (prerenderedRoute === undefined) {
  takeEarlyTaps();
  reactRoot = createRoot(root);
  reactRoot.render(app());
}

/**
 * After the first navigation: hydrate the prerendered HTML when the router ended on its route with the
 * page loaded, so the first render is the one the build made (lib/hydration.ts). Anywhere else (a guard
 * redirected, the page chunk failed) the markup is not this page's: render afresh over it.
 */
function mountAfterStart() {
  if (reactRoot) return;
  const route = router.current ? matchRoute(router.current.path) : undefined;
  if (route && route.path === prerenderedRoute && loadedPage(route)) {
    // In a transition, hydration yields to the browser every few milliseconds instead of one long task:
    // the page is already on screen, and a press meanwhile hydrates its target at once and reaches it.
    // A mismatch is survived (React renders that part afresh) but is a defect: it is reported here as a
    // console error, which e2e/prerender.spec.ts fails on.
    hydrating = true;
    earlyTaps = takeEarlyTaps();
    startTransition(() => {
      reactRoot = hydrateRoot(root!, app(), { onRecoverableError: (error) => console.error('hydration failed, rendered afresh', error) });
    });
  } else {
    // The markup is replaced: buttons pressed on it are gone with it. Emptied first, so the new page
    // is not patched into the markup of another.
    takeEarlyTaps();
    root!.textContent = '';
    reactRoot = createRoot(root!);
    reactRoot.render(app());
  }
}

// Consent renewal only concerns a session: its chunk loads after the first page, once there is one; its
// dialog joins the tree after the first render is on the page (a new root element during hydration
// would not match the prerendered markup).
function startConsentRenewal() {
  Promise.all([import('./app/consent-renewal-host'), mounted])
    .then(([{ ConsentRenewalHost }]) => {
      overlay = <ConsentRenewalHost />;
      reactRoot?.render(app());
    })
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
    mountAfterStart();
    // Most pages call the API soon; fetch its transport chunk once the first page is up.
    // Safari has no requestIdleCallback.
    // eslint-disable-next-line compat/compat -- only where the browser has it (the check before it)
    const idle = 'requestIdleCallback' in window ? window.requestIdleCallback : (run: () => void) => setTimeout(run, 1);
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
