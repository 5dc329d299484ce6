// Schemas of the analytics batch and its records (SPEC §1, §3). The collector checks every
// record on its own, so one bad record is rejected without losing the good ones beside it. Strict objects:
// an unknown field rejects the record (the page and the server share these schemas). The web module should
// import only types from here (see telemetry-constants.ts on its size target).
import * as z from 'zod/mini';
import { DEFAULT_BUSINESS_LINE, MAX_PAGE_DURATION_S } from '../constants.js';
import { utf8Encode } from '../utf8.js';
import { RECORD_ID_PATTERN } from './record-id.js';
import {
  DEFAULT_EVENT_LEVEL,
  MAX_BATCH_RECORDS,
  MAX_ED_KEYS,
  MAX_ED_KEY_CHARS,
  MAX_ED_STRING_CHARS,
  MAX_PURL_CHARS,
  MAX_RECORD_BYTES,
  MAX_ROUTE_CHARS,
  PLATFORM_TYPE_H5,
  TELEMETRY_PROJECT,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
} from './telemetry-constants.js';

/** Client clock time, ms since the epoch (Date.now() on the page). */
const clientTime = z.int().check(z.gte(1));
const text = (max: number) => z.string().check(z.maxLength(max));

/** An `ed` value: flat only, so every value is bounded and scrubbable. */
const edValue = z.union([text(MAX_ED_STRING_CHARS), z.number(), z.boolean(), z.null()]);
const ED_KEY = new RegExp(`^[A-Za-z0-9_.$-]{1,${MAX_ED_KEY_CHARS}}$`);
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const edKeysBounded = z.refine<Record<string, unknown>>((ed) => {
  const keys = Object.keys(ed);
  return keys.length <= MAX_ED_KEYS && keys.every((key) => ED_KEY.test(key) && !RESERVED_KEYS.has(key));
}, 'ed keys: at most 32, named [A-Za-z0-9_.$-]{1,64}');

/** `ed` with the fields a kind requires, plus any other flat, bounded values. */
function edWith<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.catchall(z.object(shape), edValue).check(edKeysBounded);
}

/** A route path as the router knows it (`/login`, `/mine/signOff`). */
export const routePathField = z.string().check(z.regex(/^\//), z.maxLength(MAX_ROUTE_CHARS));

const genericEd = edWith({});
/** pageleave: the page's duration in seconds, 0 when it passed SPEC §9's maximum (432000 s). */
const pageLeaveEd = edWith({
  duration: z.int().check(z.gte(0), z.lte(MAX_PAGE_DURATION_S)),
  /** Reported on a later start from the last saved heartbeat (the page was killed). */
  recovered: z.optional(z.boolean()),
});
/** perf: SPEC §3 page performance record, sent once per page (SPEC §4). */
const perfEd = edWith({
  _pn: routePathField,
  _st: clientTime,
  /** ms from the page start to the end of the last response (the 500 ms of quiet not included). */
  _perf: z.int().check(z.gte(0), z.lte(3_600_000)),
  /** The page never went quiet; reported after PERF_GIVE_UP_MS. */
  timedOut: z.optional(z.boolean()),
  /** The page was hidden (in the background) at some point before the report. */
  hidden: z.optional(z.boolean()),
});
/**
 * vital: one web-vitals measurement (ms, CLS unitless), of the page load that landed on route `_pn`: the
 * measures are the document's (LCP, FCP and TTFB of its load; INP and CLS over its life), so they count for
 * the route it was loaded at, as field data does (docs/telemetry.md). Optional: records of clients before it
 * are stored without a route.
 */
const vitalEd = edWith({
  _pn: z.optional(routePathField),
  name: z.enum(WEB_VITAL_NAMES),
  value: z.number().check(z.gte(0)),
  rating: z.optional(z.enum(WEB_VITAL_RATINGS)),
});

/** Fields of every record: SPEC §3's event plus SPEC §1's page properties. */
const baseShape = {
  /** UUID v7 (newRecordId); a record sent twice is stored once. */
  id: z.string().check(z.regex(RECORD_ID_PATTERN)),
  ct: clientTime,
  purl: text(MAX_PURL_CHARS),
  /** Event id, e.g. `sms_code_sent`, `$pageview`. */
  ei: z.string().check(z.minLength(1), z.maxLength(64)),
  /** Event type, e.g. `click`, `page`. */
  et: text(32),
  /** Event name as shown in reports. */
  en: text(128),
  el: z._default(z.string().check(z.regex(/^[A-Za-z]{1,16}$/)), DEFAULT_EVENT_LEVEL),
  platform_type: z.literal(PLATFORM_TYPE_H5),
  is_login: z.boolean(),
  product_version: z.string().check(z.minLength(1), z.maxLength(32)),
  business_line: z._default(z.string().check(z.minLength(1), z.maxLength(32)), DEFAULT_BUSINESS_LINE),
  identity_business_id: z.optional(z.nullable(text(64))),
};

export const telemetryRecordSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...baseShape, kind: z.literal('event'), ed: z._default(genericEd, () => ({})) }),
  z.strictObject({ ...baseShape, kind: z.literal('pageview'), ed: z._default(genericEd, () => ({})) }),
  z.strictObject({ ...baseShape, kind: z.literal('pageleave'), ed: pageLeaveEd }),
  z.strictObject({ ...baseShape, kind: z.literal('perf'), ed: perfEd }),
  z.strictObject({ ...baseShape, kind: z.literal('vital'), ed: vitalEd }),
]);
/** A record as checked by the collector (defaults filled in). */
export type TelemetryRecord = z.output<typeof telemetryRecordSchema>;
/** A record as the page builds it (`el`, `business_line`, generic `ed` may be left out). */
export type TelemetryRecordInput = z.input<typeof telemetryRecordSchema>;

/**
 * The batch body, `POST /collect?project=production` (text/plain JSON). `sentAt` is the page's clock when
 * it sends (the same clock as each record's `ct`): the collector corrects each record's time by
 * (server receive time − sentAt). `clockOffset` is the page's stored server−local offset (SPEC §3
 * shortTime), kept for diagnosis only. Records are checked one by one (telemetryRecordSchema).
 */
export const telemetryBatchSchema = z.strictObject({
  project: z.literal(TELEMETRY_PROJECT),
  sentAt: clientTime,
  clockOffset: z.optional(z.int()),
  records: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_BATCH_RECORDS)),
});
export type TelemetryBatch = z.output<typeof telemetryBatchSchema>;
/** A batch as the page sends it. */
export interface TelemetryBatchInput {
  project: typeof TELEMETRY_PROJECT;
  sentAt: number;
  clockOffset?: number;
  records: TelemetryRecordInput[];
}

/** `data` of the collector's answer: how the batch's records fared (rejections: the first 20). */
export const collectResultSchema = z.strictObject({
  accepted: z.int().check(z.gte(0)),
  rejected: z.int().check(z.gte(0)),
  duplicate: z.int().check(z.gte(0)),
  rejections: z.array(z.strictObject({ index: z.int().check(z.gte(0)), issues: z.array(z.string()) })),
});
export type CollectResult = z.output<typeof collectResultSchema>;

export type TelemetryParseResult<T> = { ok: true; data: T } | { ok: false; issues: string[] };

// Issues name the field and the failed rule, never the value (records are hostile and may carry anything).
function issuesOf(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.code}`);
}

/** Checks a batch's outer shape; its records are left for parseTelemetryRecord. */
export function parseTelemetryBatch(value: unknown): TelemetryParseResult<TelemetryBatch> {
  const result = z.safeParse(telemetryBatchSchema, value);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: issuesOf(result.error) };
}

/**
 * Checks one record: its schema, then its size (compact JSON of the checked record, MAX_RECORD_BYTES).
 * Schema first: the checked record is flat, while a hostile value may be nested deeply enough to overflow
 * the stack of JSON.stringify.
 */
export function parseTelemetryRecord(value: unknown): TelemetryParseResult<TelemetryRecord> {
  const result = z.safeParse(telemetryRecordSchema, value);
  if (!result.success) return { ok: false, issues: issuesOf(result.error) };
  if (utf8Encode(JSON.stringify(result.data)).length > MAX_RECORD_BYTES) return { ok: false, issues: ['(root): too_big'] };
  return { ok: true, data: result.data };
}
