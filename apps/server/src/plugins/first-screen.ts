// The first screen of a page load (docs/architecture.md "Delivery"): which build-time prerender of the web
// app goes into the page the server sends, and how the document around it is set for it. The web build
// writes the prerenders as dist/.vite/prerender.json (apps/web/scripts/prerender.ts); the server never
// imports web source. The web app hydrates the markup when its router lands on the same route
// (apps/web/src/main.tsx), and renders afresh otherwise, so a prerender that does not fit costs a
// repaint, never a wrong page. Such a page starts its scripts after its first paint (`SCRIPT_START`).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COOKIE, NATIVE_APP_MARKERS } from '@tyd/protocol';

/** One route's entry in prerender.json (apps/web/src/prerender.tsx `PrerenderedRoute`). */
export interface PrerenderedRoute {
  /** #root's markup; absent for routes whose first screen depends on a session or stored data. */
  html?: string;
  /** #root's markup for a browser without the session cookie, where it differs (apps/web/src/prerender.tsx). */
  visitorHtml?: string;
  title: string;
  background?: string;
  fullScreen?: boolean;
  requiresLogin?: boolean;
}

export interface Prerenders {
  loginPath: string;
  /** Route path, or "*" for any other path (the 404 page). */
  routes: ReadonlyMap<string, PrerenderedRoute>;
}

/** What a request for a page gets besides the index.html every page shares. */
export interface FirstScreen {
  /** The prerender's route (whose preload links go with it), or undefined: #root stays empty. */
  route?: string;
  entry?: PrerenderedRoute;
  inApp: boolean;
  /** A browser without the session cookie: certainly no session (the app's comes from the app). */
  sessionless: boolean;
  /** The visitor form of the route's markup goes out (a browser without the session cookie). */
  visitor?: boolean;
}

/** The route's markup rendered with the server's answers (first-screen-renderer.ts), sent instead of the build's. */
export interface AnsweredMarkup {
  html: string;
  /** The queries those answers filled, which the page seeds before it hydrates (apps/web/src/main.tsx). */
  queries: unknown[];
}

/** prerender.json, or undefined when the build has none (an older build: pages render in the browser only). */
export async function readPrerenders(webDist: string): Promise<Prerenders | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(webDist, '.vite/prerender.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const file = raw as { loginPath?: unknown; routes?: unknown };
  if (typeof file?.loginPath !== 'string' || typeof file.routes !== 'object' || file.routes === null) return undefined;
  const routes = new Map<string, PrerenderedRoute>();
  for (const [path, entry] of Object.entries(file.routes as Record<string, Partial<PrerenderedRoute>>)) {
    if (typeof entry?.title === 'string') routes.set(path, entry as PrerenderedRoute);
  }
  return { loginPath: file.loginPath, routes };
}

/** The app's webview, recognised as the page does (SPEC §6, docs/bridge.md §1). */
export function isAppAgent(userAgent: string | undefined): boolean {
  const agent = (userAgent ?? '').toLowerCase();
  return NATIVE_APP_MARKERS.some((marker) => agent.includes(marker));
}

/**
 * Query parameters that change no page's first screen (campaign tags, as analytics keeps them). Any other
 * parameter may (login's `title`, home's deep-link `dl`, 500's `from`…): such an address gets no
 * prerender, and the page renders in the browser as it did before prerendering existed.
 */
const NEUTRAL_PARAM = /^(utm_[a-z]+|channel)$/;

/** Like the web router (apps/web/src/lib/router.ts normalisePath): no trailing slash but on "/". */
function normalisePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/**
 * Picks the prerender for a request. A route that requires login, asked for without the session cookie in a
 * browser, gets the login page's: the web app's guard sends such a visitor there before anything shows
 * (apps/web/src/app/login-guard.ts). With the cookie it gets none (its page needs the session), and
 * inside the app neither (the app's own login opens instead; docs/bridge.md 3.1). A browser without the
 * cookie gets a route's visitor form where it has one: the cookie lives as long as the web session's
 * token (SPEC §3), so without it there is no session to show (docs/architecture.md "Delivery").
 */
export function pickFirstScreen(prerenders: Prerenders | undefined, request: { url: string; userAgent?: string; cookies: Record<string, string | undefined> }): FirstScreen {
  const inApp = isAppAgent(request.userAgent);
  // Inside the app the session comes from the app, not the cookie: the neutral form there.
  const sessionless = !inApp && !request.cookies[COOKIE.accessToken];
  if (!prerenders) return { inApp, sessionless };
  const url = new URL(request.url, 'http://page');
  if ([...url.searchParams.keys()].some((name) => !NEUTRAL_PARAM.test(name))) return { inApp, sessionless };
  const path = normalisePath(url.pathname);
  let route = prerenders.routes.has(path) ? path : '*';
  let entry = prerenders.routes.get(route);
  if (entry?.requiresLogin) {
    if (!sessionless) return { inApp, sessionless };
    route = prerenders.loginPath;
    entry = prerenders.routes.get(route);
  }
  if (entry?.html === undefined) return { inApp, sessionless };
  return { route, entry, inApp, sessionless, ...(sessionless && entry.visitorHtml !== undefined && { visitor: true }) };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A JSON data block (never executed); `<` escaped so the JSON can never close the element (HTML §4.12.1.3). */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/**
 * index.html with the first screen applied: `in-app` (and `app-full-screen` on full-screen routes) on
 * <html> from the first paint, as apps/web/src/app/navigation.ts sets them later (docs/bridge.md 3.2), so
 * page headings the app's title bar replaces never flash; the route's title and body background (SPEC
 * §2); the prerendered markup in #root, marked with its route for the web app's hydration. `answered`:
 * the markup rendered with the server's answers, for the screen's `visitor` form, with the queries they
 * filled in a data block after #root.
 */
export function applyFirstScreen(source: string, screen: FirstScreen, answered?: AnsweredMarkup): string {
  let page = source;
  const classes = [screen.inApp ? 'in-app' : '', screen.inApp && screen.entry?.fullScreen ? 'app-full-screen' : ''].filter(Boolean).join(' ');
  if (classes) page = page.replace(/<html([^>]*)>/, `<html$1 class="${classes}">`);
  const { entry, route } = screen;
  if (!entry || route === undefined) return page;
  page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(entry.title)}</title>`);
  // The custom property the navigation sets (apps/web/src/styles/base.css `--route-bg`).
  if (entry.background) page = page.replace(/<body([^>]*)>/, `<body$1 style="--route-bg:${escapeHtml(entry.background)}">`);
  const markup = answered?.html ?? (screen.visitor ? entry.visitorHtml : entry.html);
  const answers = answered ? jsonDataBlock('tyd-answers', answered.queries) : '';
  return page.replace('<div id="root"></div>', () => `<div id="root" data-prerender="${escapeHtml(route)}"${screen.visitor ? ' data-visitor' : ''}>${markup ?? ''}</div>${answers}`);
}

/**
 * The inline bootstrap of a page with a prerendered first screen (docs/architecture.md "Delivery"): the
 * page shows without JavaScript, so no script is fetched before its first paint; then this adds the
 * module scripts that the build's index.html and the route's chunks name (its `data-modules`, the entry
 * first) as the parser would have: the entry as a module script, the rest as `modulepreload` links,
 * `crossorigin` like Vite's tags, one element a task: inserting one that starts a fetch costs the main
 * thread about 1 ms (4 ms at Lighthouse's 4× CPU slowdown; a Chromium trace of the app's pages), so a
 * dozen in one task made the longest task after the first paint. The entry goes first; whatever it
 * imports that is not preloaded yet, its own loading fetches. It waits for
 * - the end of parsing (DOMContentLoaded): an inserted module script runs as soon as it has loaded,
 *   while the entry expects the whole document, as a parser-inserted module script (deferred) gets it;
 * - the first contentful paint, as Paint Timing reports it (W3C Paint Timing: the entry comes once the
 *   frame was presented, which is when Lighthouse and the user see it; a frame callback comes before
 *   the paint and a task after it can still precede the presentation by several frames on a busy
 *   device). Where Paint Timing is missing, the task after the first frame (HTML "update the
 *   rendering"); where it never reports (nothing contentful painted), one second after the first frame.
 *   A frame only comes once the render-blocking stylesheets have loaded, as for the paint itself;
 * - not at all in a hidden tab (opened in the background, or hidden before its first paint): it gets no
 *   frames until shown, and its scripts should be ready by then.
 * Allowed by its hash in the page's CSP (web-app.ts); its text never varies, the addresses ride in the
 * attribute. Plain ES2015 for every supported webview (Chrome 66+, Safari 17+).
 */
export const SCRIPT_START = `(() => {
  const d = document;
  const [entry, ...modules] = d.currentScript.dataset.modules.split(' ');
  let started = false;
  const add = (tag, props) => d.head.append(Object.assign(d.createElement(tag), { crossOrigin: '' }, props));
  const preload = () => {
    const href = modules.shift();
    if (href === undefined) return;
    add('link', { rel: 'modulepreload', href });
    setTimeout(preload, 0);
  };
  const start = () => {
    if (started) return;
    started = true;
    add('script', { type: 'module', src: entry });
    setTimeout(preload, 0);
  };
  const afterFirstPaint = () => {
    if (d.visibilityState === 'hidden') return start();
    d.addEventListener('visibilitychange', start, { once: true });
    const paintTiming = self.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
    if (paintTiming) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        start();
      }).observe({ type: 'paint', buffered: true });
    }
    requestAnimationFrame(() => setTimeout(start, paintTiming ? 1000 : 0));
  };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
  else afterFirstPaint();
})();`;

/** Vite's tags in index.html: the entry module script and the modulepreload links of its imports. */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * A page with a prerendered first screen: the build's module script and modulepreload links replaced
 * by the bootstrap (`SCRIPT_START`) in the entry script's place, naming them and the route's own
 * modules (route-preloads.ts) to start after the first paint. A page without a module entry (not a Vite
 * build) is left as it is.
 */
export function startScriptsAfterPaint(page: string, routeModules: readonly string[]): string {
  const entry = ENTRY_SCRIPT.exec(page)?.[1];
  if (entry === undefined) return page;
  const imports = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const modules = [...new Set([entry, ...imports, ...routeModules])];
  return page.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => `<script data-modules="${escapeHtml(modules.join(' '))}">${SCRIPT_START}</script>`);
}
