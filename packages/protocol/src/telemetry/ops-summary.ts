// The operations view's data (docs/telemetry.md "Operations view"): aggregates only, never a single record.
// GET OPS_SUMMARY_PATH?days=14 with `Authorization: Bearer <TYD_ADMIN_TOKEN>`; plaintext ApiResponse.
// The path and the days' limits are zod-free in ops-paths.ts (the wire entry).
import * as z from 'zod/mini';
import { defineOpsEndpoint } from '../endpoints/define-endpoint.js';
import { OPS_PATH, OPS_TIMEZONE } from '../ops-paths.js';
import { WEB_VITAL_NAMES } from './telemetry-constants.js';

const count = z.int().check(z.gte(0));
/** `YYYY-MM-DD` in China time. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const opsSummarySchema = z.strictObject({
  /** Inclusive first and last day of the window, `days` days ending today. */
  from: day,
  to: day,
  days: z.int().check(z.positive()),
  timezone: z.literal(OPS_TIMEZONE),
  generatedAt: z.int(),
  /**
   * Page performance (perf records' `_perf`, ms) per route and day: nearest-rank p50/p95 over the reports that did
   * not time out, or over all of them when every report of that route and day timed out.
   */
  pagePerformance: z.array(z.strictObject({ day, route: z.string(), count, p50: z.number(), p95: z.number(), timedOut: count, hidden: count })),
  /**
   * Field metrics from real visits (vital records: LCP, INP, CLS, FCP, TTFB) per route: the nearest-rank 75th
   * percentile over the last day (`day`: the 24 hours before `generatedAt`) and the last week (`week`: 7 × 24
   * hours), with the count of reports behind it, so a regression shows in production (docs/telemetry.md
   * "Operations view"). Milliseconds, except CLS (a score). Whatever `days` asks for.
   */
  fieldVitals: z.array(z.strictObject({ window: z.enum(['day', 'week']), route: z.string(), metric: z.enum(WEB_VITAL_NAMES), p75: z.number(), count })),
  /** Records stored per day and kind (event, pageview, pageleave, perf, vital). */
  events: z.array(z.strictObject({ day, kind: z.string(), count })),
  /** SMS codes sent and verified per day, counted from the server's answers (docs/api.md "Operations summary"). */
  sms: z.array(z.strictObject({ day, sent: count, verified: count })),
  smsSource: z.literal('server'),
  /** Coded API error answers per day (code, subcode). */
  errorCodes: z.array(z.strictObject({ day, code: z.string(), subcode: z.nullable(z.string()), count })),
  /**
   * Side effects not delivered yet (docs/operations.md "The outbox"): how many are still being tried, how
   * many of those failed at least once, when the oldest of them was written (null when there is none), and
   * how many were parked as dead after their last attempt failed (listed by opsOutboxDead). Now, not per day.
   */
  outbox: z.strictObject({ depth: count, failing: count, oldestAt: z.nullable(z.int()), dead: count }),
});
export type OpsSummary = z.output<typeof opsSummarySchema>;

/** GET ?days=N: N digits, 1..OPS_MAX_DAYS (the server answers 400/4009 outside it), OPS_DEFAULT_DAYS when left out. */
export const opsTelemetrySummary = defineOpsEndpoint({
  method: 'GET',
  path: OPS_PATH.summary,
  request: z.strictObject({ days: z.optional(z.string().check(z.regex(/^[0-9]{1,3}$/))) }),
  response: opsSummarySchema,
});
