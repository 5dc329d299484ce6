// Builders of analytics records and batches as the page sends them, for the collector tests.
import { newRecordId, type TelemetryBatchInput, type TelemetryRecordInput } from '@tyd/protocol';
import type { StoredTelemetryRecord } from '../../src/telemetry/repositories/telemetry-records-repository.js';

export function pageRecord(overrides: Partial<TelemetryRecordInput> & Record<string, unknown> = {}): TelemetryRecordInput {
  const ct = typeof overrides.ct === 'number' ? overrides.ct : Date.now();
  return {
    id: newRecordId(ct),
    kind: 'event',
    ct,
    purl: 'http://127.0.0.1/login',
    ei: 'login_click',
    et: 'click',
    en: '登录',
    platform_type: 'H5',
    is_login: false,
    product_version: '4.0.1',
    ...overrides,
  } as TelemetryRecordInput;
}

export function perfRecord(route: string, perfMs: number, opts: { ct?: number; timedOut?: boolean; hidden?: boolean } = {}): TelemetryRecordInput {
  const ct = opts.ct ?? Date.now();
  return pageRecord({
    kind: 'perf',
    ct,
    ei: '$perf',
    et: 'page',
    en: '页面性能',
    ed: { _pn: route, _st: ct - perfMs, _perf: perfMs, ...(opts.timedOut && { timedOut: true }), ...(opts.hidden && { hidden: true }) },
  });
}

export function batch(records: unknown[], opts: { sentAt?: number; clockOffset?: number } = {}): TelemetryBatchInput {
  return {
    project: 'production',
    sentAt: opts.sentAt ?? Date.now(),
    ...(opts.clockOffset !== undefined && { clockOffset: opts.clockOffset }),
    records: records as TelemetryRecordInput[],
  };
}

/** POST as sendBeacon does: text/plain. `from`: the client address (the app must run with TRUST_PROXY=1). */
export async function postBatch(baseUrl: string, body: unknown, opts: { query?: string; contentType?: string; from?: string } = {}): Promise<Response> {
  return fetch(`${baseUrl}/collect?${opts.query ?? 'project=production'}`, {
    method: 'POST',
    headers: { 'content-type': opts.contentType ?? 'text/plain;charset=UTF-8', ...(opts.from && { 'x-forwarded-for': opts.from }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A stored analytics row (as the collector writes it) received at `receivedAt`. */
export const storedRecord = (receivedAt: number, overrides: Partial<StoredTelemetryRecord> = {}): StoredTelemetryRecord => ({
  id: newRecordId(receivedAt),
  project: 'production',
  kind: 'event',
  ei: 'e',
  et: '',
  en: '',
  el: 'INFO',
  purl: '/',
  ed: '{}',
  route: null,
  metric: null,
  timed_out: 0,
  hidden: 0,
  platform_type: 'H5',
  is_login: 0,
  product_version: '4.0.1',
  business_line: '通盈达',
  identity_business_id: null,
  client_time: receivedAt,
  sent_at: receivedAt,
  received_at: receivedAt,
  corrected_at: receivedAt,
  clock_offset: null,
  ...overrides,
});
