// The operations view's aggregates (docs/telemetry.md "Operations view"): read-only, aggregates only.
// Days are China-time calendar days (UTC+8, no daylight saving), as the SMS daily caps are (docs/api.md).
import {
  CHINA_OFFSET_MS,
  DAY_MS,
  OPS_TIMEZONE,
  WEB_VITAL_NAMES,
  chinaDay,
  chinaDayEnd,
  type OpsSummary,
  cancelAccount,
  login,
  savePhone,
  sendSmsCode,
  userLoginV1,
  verifyPhone,
} from '@tyd/protocol';
import type { AnswerCountsRepository } from '../repositories/answer-counts-repository.js';
import type { TelemetryRecordsRepository } from '../repositories/telemetry-records-repository.js';
import { nearestRank } from './percentile.js';

/** '200' answers of sms-send-v1 are codes sent. */
const SMS_SENT_PATHS: ReadonlySet<string> = new Set([sendSmsCode.fullPath]);
/** '200' answers of the endpoints that consume a code are codes verified (docs/api.md "SMS code rules"). */
const SMS_VERIFIED_PATHS: ReadonlySet<string> = new Set([login, userLoginV1, verifyPhone, savePhone, cancelAccount].map((endpoint) => endpoint.fullPath));
const API_PREFIX = '/tydApi/';

const dayLabel = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const byDayThen =
  <T extends { day: string }>(key: (t: T) => string) =>
  (a: T, b: T) =>
    a.day.localeCompare(b.day) || key(a).localeCompare(key(b));

const FIELD_WINDOWS = [
  ['day', DAY_MS],
  ['week', 7 * DAY_MS],
] as const;
const isVitalName = (name: string): name is (typeof WEB_VITAL_NAMES)[number] => (WEB_VITAL_NAMES as readonly string[]).includes(name);

/**
 * The field p75 of each web vital per route over the last day and the last week before `now`, with the
 * count of reports behind each: what visitors met, beside the lab figures of bench:web.
 */
async function fieldPercentiles(records: TelemetryRecordsRepository, now: number): Promise<OpsSummary['fieldVitals']> {
  const samples = await records.vitalSamples(now - 7 * DAY_MS, now + 1);
  const rows: OpsSummary['fieldVitals'] = [];
  for (const [window, span] of FIELD_WINDOWS) {
    const groups = new Map<string, { route: string; metric: (typeof WEB_VITAL_NAMES)[number]; values: number[] }>();
    for (const s of samples) {
      if (s.correctedAt < now - span || !isVitalName(s.name)) continue;
      const key = `${s.route}|${s.name}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { route: s.route, metric: s.name, values: [] }));
      group.values.push(s.value);
    }
    for (const { route, metric, values } of groups.values()) {
      rows.push({
        window,
        route,
        metric,
        p75:
          nearestRank(
            values.sort((a, b) => a - b),
            0.75,
          ) ?? 0,
        count: values.length,
      });
    }
  }
  const order = (metric: string) => WEB_VITAL_NAMES.indexOf(metric as (typeof WEB_VITAL_NAMES)[number]);
  return rows.sort((a, b) => a.window.localeCompare(b.window) || a.route.localeCompare(b.route) || order(a.metric) - order(b.metric));
}

export async function buildOpsSummary(
  repos: { records: TelemetryRecordsRepository; answerCounts: AnswerCountsRepository; outbox: { backlog(): Promise<OpsSummary['outbox']> } },
  days: number,
  now: number,
): Promise<OpsSummary> {
  const today = chinaDay(now);
  const firstDay = today - days + 1;
  const from = firstDay * DAY_MS - CHINA_OFFSET_MS;
  const to = chinaDayEnd(today);

  const perfGroups = new Map<
    string,
    { day: string; route: string; values: number[]; timedOutValues: number[]; count: number; timedOut: number; hidden: number }
  >();
  for (const s of await repos.records.perfSamples(from, to)) {
    const day = dayLabel(chinaDay(s.correctedAt));
    const key = `${day}|${s.route}`;
    let group = perfGroups.get(key);
    if (!group) perfGroups.set(key, (group = { day, route: s.route, values: [], timedOutValues: [], count: 0, timedOut: 0, hidden: 0 }));
    group.count += 1;
    if (s.timedOut) {
      group.timedOut += 1;
      group.timedOutValues.push(s.perfMs);
    } else group.values.push(s.perfMs);
    if (s.hidden) group.hidden += 1;
  }
  const pagePerformance = [...perfGroups.values()]
    .map(({ day, route, values, timedOutValues, count, timedOut, hidden }) => {
      // A report that never went quiet measures the 30 s give-up, not the page: left out unless it is all there is.
      const sorted = (values.length > 0 ? values : timedOutValues).sort((a, b) => a - b);
      return { day, route, count, p50: nearestRank(sorted, 0.5) ?? 0, p95: nearestRank(sorted, 0.95) ?? 0, timedOut, hidden };
    })
    .sort(byDayThen((g) => g.route));

  const fieldVitals = await fieldPercentiles(repos.records, now);

  const events = (await repos.records.countByDayAndKind(from, to, CHINA_OFFSET_MS))
    .map((r) => ({ day: dayLabel(r.day), kind: r.kind, count: r.count }))
    .sort(byDayThen((e) => e.kind));

  const sms = new Map<string, { day: string; sent: number; verified: number }>();
  const errors = new Map<string, { day: string; code: string; subcode: string | null; count: number }>();
  for (let d = firstDay; d <= today; d++) sms.set(dayLabel(d), { day: dayLabel(d), sent: 0, verified: 0 });
  for (const c of await repos.answerCounts.between(from, to)) {
    const day = dayLabel(chinaDay(c.hourStart));
    if (c.code === '200') {
      const row = sms.get(day);
      if (row && SMS_SENT_PATHS.has(c.path)) row.sent += c.count;
      if (row && SMS_VERIFIED_PATHS.has(c.path)) row.verified += c.count;
    } else if (c.path.startsWith(API_PREFIX)) {
      const key = `${day}|${c.code}|${c.subcode}`;
      const row = errors.get(key);
      if (row) row.count += c.count;
      else errors.set(key, { day, code: c.code, subcode: c.subcode || null, count: c.count });
    }
  }

  return {
    from: dayLabel(firstDay),
    to: dayLabel(today),
    days,
    timezone: OPS_TIMEZONE,
    generatedAt: now,
    pagePerformance,
    fieldVitals,
    events,
    sms: [...sms.values()],
    smsSource: 'server',
    errorCodes: [...errors.values()].sort(byDayThen((e) => `${e.code}|${e.subcode ?? ''}`)),
    outbox: await repos.outbox.backlog(),
  };
}
