import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { deepLinkQuerySchema } from './deep-link.js';
import { newRecordId, RECORD_ID_PATTERN, recordIdTime } from './record-id.js';
import { MAX_BATCH_RECORDS, MAX_ED_KEYS, MAX_RECORD_BYTES } from './telemetry-constants.js';
import { parseTelemetryBatch, parseTelemetryRecord, type TelemetryRecordInput } from './telemetry-record.js';

const NOW = 1_763_700_000_000;

function record(overrides: Partial<Record<keyof TelemetryRecordInput, unknown>> = {}): Record<string, unknown> {
  return {
    id: newRecordId(NOW),
    kind: 'event',
    ct: NOW,
    purl: 'https://h5.example.com/login',
    ei: 'sms_code_sent',
    et: 'click',
    en: '获取验证码',
    platform_type: 'H5',
    is_login: false,
    product_version: '4.0.1',
    ...overrides,
  };
}

describe('record ids (UUID v7, RFC 9562 §5.7)', () => {
  it('carry the time, the version and the variant, and differ', () => {
    const a = newRecordId(NOW);
    const b = newRecordId(NOW);
    expect(a).toMatch(RECORD_ID_PATTERN);
    expect(a).not.toBe(b);
    expect(recordIdTime(a)).toBe(NOW);
    expect(newRecordId(NOW + 1) > newRecordId(NOW)).toBe(true);
  });
});

describe('telemetry records', () => {
  it('fills in the defaults: el INFO, business_line 通盈达, ed {}', () => {
    const parsed = parseTelemetryRecord(record());
    expect(parsed.ok && parsed.data).toMatchObject({ el: 'INFO', business_line: '通盈达', ed: {} });
  });

  it('checks the fields each kind needs', () => {
    const perf = { _pn: '/login', _st: NOW - 800, _perf: 640 };
    expect(parseTelemetryRecord(record({ kind: 'perf', ed: perf })).ok).toBe(true);
    expect(parseTelemetryRecord(record({ kind: 'perf', ed: { ...perf, timedOut: true, hidden: true, extra: 'x' } })).ok).toBe(true);
    expect(parseTelemetryRecord(record({ kind: 'perf', ed: { _pn: '/login', _st: NOW } }))).toEqual({ ok: false, issues: ['ed._perf: invalid_type'] });
    expect(parseTelemetryRecord(record({ kind: 'perf', ed: { ...perf, _pn: 'login' } })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ kind: 'pageleave', ed: { duration: 432_000 } })).ok).toBe(true);
    expect(parseTelemetryRecord(record({ kind: 'pageleave', ed: { duration: 432_001 } })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ kind: 'vital', ed: { name: 'LCP', value: 1200.5, rating: 'good' } })).ok).toBe(true);
    expect(parseTelemetryRecord(record({ kind: 'vital', ed: { name: 'FID', value: 3 } })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ kind: 'click' })).ok).toBe(false);
  });

  it('refuses unknown fields, wrong types, long strings and nested or oversized ed', () => {
    expect(parseTelemetryRecord(record({ platform_type: 'APP' })).ok).toBe(false);
    expect(parseTelemetryRecord({ ...record(), extra: 1 }).ok).toBe(false);
    expect(parseTelemetryRecord(record({ id: 'not-a-uuid' })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ id: '0190b6b0-0000-4000-8000-000000000000' })).ok, 'v4').toBe(false);
    expect(parseTelemetryRecord(record({ ct: 1.5 })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ ei: '' })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ ed: { nested: { a: 1 } } })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ ed: { list: [1] } })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ ed: { 'bad key': 1 } })).ok).toBe(false);
    // A JSON "__proto__" key cannot reach the stored object or its prototype.
    const proto = parseTelemetryRecord(record({ ed: JSON.parse('{"__proto__":{"polluted":1},"constructor":"x"}') as unknown }));
    expect(proto.ok).toBe(false);
    const dropped = parseTelemetryRecord(record({ ed: JSON.parse('{"__proto__":"x","a":1}') as unknown }));
    expect(dropped.ok && dropped.data.ed).toEqual({ a: 1 });
    expect(dropped.ok && Object.getPrototypeOf(dropped.data.ed)).toBe(Object.prototype);
    const many = Object.fromEntries(Array.from({ length: MAX_ED_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(parseTelemetryRecord(record({ ed: many })).ok).toBe(false);
    expect(parseTelemetryRecord(record({ ed: { s: 'x'.repeat(1_025) } })).ok).toBe(false);
    const big = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, '字'.repeat(1_000)]));
    expect(JSON.stringify(record({ ed: big })).length).toBeLessThan(MAX_RECORD_BYTES);
    expect(parseTelemetryRecord(record({ ed: big }))).toEqual({ ok: false, issues: ['(root): too_big'] });
    expect(parseTelemetryRecord(undefined).ok).toBe(false);
    // Nested deeper than JSON.stringify's stack allows: refused, not thrown.
    const deep = JSON.parse(`${'['.repeat(30_000)}${']'.repeat(30_000)}`) as unknown;
    expect(parseTelemetryRecord(record({ ed: { a: deep } })).ok).toBe(false);
    expect(parseTelemetryRecord({ ...record(), extra: deep }).ok).toBe(false);
    expect(parseTelemetryRecord(deep).ok).toBe(false);
  });
});

describe('telemetry batches', () => {
  it('checks the outer shape only; records are checked one by one', () => {
    const batch = { project: 'production', sentAt: NOW, clockOffset: -1200, records: [record(), { junk: true }] };
    const parsed = parseTelemetryBatch(batch);
    expect(parsed.ok && parsed.data.records).toHaveLength(2);
    expect(parseTelemetryBatch({ ...batch, project: 'test' }).ok).toBe(false);
    expect(parseTelemetryBatch({ ...batch, records: [] }).ok).toBe(false);
    expect(parseTelemetryBatch({ ...batch, records: Array.from({ length: MAX_BATCH_RECORDS + 1 }, record) }).ok).toBe(false);
    expect(parseTelemetryBatch({ ...batch, extra: 1 }).ok).toBe(false);
    expect(parseTelemetryBatch({ project: 'production', records: [record()] }).ok).toBe(false);
  });
});

describe('deep-link query (SPEC §7)', () => {
  it('takes key, system_type and project', () => {
    expect(z.safeParse(deepLinkQuerySchema, { key: 'loan-home', system_type: 'android', project: 'production' }).success).toBe(true);
    expect(z.safeParse(deepLinkQuerySchema, { key: 'loan-home', system_type: 'h5' }).data?.project).toBe('production');
    expect(z.safeParse(deepLinkQuerySchema, { key: 'loan home', system_type: 'ios' }).success).toBe(false);
    expect(z.safeParse(deepLinkQuerySchema, { key: 'a', system_type: 'windows' }).success).toBe(false);
    expect(z.safeParse(deepLinkQuerySchema, { key: 'a', system_type: 'ios', other: '1' }).success).toBe(false);
  });
});
