// Kysely types of the telemetry tables (migration 2026-11-21-1900-telemetry). Kept beside schema.ts and
// added to a handle with `db.withTables<TelemetryTables>()`, so the core schema file stays as it is.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type TelemetryRecordsTable = {
  id: string;
  project: string;
  kind: string;
  ei: string;
  et: string;
  en: string;
  el: string;
  purl: string;
  /** JSON of the scrubbed `ed` object. */
  ed: string;
  route: string | null;
  metric: number | null;
  timed_out: number;
  hidden: number;
  platform_type: string;
  is_login: number;
  product_version: string;
  business_line: string;
  identity_business_id: string | null;
  /** The page's clock (`ct`). */
  client_time: number;
  sent_at: number;
  /** The server's clock when the batch arrived. */
  received_at: number;
  /** client_time + (received_at − sent_at), at most received_at. */
  corrected_at: number;
  clock_offset: number | null;
};

export type DeepLinksTable = {
  project: string;
  system_type: string;
  key: string;
  /** JSON object. */
  params: string;
  created_at: number;
  updated_at: number;
};

export type ApiAnswerCountsTable = {
  /** Start of the UTC hour, ms since the epoch. */
  hour_start: number;
  /** The route's path (its pattern, never the raw URL). */
  path: string;
  code: string;
  subcode: string;
  count: number;
};

export type TelemetryTables = {
  telemetry_records: TelemetryRecordsTable;
  deep_links: DeepLinksTable;
  api_answer_counts: ApiAnswerCountsTable;
};

export type TelemetryDb = Kysely<Database & TelemetryTables>;

export function telemetryDb(db: Kysely<Database>): TelemetryDb {
  return db.withTables<TelemetryTables>();
}
