// Where to go after a login (`returnUrl` of /login) or an authorised login (`/others/tydPreJump`):
// the shared address check (lib/safe-address.ts) decides what is safe, a path on this origin or an
// address on a configured partner origin; this module adds what is particular to a login: the login
// page itself is never a target (a login must not lead back to login), and the fallback is home.
import { normalisePath, type Router } from '../../../lib/router';
import { leaveForPartner, partnerOrigins, safeAddress, type SafeAddress } from '../../../lib/safe-address';

/** This feature's own login route (SPEC §2). */
export const LOGIN_PATH = '/login';
/** Where a login goes when there is no safe target. */
export const HOME_PATH = '/';

export type ReturnTarget = SafeAddress;

/**
 * The safe target of `raw`, or null. `origin` is this page's origin; `allowedOrigins` the configured
 * partner origins (exact `https://host[:port]` strings).
 */
export function safeReturnTarget(raw: string | null | undefined, origin: string, allowedOrigins: readonly string[] = []): ReturnTarget | null {
  const target = safeAddress(raw, origin, allowedOrigins);
  if (target?.path !== undefined && normalisePath(new URL(target.path, origin).pathname) === LOGIN_PATH) return null;
  return target;
}

/** safeReturnTarget for this page. */
export function pageReturnTarget(raw: string | null | undefined): ReturnTarget | null {
  return safeReturnTarget(raw, window.location.origin, partnerOrigins());
}

/**
 * Goes on after a login to `raw` when it is safe, else home: a path through the router, a partner
 * address by a full page load. Both replace the current history entry, so Back does not return to the
 * login (or the authorisation code) that led here.
 */
export function followReturnUrl(raw: string | null, router: Pick<Router, 'navigate'>): void {
  const target = pageReturnTarget(raw);
  if (target?.href !== undefined && leaveForPartner(target.href, { replace: true })) return;
  void router.navigate(target?.path ?? HOME_PATH, { replace: true });
}
