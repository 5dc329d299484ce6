// Frozen: never edit a migration that has run anywhere; add a new dated file instead.
// Controls that hold as a whole (docs/operations.md "Approvals", "The audit log"). Only additions, each
// nullable or with a default, so the release before this one keeps running beside it (docs/operations.md
// "Migrations that never break the running version"):
// - ops_audit: each entry's outcome (`done`, `requested` for a change kept for approval, `refused`), the
//   answer's HTTP status, a sentence an auditor reads, and the reason the operator gave; indexes for the
//   filters (operator, action, target, time).
// - ops_approvals: when a request expires, why it was rejected or failed, the value it was counted at, and a
//   batch's codes sealed for its maker until they take them.
// - ops_value_made: the value of grants and batches each operator made without a checker, summed over the
//   rolling window so that splitting a change does not avoid one.
// - reward_changes.operator and redeem_batches.created_by widened to 140 characters on PostgreSQL (SQLite
//   does not enforce lengths): a change run by an approval names maker and checker (`alice（bob 批准）`).
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table reward_changes alter column operator type varchar(140)`.execute(db);
    await sql`alter table redeem_batches alter column created_by type varchar(140)`.execute(db);
  }
  await db.schema
    .alterTable('ops_audit')
    .addColumn('outcome', 'varchar(12)', (c) => c.notNull().defaultTo('done'))
    .execute();
  await db.schema.alterTable('ops_audit').addColumn('status', 'integer').execute();
  await db.schema.alterTable('ops_audit').addColumn('summary', 'varchar(400)').execute();
  await db.schema.alterTable('ops_audit').addColumn('reason', 'varchar(200)').execute();
  await db.schema.createIndex('ops_audit_operator').on('ops_audit').columns(['operator_id', 'at']).execute();
  await db.schema.createIndex('ops_audit_target').on('ops_audit').columns(['target_id', 'at']).execute();
  await db.schema.createIndex('ops_audit_action').on('ops_audit').columns(['action', 'at']).execute();

  await db.schema.alterTable('ops_approvals').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('ops_approvals').addColumn('decision_reason', 'varchar(200)').execute();
  await db.schema.alterTable('ops_approvals').addColumn('value_points', 'bigint').execute();
  await db.schema.alterTable('ops_approvals').addColumn('result_sealed', 'text').execute();

  await db.schema
    .createTable('ops_value_made')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ops_value_made_operator').on('ops_value_made').columns(['operator_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ops_value_made').execute();
  for (const column of ['result_sealed', 'value_points', 'decision_reason', 'expires_at'])
    await db.schema.alterTable('ops_approvals').dropColumn(column).execute();
  for (const index of ['ops_audit_action', 'ops_audit_target', 'ops_audit_operator']) await db.schema.dropIndex(index).execute();
  for (const column of ['reason', 'summary', 'status', 'outcome']) await db.schema.alterTable('ops_audit').dropColumn(column).execute();
}
