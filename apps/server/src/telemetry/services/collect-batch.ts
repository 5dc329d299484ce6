// The collector's rules (docs/api.md), without HTTP: a batch is checked as a whole for its outer
// shape, then record by record, so one bad record never costs the good ones beside it. Accepted records are
// scrubbed (scrub-record.ts), timed (client, server and skew-corrected time) and stored once per id.
// Reading and storing are two steps so the daily quota (collect-limits.ts) can be charged in between.
import { CODE, SUBCODE, parseTelemetryBatch, parseTelemetryRecord, type CollectResult, type TelemetryRecord } from '@tyd/protocol';
import type { StoredTelemetryRecord, TelemetryRecordsRepository } from '../repositories/telemetry-records-repository.js';
import { ApiError } from '../../http/api-error.js';
import { scrubText } from '../../logging.js';
import { scrubEd } from './scrub-record.js';

/** How many rejections the answer lists (the counts are always complete). */
export const MAX_LISTED_REJECTIONS = 20;

export interface CollectInput {
  /** The batch JSON as received (POST body or the GET fallback's parameter). */
  text: string;
  /** `?project=` of the request. */
  project: string | undefined;
  receivedAt: number;
}

function badBatch(detail: string): ApiError {
  return new ApiError(CODE.BAD_REQUEST, SUBCODE.BAD_PAYLOAD, { httpStatus: 400, detail: `telemetry batch: ${detail}` });
}

/**
 * The stored form of one record. corrected_at applies the clock difference measured at sending
 * (server receive time − the page's sentAt, transit included) to the record's own time; a record cannot
 * have happened after it arrived, so it is capped at the receive time.
 */
export function toStoredRecord(
  record: TelemetryRecord,
  batch: { project: string; sentAt: number; clockOffset: number | undefined },
  receivedAt: number,
): StoredTelemetryRecord {
  const ed = scrubEd(record.ed);
  const perf = record.kind === 'perf' ? record.ed : undefined;
  const route = record.kind === 'perf' ? ed._pn : record.kind === 'vital' ? ed._pn : undefined;
  const metric = record.kind === 'perf' ? record.ed._perf : record.kind === 'vital' ? record.ed.value : record.kind === 'pageleave' ? record.ed.duration : null;
  return {
    id: record.id,
    project: batch.project,
    kind: record.kind,
    ei: scrubText(record.ei),
    et: scrubText(record.et),
    en: scrubText(record.en),
    el: record.el,
    purl: scrubText(record.purl),
    ed: JSON.stringify(ed),
    route: typeof route === 'string' ? route : null,
    metric,
    timed_out: perf?.timedOut === true ? 1 : 0,
    hidden: perf?.hidden === true ? 1 : 0,
    platform_type: record.platform_type,
    is_login: record.is_login ? 1 : 0,
    product_version: scrubText(record.product_version),
    business_line: scrubText(record.business_line),
    identity_business_id: record.identity_business_id == null ? null : scrubText(record.identity_business_id),
    client_time: record.ct,
    sent_at: batch.sentAt,
    received_at: receivedAt,
    corrected_at: Math.min(record.ct + (receivedAt - batch.sentAt), receivedAt),
    clock_offset: batch.clockOffset ?? null,
  };
}

/** A batch checked and turned into the rows to store, before anything is stored. */
export interface ReadBatch {
  rows: StoredTelemetryRecord[];
  rejected: number;
  /** Copies of a record within the batch. */
  duplicate: number;
  rejections: CollectResult['rejections'];
}

export function readBatch(input: CollectInput): ReadBatch {
  let json: unknown;
  try {
    json = JSON.parse(input.text);
  } catch {
    throw badBatch('not JSON');
  }
  const batch = parseTelemetryBatch(json);
  if (!batch.ok) throw badBatch(batch.issues.join(', '));
  if (input.project !== batch.data.project) throw badBatch('project missing or different from the body');

  const read: ReadBatch = { rows: [], rejected: 0, duplicate: 0, rejections: [] };
  const seen = new Set<string>();
  batch.data.records.forEach((value, index) => {
    const parsed = parseTelemetryRecord(value);
    if (!parsed.ok) {
      read.rejected += 1;
      if (read.rejections.length < MAX_LISTED_REJECTIONS) read.rejections.push({ index, issues: parsed.issues });
      return;
    }
    if (seen.has(parsed.data.id)) {
      read.duplicate += 1;
      return;
    }
    seen.add(parsed.data.id);
    read.rows.push(
      toStoredRecord(parsed.data, { project: batch.data.project, sentAt: batch.data.sentAt, clockOffset: batch.data.clockOffset }, input.receivedAt),
    );
  });
  return read;
}

/** What the rows take in storage, about: their JSON (the daily quota counts this). */
export function storedBytes(rows: StoredTelemetryRecord[]): number {
  return rows.reduce((sum, row) => sum + Buffer.byteLength(JSON.stringify(row), 'utf8'), 0);
}

export async function storeBatch(records: TelemetryRecordsRepository, read: ReadBatch): Promise<CollectResult> {
  const accepted = read.rows.length === 0 ? 0 : await records.insertNew(read.rows);
  return { accepted, rejected: read.rejected, duplicate: read.duplicate + (read.rows.length - accepted), rejections: read.rejections };
}
