// Wire constants of analytics collection (SPEC §1, §3, §7, §9). No zod here: the web's analytics
// module imports only this file, the record types and newRecordId, to stay within its size target
// (under 4 KB gzip, docs/telemetry.md); the schemas in telemetry-record.ts are for the server and tests.

/** The collector's path on the site's own origin (not under /tydApi: beacons cannot seal or sign). */
export const COLLECT_PATH = '/collect';
/** The analytics project the page reports to (SPEC §7 "with project production"), also in `?project=`. */
export const TELEMETRY_PROJECT = 'production';
/** Query parameter of the GET fallback that carries the batch JSON (URI-encoded). */
export const COLLECT_GET_PARAM = 'data';

/**
 * Largest batch body in UTF-8 bytes (batches under 60 KB, docs/telemetry.md "Sending"): under the 64 KiB that browsers allow
 * sendBeacon and fetch keepalive to have in flight. The collector answers 413 above it.
 */
export const MAX_BATCH_BYTES = 60_000;
/** Largest GET fallback URL the collector reads (common proxies cut URLs at 8 KiB). */
export const MAX_COLLECT_URL_CHARS = 8_000;
/** Records per batch. */
export const MAX_BATCH_RECORDS = 200;
/** Largest single record, compact JSON, in UTF-8 bytes; a bigger one is rejected alone. */
export const MAX_RECORD_BYTES = 8_192;
/** `ed` is a flat object: at most this many keys… */
export const MAX_ED_KEYS = 32;
/** …named [A-Za-z0-9_.$-], at most this long… */
export const MAX_ED_KEY_CHARS = 64;
/** …with string values at most this long (numbers must be finite; booleans and null allowed). */
export const MAX_ED_STRING_CHARS = 1_024;
/** Page address (`purl`). */
export const MAX_PURL_CHARS = 2_048;
/** Route path of a performance record (`_pn`). */
export const MAX_ROUTE_CHARS = 256;

/** Default event level (SPEC §3 "el (default INFO)"). */
export const DEFAULT_EVENT_LEVEL = 'INFO';
/** platform_type of every record from the web app (SPEC §1). */
export const PLATFORM_TYPE_H5 = 'H5';

/**
 * What a record is:
 * - event: a business or UI event (ei/et/en, ed free);
 * - pageview / pageleave: a page was shown / left (pageleave ed.duration in seconds, 0 when over SPEC §9's 432000 s);
 * - perf: the page performance record of SPEC §3/§4 (ed._pn, ed._st, ed._perf);
 * - vital: a web vital (ed.name LCP|INP|CLS|FCP|TTFB, ed.value).
 */
export const RECORD_KINDS = ['event', 'pageview', 'pageleave', 'perf', 'vital'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Web vitals the page reports (the `web-vitals` library's names). */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

/** A page that never goes quiet reports its performance after this long, flagged timedOut (docs/telemetry.md "Page performance"). */
export const PERF_GIVE_UP_MS = 30_000;

/** Event ids (`ei`) the login page sends around SMS codes (funnel analysis; the ops view counts the server's answers). */
export const TELEMETRY_EVENT = {
  smsCodeSent: 'sms_code_sent',
  smsCodeVerified: 'sms_code_verified',
} as const;
