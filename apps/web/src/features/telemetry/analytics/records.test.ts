import { RECORD_ID_PATTERN, recordIdTime } from '@tyd/protocol/wire';
import { parseTelemetryRecord } from '@tyd/protocol/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../../../lib/session';
import { analyticsUrl } from '../../../lib/analytics-url';
import { buildRecord, pageDurationSeconds, sharedProperties } from './records';

const T0 = 1_763_700_000_000;

afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

describe('analytics records (SPEC §1, §3)', () => {
  it('carry the event fields, the page properties and defaults, and pass the collector schema', () => {
    vi.useFakeTimers({ now: T0 });
    const record = buildRecord({ kind: 'event', ei: 'sms_code_sent', et: 'click', en: '获取验证码', purl: '/login' });
    expect(record).toMatchObject({
      kind: 'event',
      ct: T0,
      purl: '/login',
      ei: 'sms_code_sent',
      et: 'click',
      en: '获取验证码',
      el: 'INFO',
      ed: {},
      platform_type: 'H5',
      is_login: false,
      product_version: '4.0.1',
      business_line: '通盈达',
      identity_business_id: null,
    });
    expect(parseTelemetryRecord(record).ok).toBe(true);
    startSession({ accessToken: 'a'.repeat(43), phone: '13812345678' });
    expect(buildRecord({ kind: 'event', ei: 'x', et: 'click', en: 'x' }).is_login).toBe(true);
  });

  it('ids are UUID v7 carrying the record time, and sort in time order', () => {
    vi.useFakeTimers({ now: T0 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      ids.push(buildRecord({ kind: 'event', ei: 'x', et: 'click', en: 'x' }).id);
      vi.advanceTimersByTime(1);
    }
    for (const id of ids) expect(id).toMatch(RECORD_ID_PATTERN);
    expect(recordIdTime(ids[0]!)).toBe(T0);
    expect(recordIdTime(ids[49]!)).toBe(T0 + 49);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('purl keeps the path and campaign parameters, never codes or return addresses', () => {
    expect(analyticsUrl('/others/tydPreJump', '?code=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).toBe('/others/tydPreJump');
    expect(analyticsUrl('/login', '?returnUrl=%2Fmine%2FsignOff&utm_source=sms&pageTitle=x')).toBe('/login?utm_source=sms');
    expect(analyticsUrl('/', '')).toBe('/');
  });

  it('page duration in seconds; over 432000 s or negative is 0 (SPEC §9)', () => {
    expect(pageDurationSeconds(T0, T0 + 2_600)).toBe(3);
    expect(pageDurationSeconds(T0, T0 + 432_000_000)).toBe(432_000);
    expect(pageDurationSeconds(T0, T0 + 432_001_000)).toBe(0);
    expect(pageDurationSeconds(T0, T0 - 5_000)).toBe(0);
  });

  it('the app SDK’s shared properties go into ed, flat, prefixed and bounded', () => {
    const shared = sharedProperties({ distinct_id: 'dev-1', $is_first_day: true, nested: { a: 1 }, 'odd key': 2, n: Number.NaN });
    expect(shared).toEqual({ app_distinct_id: 'dev-1', app_$is_first_day: true, app_odd_key: 2 });
    const record = buildRecord({ kind: 'pageleave', ei: '$pageleave', et: 'page', en: 'pageleave', ed: { duration: 3 } }, shared);
    expect(record.ed).toEqual({ app_distinct_id: 'dev-1', app_$is_first_day: true, app_odd_key: 2, duration: 3 });
    expect(parseTelemetryRecord(record).ok).toBe(true);
    expect(Object.keys(sharedProperties(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]))))).toHaveLength(8);
  });
});
