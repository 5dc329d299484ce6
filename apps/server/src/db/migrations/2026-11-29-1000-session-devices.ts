// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// 账户与安全 (docs/api.md "Account security"):
// - sessions learn what they are to their owner: the device and app or browser they signed in from (parsed
//   from the user agent and x-client-info at sign-in, never the raw header), when they were last used (kept
//   to the minute), the approximate region of the last address and that address masked (never the address
//   itself: PIPL art. 6, no more than the purpose needs), and why a revoked one ended (`ended_reason`
//   'other-device' answers its next call 401/4012). Sessions made before get neutral values.
// - login_events: each sign-in and each refused login code of an account, with the same description of where
//   it came from; deleted with the account (cascade) and after LOGIN_RECORD_DAYS (docs/operations.md
//   "Pruning sessions and authorisation codes").
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'bigint').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('device', 'varchar(80)', (c) => c.notNull().defaultTo('未知设备'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('client_kind', 'varchar(8)', (c) => c.notNull().defaultTo('browser'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('client_name', 'varchar(32)', (c) => c.notNull().defaultTo('浏览器'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('region', 'varchar(40)', (c) => c.notNull().defaultTo('未知'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('address', 'varchar(48)', (c) => c.notNull().defaultTo('未知'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('ended_reason', 'varchar(16)').execute();

  await db.schema
    .createTable('login_events')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('device', 'varchar(80)', (c) => c.notNull())
    .addColumn('client_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('client_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('region', 'varchar(40)', (c) => c.notNull())
    .addColumn('address', 'varchar(48)', (c) => c.notNull())
    .execute();
  // The account's records, newest first (login-records), and the pruning by age.
  await db.schema.createIndex('login_events_user_listing').on('login_events').columns(['user_id', 'at', 'id']).execute();
  await db.schema.createIndex('login_events_at').on('login_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_events').execute();
  for (const column of ['ended_reason', 'address', 'region', 'client_name', 'client_kind', 'device', 'last_active_at']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
