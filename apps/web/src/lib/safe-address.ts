// The one check of every address the page may go to that came from outside the code: a returnUrl,
// the 500 page's `from`, a document link, a guard's redirect, a window the app is asked to open
// (OWASP Unvalidated Redirects and Forwards Cheat Sheet: an allow-list, never a deny-list).
//
// The check runs on what the browser makes of the text (WHATWG URL parser) and, before that, refuses
// what parsers disagree about:
//  - backslashes (browsers read `/\evil.com` as `//evil.com`);
//  - control characters and whitespace (the parser drops tab and newline, so `/\t/evil.com` becomes
//    `//evil.com`), and Unicode spaces that a browser or a webview may strip;
//  - a resolved path that starts with `//` (`/.//evil.com` resolves to the path `//evil.com`, which is
//    a protocol-relative address the moment anything reads it as one);
//  - encoded slashes or backslashes that decode to such a start (`/%2F%2Fevil.com`, `/%5Cevil.com`),
//    because some servers, proxies and webviews decode the path before using it.
// A same-origin path goes to the router; an address on one of the configured partner origins leaves
// the app through `leaveForPartner` only, never through the router.
import { optionalWebConfig } from './web-config';

/** A path on this origin (path + query + hash), or an absolute https address on a partner origin. */
export type SafeAddress = { path: string; href?: undefined } | { href: string; path?: undefined };

/** Longer addresses are not links anybody types or builds; they are refused. */
const MAX_LENGTH = 2048;

// C0 controls, space, DEL, backslash, and the Unicode spaces the URL parser or a browser may strip or fold.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/** `raw` parsed; a path only against `origin` (none: paths are refused). */
function parse(raw: string, origin?: string): URL | null {
  if (!raw || raw.length > MAX_LENGTH || UNSAFE_CHARS.test(raw)) return null;
  try {
    // `//host` is protocol-relative, not a path: only a single leading slash makes a path.
    if (raw.startsWith('/')) return raw.startsWith('//') || origin === undefined ? null : new URL(raw, origin);
    return new URL(raw);
  } catch {
    return null;
  }
}

/** True when a resolved path, decoded as a careless reader would, still names a path on this origin. */
function isPlainPath(pathname: string): boolean {
  if (pathname.startsWith('//')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !decoded.startsWith('//') && !UNSAFE_CHARS.test(decoded);
}

/** `raw` as a path on `origin` (dot segments resolved), or null when it is anything else. */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  const url = parse(raw ?? '', origin);
  if (!url || url.origin !== origin || url.username || url.password || !isPlainPath(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** `raw` as an https address on one of `partnerOrigins` (exact origins), or null. */
export function partnerHref(raw: string | null | undefined, partnerOrigins: readonly string[]): string | null {
  const url = parse(raw ?? '');
  if (!url || url.protocol !== 'https:' || url.username || url.password) return null;
  return partnerOrigins.includes(url.origin) ? url.href : null;
}

/** Where `raw` may lead from a page on `origin`: this origin's path, a partner's address, or nowhere. */
export function safeAddress(raw: string | null | undefined, origin: string, partnerOrigins: readonly string[] = []): SafeAddress | null {
  const path = sameOriginPath(raw, origin);
  if (path !== null) return { path };
  const href = partnerHref(raw, partnerOrigins);
  return href === null ? null : { href };
}

/** The partner origins the server configured for this page (tyd-config `returnOrigins`); none without config. */
export function partnerOrigins(): readonly string[] {
  return optionalWebConfig()?.returnOrigins ?? [];
}

/** safeAddress for this page. */
export function pageSafeAddress(raw: string | null | undefined): SafeAddress | null {
  return safeAddress(raw, window.location.origin, partnerOrigins());
}

/**
 * The one way out of the app to another site: a full page load of `href` when it is on a configured
 * partner origin, else nothing (returns false). `replace` drops the current entry from history.
 */
export function leaveForPartner(href: string, { replace = false }: { replace?: boolean } = {}): boolean {
  const target = partnerHref(href, partnerOrigins());
  if (target === null) {
    console.warn('refused to leave for an address outside the partner origins');
    return false;
  }
  if (replace) window.location.replace(target);
  else window.location.assign(target);
  return true;
}
