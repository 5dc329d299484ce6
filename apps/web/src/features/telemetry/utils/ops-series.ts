// The operations summary (opsSummarySchema) as chart series: one value per calendar day of the window
// (China time), null where a day has no data, so a line shows a gap instead of a false zero.
import type { OpsSummary } from '@tyd/protocol/schemas';

export interface Series {
  label: string;
  values: (number | null)[];
}

export interface ChartData {
  /** `YYYY-MM-DD`, every day of the window in order. */
  days: string[];
  series: Series[];
}

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, inclusive. */
export function windowDays(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && days.length < 400; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function perDay<T extends { day: string }>(days: string[], rows: T[], value: (row: T) => number, fill: number | null): (number | null)[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + value(row));
  return days.map((day) => byDay.get(day) ?? fill);
}

/** Routes with performance reports, the most reported first. */
export function perfRoutes(summary: OpsSummary): string[] {
  const counts = new Map<string, number>();
  for (const row of summary.pagePerformance) counts.set(row.route, (counts.get(row.route) ?? 0) + row.count);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([route]) => route);
}

export interface RoutePerf {
  route: string;
  count: number;
  timedOut: number;
  hidden: number;
  /** The latest day with reports, and its percentiles (daily percentiles cannot be merged). */
  day: string;
  p50: number;
  p95: number;
}

export function routePerfTable(summary: OpsSummary): RoutePerf[] {
  return perfRoutes(summary).map((route) => {
    const rows = summary.pagePerformance.filter((row) => row.route === route).sort((a, b) => a.day.localeCompare(b.day));
    const latest = rows[rows.length - 1]!;
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      route,
      count: sum((r) => r.count),
      timedOut: sum((r) => r.timedOut),
      hidden: sum((r) => r.hidden),
      day: latest.day,
      p50: latest.p50,
      p95: latest.p95,
    };
  });
}

/** p50 and p95 of one route, per day (ms). */
export function perfChart(summary: OpsSummary, route: string): ChartData {
  const days = windowDays(summary.from, summary.to);
  const rows = summary.pagePerformance.filter((row) => row.route === route);
  return {
    days,
    series: [
      { label: 'p50', values: perDay(days, rows, (row) => row.p50, null) },
      { label: 'p95', values: perDay(days, rows, (row) => row.p95, null) },
    ],
  };
}

const KIND_LABEL: Record<string, string> = { pageview: '页面浏览', pageleave: '页面离开', perf: '页面性能', vital: '网页指标', event: '事件' };

/** Records stored per day, one series per kind. */
export function eventsChart(summary: OpsSummary): ChartData {
  const days = windowDays(summary.from, summary.to);
  const kinds = [...new Set(summary.events.map((row) => row.kind))].sort((a, b) => Object.keys(KIND_LABEL).indexOf(a) - Object.keys(KIND_LABEL).indexOf(b));
  return {
    days,
    series: kinds.map((kind) => ({
      label: KIND_LABEL[kind] ?? kind,
      values: perDay(
        days,
        summary.events.filter((row) => row.kind === kind),
        (row) => row.count,
        0,
      ),
    })),
  };
}

export function smsChart(summary: OpsSummary): ChartData {
  const days = windowDays(summary.from, summary.to);
  return {
    days,
    series: [
      { label: '发送', values: perDay(days, summary.sms, (row) => row.sent, 0) },
      { label: '验证通过', values: perDay(days, summary.sms, (row) => row.verified, 0) },
    ],
  };
}

/** The most frequent error codes (code/subcode) as their own series, the rest together. */
export function errorCodesChart(summary: OpsSummary, top = 5): ChartData {
  const days = windowDays(summary.from, summary.to);
  const name = (row: OpsSummary['errorCodes'][number]) => (row.subcode ? `${row.code}/${row.subcode}` : row.code);
  const totals = new Map<string, number>();
  for (const row of summary.errorCodes) totals.set(name(row), (totals.get(name(row)) ?? 0) + row.count);
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code);
  const shown = new Set(ranked.slice(0, top));
  const series = [...shown].map((code) => ({
    label: code,
    values: perDay(
      days,
      summary.errorCodes.filter((row) => name(row) === code),
      (row) => row.count,
      0,
    ),
  }));
  if (ranked.length > top)
    series.push({
      label: '其他',
      values: perDay(
        days,
        summary.errorCodes.filter((row) => !shown.has(name(row))),
        (row) => row.count,
        0,
      ),
    });
  return { days, series };
}

/** Sum of a series, for the figure's text summary. */
export function total(series: Series): number {
  return series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}
