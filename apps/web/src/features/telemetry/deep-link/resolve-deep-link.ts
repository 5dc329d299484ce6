// Deep links (SPEC §7; docs/telemetry.md "Deep links"): a link such as `/?dl=<key>` names a
// key; the page asks GET DEEP_LINK_PATH?key=&system_type=&project= for the parameters stored for it
// (waiting at least DEEP_LINK_MIN_TIMEOUT_MS, 2500 ms) and goes where they say. Any failure — timeout,
// network, unknown key, parameters that do not name a page of this app — degrades to the default page.
//
// Parameters (set by operators with `npm run admin -- deeplink set`): `path`, a route path of this app
// (`/cloudSteward/index`); every other string, number or boolean becomes a query parameter of the
// target. Query parameters of the link itself (campaign tags) are kept, except `dl`.
import { DEEP_LINK_MIN_TIMEOUT_MS, TELEMETRY_PROJECT } from '@tyd/protocol/wire';
import { type DeepLinkSystemType } from '@tyd/protocol/schemas';
import { clientEnv } from '../../../lib/env';

/**
 * The lookup's path: @tyd/protocol's DEEP_LINK_PATH, restated because the protocol module that exports
 * it builds zod schemas at load, which would put zod (~20 KB gzip) into the first load of `/`
 * (the test checks both agree).
 */
export const DEEP_LINK_LOOKUP_PATH = '/tydApi/deep-link/params';

/** The query parameter that carries a deep-link key. */
export const DEEP_LINK_PARAM = 'dl';
/** Where a deep link that cannot be resolved goes (SPEC §7 "the default page"). */
export const DEFAULT_PAGE = '/';

/** SPEC §7 `system_type`: the phone's OS, `h5` when it is neither (a desktop browser). */
export function systemType(): DeepLinkSystemType {
  const os = clientEnv().os;
  return os === 'other' ? 'h5' : os;
}

/** The lookup; resolves with the stored parameters, rejects on any failure. */
export async function fetchDeepLinkParams(key: string, timeoutMs: number = DEEP_LINK_MIN_TIMEOUT_MS): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ key, system_type: systemType(), project: TELEMETRY_PROJECT });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(DEEP_LINK_MIN_TIMEOUT_MS, timeoutMs));
  try {
    const res = await fetch(`${DEEP_LINK_LOOKUP_PATH}?${query}`, { signal: controller.signal, credentials: 'same-origin' });
    if (!res.ok) throw new Error(`deep link lookup: HTTP ${res.status}`);
    const body = (await res.json()) as { code?: unknown; data?: unknown };
    if (body.code !== '200' || typeof body.data !== 'object' || body.data === null || Array.isArray(body.data))
      throw new Error(`deep link lookup: code ${String(body.code)}`);
    return body.data as Record<string, unknown>;
  } finally {
    clearTimeout(timer);
  }
}

/** The link's own query parameters without the key. */
function linkQuery(linkSearch: string): URLSearchParams {
  const params = new URLSearchParams(linkSearch);
  params.delete(DEEP_LINK_PARAM);
  return params;
}

/** The address the parameters point to, or null when they do not name a page of this app. */
export function deepLinkTarget(params: Record<string, unknown>, linkSearch: string): string | null {
  const { path, ...rest } = params;
  // Only a path on this origin: an operator's typo or a tampered entry must not send users elsewhere.
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) return null;
  const url = new URL(path, location.origin);
  if (url.origin !== location.origin) return null;
  for (const [name, value] of linkQuery(linkSearch)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  for (const [name, value] of Object.entries(rest)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') url.searchParams.set(name, String(value));
  }
  return url.pathname + url.search + url.hash;
}

/** Resolves the deep link of `/?dl=<key>` to the address to show; the default page on any failure. */
export async function resolveDeepLink(key: string, linkSearch: string): Promise<string> {
  try {
    const target = deepLinkTarget(await fetchDeepLinkParams(key), linkSearch);
    if (target) return target;
    console.warn('deep link parameters name no page of this app, showing the default page');
  } catch (error) {
    console.warn('deep link not resolved, showing the default page', error instanceof Error ? error.message : error);
  }
  const query = linkQuery(linkSearch).toString();
  return query ? `${DEFAULT_PAGE}?${query}` : DEFAULT_PAGE;
}
