// Where to go after login (issue 5 `returnUrl`) or after an authorised login (`/others/tydPreJump`):
// only a path on this origin, or an address on one of the configured allowed origins, is followed;
// anything else is ignored (OWASP Unvalidated Redirects and Forwards Cheat Sheet: allow-list, never
// a deny-list). The checks run on what the browser would make of the text (WHATWG URL parser), and
// before that refuse what parsers disagree about: backslashes (browsers read `/\evil.com` as
// `//evil.com`), control characters and whitespace (the parser drops tabs and newlines, so `/\t/evil.com`
// becomes `//evil.com`), and protocol-relative `//host`.
import type { Router } from '../../../lib/router';
import { webConfig } from '../../../lib/web-config';

/** This feature's own login route (SPEC §2). */
export const LOGIN_PATH = '/login';
/** Where a login goes when there is no safe target. */
export const HUB_PATH = '/';

export interface ReturnTarget {
  /** A path on this origin (path + query + hash), for the router. */
  path?: string;
  /** An absolute address on an allowed origin, for a full page load. */
  href?: string;
}

// C0 controls, space, DEL, and the Unicode spaces the URL parser or a browser may strip or fold.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/**
 * The safe target of `raw`, or null. `origin` is this page's origin; `allowedOrigins` the configured
 * partner origins (exact `https://host[:port]` strings). A target that is the login page itself is
 * refused too, so a login never sends the user back to login (no loop).
 */
export function safeReturnTarget(raw: string | null | undefined, origin: string, allowedOrigins: readonly string[] = []): ReturnTarget | null {
  if (!raw || raw.length > 2048 || UNSAFE_CHARS.test(raw)) return null;
  let url: URL;
  try {
    url = raw.startsWith('/') ? new URL(raw, origin) : new URL(raw);
  } catch {
    return null;
  }
  if (raw.startsWith('/')) {
    // `//host` and anything that resolves away from this origin is not a path.
    if (raw.startsWith('//') || url.origin !== origin) return null;
  } else if (url.protocol !== 'https:' && url.origin !== origin) {
    // javascript:, data:, vbscript:, blob: have an opaque origin; plain http is not trusted for a partner.
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === origin) {
    if (url.pathname.replace(/\/+$/, '') === LOGIN_PATH) return null;
    return { path: url.pathname + url.search + url.hash };
  }
  return allowedOrigins.includes(url.origin) ? { href: url.href } : null;
}

/** The partner origins the server configured for this page (tyd-config), none when it has no config. */
export function allowedReturnOrigins(): readonly string[] {
  try {
    return webConfig().returnOrigins;
  } catch {
    return [];
  }
}

/** safeReturnTarget for this page. */
export function pageReturnTarget(raw: string | null | undefined): ReturnTarget | null {
  return safeReturnTarget(raw, window.location.origin, allowedReturnOrigins());
}

/**
 * Goes on after a login to `raw` when it is safe, else the hub: a path through the router, an allowed
 * partner address by a full page load. Both replace the current history entry, so Back does not
 * return to the login (or the authorisation code) that led here.
 */
export function followReturnUrl(raw: string | null, router: Pick<Router, 'navigate'>): void {
  const target = pageReturnTarget(raw);
  if (target?.href) window.location.replace(target.href);
  else void router.navigate(target?.path ?? HUB_PATH, { replace: true });
}
