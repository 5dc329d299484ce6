// Analytics records (from the collector, docs/api.md) and the aggregates the operations view reads.
import { RECORD_KINDS } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { telemetryDb, type TelemetryRecordsTable } from '../../db/telemetry-schema.js';

export type StoredTelemetryRecord = TelemetryRecordsTable;

export interface PerfSample {
  route: string;
  correctedAt: number;
  perfMs: number;
  timedOut: boolean;
  hidden: boolean;
}

/** One field metric report (a vital record): its route, metric name and value. */
export interface VitalSample {
  route: string;
  correctedAt: number;
  name: string;
  value: number;
}

export interface TelemetryRecordsRepository {
  /** Stores the rows whose id is new; returns how many were stored (the rest were already there). */
  insertNew(rows: StoredTelemetryRecord[]): Promise<number>;
  /** Deletes records received before `before`; returns how many. */
  pruneReceivedBefore(before: number): Promise<number>;
  /** Records per China-time day (day number since the epoch, UTC+8) and kind, corrected time in [from, to). */
  countByDayAndKind(from: number, to: number, dayOffsetMs: number): Promise<Array<{ day: number; kind: string; count: number }>>;
  /** perf records in [from, to) by corrected time. */
  perfSamples(from: number, to: number): Promise<PerfSample[]>;
  /** vital records in [from, to) by corrected time. */
  vitalSamples(from: number, to: number): Promise<VitalSample[]>;
  count(): Promise<number>;
  findById(id: string): Promise<StoredTelemetryRecord | undefined>;
}

const DAY_MS = 86_400_000;
// SQLite binds at most 32,766 variables per statement; 25 columns x 200 rows fits, chunks keep it safe.
const INSERT_CHUNK = 200;

export function createTelemetryRecordsRepository(base: Kysely<Database>): TelemetryRecordsRepository {
  const db = telemetryDb(base);
  return {
    async insertNew(rows) {
      let inserted = 0;
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        // ON CONFLICT DO NOTHING: a concurrent copy of the same record is dropped by the primary key, not raced.
        const result = await db
          .insertInto('telemetry_records')
          .values(chunk)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return inserted;
    },
    async pruneReceivedBefore(before) {
      const result = await db.deleteFrom('telemetry_records').where('received_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async countByDayAndKind(from, to, dayOffsetMs) {
      // Literals, not parameters: PostgreSQL only matches the GROUP BY expression to the selected one when
      // they are the same text (two parameter placeholders differ). Both are numbers from our code.
      const day = sql<number>`(corrected_at + ${sql.lit(Math.trunc(dayOffsetMs))}) / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('telemetry_records')
        .select([day.as('day'), 'kind', (eb) => eb.fn.countAll<number | string>().as('n')])
        // Every kind, listed: lets both engines use the (kind, corrected_at) index, one range per kind.
        .where('kind', 'in', [...RECORD_KINDS])
        .where('corrected_at', '>=', from)
        .where('corrected_at', '<', to)
        .groupBy([day, 'kind'])
        .execute();
      return rows.map((r) => ({ day: Number(r.day), kind: r.kind, count: Number(r.n) }));
    },
    async perfSamples(from, to) {
      const rows = await db
        .selectFrom('telemetry_records')
        .select(['route', 'corrected_at', 'metric', 'timed_out', 'hidden'])
        .where('kind', '=', 'perf')
        .where('corrected_at', '>=', from)
        .where('corrected_at', '<', to)
        .execute();
      return rows.map((r) => ({
        route: r.route ?? '',
        correctedAt: r.corrected_at,
        perfMs: r.metric ?? 0,
        timedOut: r.timed_out === 1,
        hidden: r.hidden === 1,
      }));
    },
    async vitalSamples(from, to) {
      const rows = await db
        .selectFrom('telemetry_records')
        .select(['route', 'corrected_at', 'metric', 'ed'])
        .where('kind', '=', 'vital')
        .where('corrected_at', '>=', from)
        .where('corrected_at', '<', to)
        .execute();
      // The metric's name is in the record's ed (the collector checked it against WEB_VITAL_NAMES).
      return rows.map((r) => ({
        route: r.route ?? '',
        correctedAt: r.corrected_at,
        name: String((JSON.parse(r.ed) as { name?: unknown }).name ?? ''),
        value: r.metric ?? 0,
      }));
    },
    async count() {
      const { n } = await db
        .selectFrom('telemetry_records')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
    async findById(id) {
      return db.selectFrom('telemetry_records').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
