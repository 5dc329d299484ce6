// The first screen of a page load (docs/architecture.md "Delivery"): which build-time prerender of the web
// app goes into the page the server sends, and how the document around it is set for it. The web build
// writes the prerenders as dist/.vite/prerender.json (apps/web/scripts/prerender.ts); the server never
// imports web source. The web app hydrates the markup when its router lands on the same route
// (apps/web/src/main.tsx), and renders afresh otherwise, so a prerender that does not fit costs a
// repaint, never a wrong page. The page's scripts load with its HTML, as on any other page (web-app.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COOKIE, NATIVE_APP_MARKERS } from '@tyd/protocol';
import { escapeHtml } from '../lib/escape-html.js';

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
export function pickFirstScreen(
  prerenders: Prerenders | undefined,
  request: { url: string; userAgent?: string; cookies: Record<string, string | undefined> },
): FirstScreen {
  const inApp = isAppAgent(request.userAgent);
  // Inside the app the session comes from the app, not the cookie: the neutral form there.
  const sessionless = !inApp && !request.cookies[COOKIE.accessToken];
  if (!prerenders) return { inApp, sessionless };
  const url = new URL(request.url, 'http://page');
  if ([...url.searchParams.keys()].some((name) => !NEUTRAL_PARAM.test(name))) return { inApp, sessionless };
  const path = normalisePath(url.pathname);
  let route = prerenders.routes.has(path) ? path : '*';
  // Inside the app the login is the app's (docs/bridge.md 3.1): the web form is never painted there.
  if (inApp && route === prerenders.loginPath) return { inApp, sessionless };
  let entry = prerenders.routes.get(route);
  if (entry?.requiresLogin) {
    if (!sessionless) return { inApp, sessionless };
    route = prerenders.loginPath;
    entry = prerenders.routes.get(route);
  }
  if (entry?.html === undefined) return { inApp, sessionless };
  return { route, entry, inApp, sessionless, ...(sessionless && entry.visitorHtml !== undefined && { visitor: true }) };
}

/** A JSON data block (never executed); `<` escaped so the JSON can never close the element (HTML §4.12.1.3). */
export function jsonDataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/**
 * index.html with the first screen applied: `in-app` (and `app-full-screen` on full-screen routes) on
 * <html> from the first paint, as apps/web/src/app/navigation.ts sets them later (docs/bridge.md 3.2), so
 * page headings the app's title bar replaces never flash; the route's title and body background (SPEC
 * §2); the prerendered markup in #root, marked with its route for the web app's hydration.
 */
export function applyFirstScreen(source: string, screen: FirstScreen): string {
  let page = source;
  const classes = [screen.inApp ? 'in-app' : '', screen.inApp && screen.entry?.fullScreen ? 'app-full-screen' : ''].filter(Boolean).join(' ');
  if (classes) page = page.replace(/<html([^>]*)>/, `<html$1 class="${classes}">`);
  const { entry, route } = screen;
  if (!entry || route === undefined) return page;
  page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(entry.title)}</title>`);
  // The custom property the navigation sets (apps/web/src/styles/base.css `--route-bg`).
  if (entry.background) page = page.replace(/<body([^>]*)>/, `<body$1 style="--route-bg:${escapeHtml(entry.background)}">`);
  const markup = screen.visitor ? entry.visitorHtml : entry.html;
  return page.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerender="${escapeHtml(route)}"${screen.visitor ? ' data-visitor' : ''}>${markup ?? ''}</div>`,
  );
}
