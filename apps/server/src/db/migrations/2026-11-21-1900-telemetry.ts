// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Analytics records, deep-link parameters, per-hour counts of API answers (operations view).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telemetry_records')
    // UUID v7 from the page: the primary key is what drops duplicates, also under concurrency.
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('project', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('ei', 'varchar(64)', (c) => c.notNull())
    .addColumn('et', 'varchar(64)', (c) => c.notNull())
    .addColumn('en', 'text', (c) => c.notNull())
    .addColumn('el', 'varchar(16)', (c) => c.notNull())
    .addColumn('purl', 'text', (c) => c.notNull())
    .addColumn('ed', 'text', (c) => c.notNull())
    // Denormalised for the aggregates: perf route and duration, vital value, perf flags (0/1).
    .addColumn('route', 'varchar(256)')
    .addColumn('metric', 'double precision')
    .addColumn('timed_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('platform_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('is_login', 'integer', (c) => c.notNull())
    .addColumn('product_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('business_line', 'varchar(64)', (c) => c.notNull())
    .addColumn('identity_business_id', 'varchar(128)')
    .addColumn('client_time', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('corrected_at', 'bigint', (c) => c.notNull())
    .addColumn('clock_offset', 'bigint')
    .execute();
  await db.schema.createIndex('telemetry_records_received_at').on('telemetry_records').column('received_at').execute();
  await db.schema.createIndex('telemetry_records_kind_corrected_at').on('telemetry_records').columns(['kind', 'corrected_at']).execute();

  await db.schema
    .createTable('deep_links')
    .addColumn('project', 'varchar(32)', (c) => c.notNull())
    .addColumn('system_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deep_links_pk', ['project', 'system_type', 'key'])
    .execute();

  await db.schema
    .createTable('api_answer_counts')
    .addColumn('hour_start', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(128)', (c) => c.notNull())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    // '' when the answer had no subcode (a primary key column cannot be null).
    .addColumn('subcode', 'varchar(8)', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_answer_counts_pk', ['hour_start', 'path', 'code', 'subcode'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_answer_counts').execute();
  await db.schema.dropTable('deep_links').execute();
  await db.schema.dropTable('telemetry_records').execute();
}
