import type { OpsSummary } from '@tyd/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { errorCodesChart, eventsChart, routePerfTable, smsChart, windowDays } from './ops-series';

const base: OpsSummary = {
  from: '2026-10-30',
  to: '2026-11-02',
  days: 4,
  timezone: 'Asia/Shanghai',
  generatedAt: 0,
  pagePerformance: [],
  fieldVitals: [],
  events: [],
  sms: [],
  errorCodes: [],
  smsSource: 'server',
  outbox: { depth: 0, failing: 0, oldestAt: null, dead: 0 },
};

describe('ops series', () => {
  it('every day of the window, across a month end', () => {
    expect(windowDays('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('counts per day with zeros for quiet days; one series per kind', () => {
    const summary = {
      ...base,
      events: [
        { day: '2026-10-31', kind: 'perf', count: 3 },
        { day: '2026-11-02', kind: 'pageview', count: 5 },
      ],
    };
    expect(eventsChart(summary).series).toEqual([
      { label: '页面浏览', values: [0, 0, 0, 5] },
      { label: '页面性能', values: [0, 3, 0, 0] },
    ]);
    expect(smsChart({ ...base, sms: [{ day: '2026-11-01', sent: 4, verified: 1 }] }).series.map((s) => s.values)).toEqual([
      [0, 0, 4, 0],
      [0, 0, 1, 0],
    ]);
  });

  it('error codes: the top five by total get their own series, the rest are summed', () => {
    const errorCodes: OpsSummary['errorCodes'] = ['4202', '4203', '4204', '4205', '4206', '4207', '4208'].map((subcode, i) => ({
      day: '2026-11-01',
      code: '400',
      subcode,
      count: 10 - i,
    }));
    errorCodes.push({ day: '2026-11-02', code: '404', subcode: null, count: 1 });
    const chart = errorCodesChart({ ...base, errorCodes });
    expect(chart.series.map((s) => s.label)).toEqual(['400/4202', '400/4203', '400/4204', '400/4205', '400/4206', '其他']);
    expect(chart.series.at(-1)!.values).toEqual([0, 0, 5 + 4, 1]);
  });

  it('route table: totals over the window, percentiles of the latest day', () => {
    const summary: OpsSummary = {
      ...base,
      pagePerformance: [
        { day: '2026-11-01', route: '/nfc', count: 2, p50: 40, p95: 60, timedOut: 0, hidden: 0 },
        { day: '2026-11-02', route: '/nfc', count: 1, p50: 30_000, p95: 30_000, timedOut: 1, hidden: 1 },
      ],
    };
    expect(routePerfTable(summary)).toEqual([{ route: '/nfc', count: 3, timedOut: 1, hidden: 1, day: '2026-11-02', p50: 30_000, p95: 30_000 }]);
  });
});
