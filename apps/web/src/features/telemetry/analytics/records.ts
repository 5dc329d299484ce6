// Analytics records (SPEC §1, §3; wire schema: @tyd/protocol telemetry-record.ts). Every record
// carries SPEC §3's event fields (ct, purl, ei, et, en, el, ed), SPEC §1's page properties, and a
// UUID v7 id (newRecordId) so a batch sent twice (a retry, a beacon whose answer was lost) is stored once.
import {
  CLIENT_VERSION,
  DEFAULT_BUSINESS_LINE,
  DEFAULT_EVENT_LEVEL,
  MAX_PAGE_DURATION_S,
  PLATFORM_TYPE_H5,
  newRecordId,
  type RecordKind,
} from '@tyd/protocol/wire';
import { type TelemetryRecordInput } from '@tyd/protocol/schemas';
import { analyticsUrl } from '../../../lib/analytics-url';
import { isLoggedIn } from '../../../lib/session';

export type EdValue = string | number | boolean | null;
export type Ed = Record<string, EdValue>;

/** What a caller gives; the rest is filled in here. */
export interface RecordInit {
  kind: RecordKind;
  ei: string;
  et: string;
  en: string;
  el?: string;
  ed?: Ed;
  ct?: number;
  purl?: string;
}

/** The page the user is on, as analytics names it. */
export function currentUrl(): string {
  return analyticsUrl(location.pathname, location.search);
}

/** SPEC §9: a page duration in seconds; past the maximum (432000 s) or negative, it is reported as 0. */
export function pageDurationSeconds(startedAt: number, endedAt: number): number {
  const seconds = Math.round((endedAt - startedAt) / 1000);
  return seconds < 0 || seconds > MAX_PAGE_DURATION_S ? 0 : seconds;
}

/**
 * Builds a record. `shared` are the native app analytics SDK's shared properties (getSensorsData),
 * attached to `ed` with an `app_` prefix so web and app events can be joined; empty outside the app.
 */
export function buildRecord(init: RecordInit, shared: Ed = {}): TelemetryRecordInput {
  const ct = init.ct ?? Date.now();
  return {
    id: newRecordId(ct),
    kind: init.kind,
    ct,
    purl: init.purl ?? currentUrl(),
    ei: init.ei,
    et: init.et,
    en: init.en,
    el: init.el ?? DEFAULT_EVENT_LEVEL,
    ed: { ...shared, ...init.ed },
    platform_type: PLATFORM_TYPE_H5,
    is_login: isLoggedIn(),
    product_version: CLIENT_VERSION,
    business_line: DEFAULT_BUSINESS_LINE,
    // SPEC §1 names identity_business_id, but no call of the web app returns one: sent as null.
    identity_business_id: null,
  } as TelemetryRecordInput;
}

/** The app SDK's shared properties, flat and bounded as `ed` must be (at most 8, prefixed `app_`). */
export function sharedProperties(raw: Record<string, unknown> | null | undefined): Ed {
  const ed: Ed = {};
  for (const [key, value] of Object.entries(raw ?? {}).slice(0, 8)) {
    const name = `app_${key.replace(/[^A-Za-z0-9_.$-]/g, '_')}`.slice(0, 64);
    if (typeof value === 'string') ed[name] = value.slice(0, 256);
    else if (typeof value === 'number' && Number.isFinite(value)) ed[name] = value;
    else if (typeof value === 'boolean') ed[name] = value;
  }
  return ed;
}
