// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Points and the lucky draw (docs/api.md "Points and the lucky draw"). The ledger is append-only: every
// change of a balance is an entry with a reason and a per-user idempotency key (unique), and credits are
// lots that spending and expiry draw down oldest-expiring first. The balance row carries a CHECK so no
// interleaving can take it below zero. Prizes ship with a default table (operators change it with the
// admin command; every change is kept in prize_changes). Everything of a user goes with the account
// (ON DELETE CASCADE).
import { sql, type Kysely } from 'kysely';

const DEFAULT_PRIZES = [
  { id: 'points-100', name: '100积分', kind: 'points', points: 100, weight: 3, stock: 100, position: 1 },
  { id: 'points-20', name: '20积分', kind: 'points', points: 20, weight: 20, stock: null, position: 2 },
  { id: 'points-5', name: '5积分', kind: 'points', points: 5, weight: 35, stock: null, position: 3 },
  { id: 'thanks', name: '谢谢参与', kind: 'thanks', points: null, weight: 42, stock: null, position: 4 },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('points_balances')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('points_balances_not_negative', sql`balance >= 0`)
    .execute();

  await db.schema
    .createTable('points_entries')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(24)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(96)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Credits only: when the lot expires and how much of it is left.
    .addColumn('expires_at', 'bigint')
    .addColumn('remaining', 'integer')
    .addUniqueConstraint('points_entries_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('points_entries_user_time').on('points_entries').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('points_entries_lots').on('points_entries').columns(['user_id', 'expires_at']).execute();

  await db.schema
    .createTable('prizes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addColumn('weight', 'integer', (c) => c.notNull())
    // Null: no limit. Decremented by a conditional update, so it is never oversold.
    .addColumn('stock', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('prizes_stock_not_negative', sql`stock IS NULL OR stock >= 0`)
    .addCheckConstraint('prizes_weight_not_negative', sql`weight >= 0`)
    .execute();

  await db.schema
    .createTable('prize_changes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('prize_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('draws')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(96)', (c) => c.notNull())
    .addColumn('prize_id', 'varchar(36)', (c) => c.notNull())
    // What was won, as it was then (the prize table may change later).
    .addColumn('prize_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addColumn('cost', 'integer', (c) => c.notNull())
    // China day number (lib/china-day.ts): the day of the daily limit.
    .addColumn('china_day', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('draws_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('draws_user_day').on('draws').columns(['user_id', 'china_day']).execute();
  await db.schema.createIndex('draws_user_time').on('draws').columns(['user_id', 'created_at', 'id']).execute();

  const now = Date.now();
  const prizes = db as unknown as Kysely<{ prizes: Record<string, unknown>; prize_changes: Record<string, unknown> }>;
  await prizes
    .insertInto('prizes')
    .values(DEFAULT_PRIZES.map((p) => ({ ...p, active: 1, updated_at: now })))
    .execute();
  await prizes
    .insertInto('prize_changes')
    .values(
      DEFAULT_PRIZES.map((p) => ({ id: `seed-${p.id}`, prize_id: p.id, operator: 'migration 2026-11-24-1200-rewards', change: JSON.stringify(p), at: now })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['draws', 'prize_changes', 'prizes', 'points_entries', 'points_balances']) await db.schema.dropTable(table).execute();
}
