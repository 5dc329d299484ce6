// Migrations run at start (app.ts) and by `npm run migrate` (migrate-cli.ts). The list is explicit
// rather than read from the folder, so a bundled or relocated server runs exactly the files it shipped with.
import { DEFAULT_MIGRATION_TABLE, Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as usersAndSessions from './migrations/2026-11-21-0001-users-and-sessions.js';
import * as accounts from './migrations/2026-11-21-0500-accounts.js';
import * as telemetry from './migrations/2026-11-21-1900-telemetry.js';
import * as uploads from './migrations/2026-11-22-0900-uploads.js';
import * as identities from './migrations/2026-11-24-0900-identities.js';
import * as content from './migrations/2026-11-25-0900-content.js';
import * as rewards from './migrations/2026-11-24-1200-rewards.js';
import * as bankCards from './migrations/2026-11-25-1000-bank-cards.js';
import * as nfcAntennas from './migrations/2026-11-25-1100-nfc-antennas.js';
import * as vouchersCodesGiftsInvites from './migrations/2026-11-26-0900-vouchers-codes-gifts-invites.js';
import * as identityVersion from './migrations/2026-11-27-0900-identity-version.js';
import * as outbox from './migrations/2026-11-27-0800-outbox.js';
import * as bankCardAgreement from './migrations/2026-11-27-1000-bank-card-agreement.js';
import * as help from './migrations/2026-11-28-0900-help.js';
import * as sessionDevices from './migrations/2026-11-29-1000-session-devices.js';
import * as operators from './migrations/2026-11-30-0900-operators.js';
import * as operatorTotpSealed from './migrations/2026-12-01-0900-operator-totp-sealed.js';
import * as sessionLineage from './migrations/2026-12-07-1000-session-lineage.js';
import * as outboxLeases from './migrations/2026-12-07-1100-outbox-leases.js';
import * as noticeItemReads from './migrations/2026-12-07-1200-notice-item-reads.js';
import * as keyChecks from './migrations/2026-12-08-0900-key-checks.js';
import * as operatorEnrolment from './migrations/2026-12-08-1000-operator-enrolment.js';
import * as accountFreeze from './migrations/2026-12-08-1100-account-freeze.js';
import * as opsControls from './migrations/2026-12-08-1200-ops-controls.js';
import type { Database } from './schema.js';

const migrations: Record<string, Migration> = {
  '2026-11-21-0001-users-and-sessions': usersAndSessions,
  '2026-11-21-0500-accounts': accounts,
  '2026-11-21-1900-telemetry': telemetry,
  '2026-11-22-0900-uploads': uploads,
  '2026-11-24-0900-identities': identities,
  '2026-11-25-0900-content': content,
  '2026-11-24-1200-rewards': rewards,
  '2026-11-25-1000-bank-cards': bankCards,
  '2026-11-25-1100-nfc-antennas': nfcAntennas,
  '2026-11-26-0900-vouchers-codes-gifts-invites': vouchersCodesGiftsInvites,
  '2026-11-27-0900-identity-version': identityVersion,
  '2026-11-27-0800-outbox': outbox,
  '2026-11-27-1000-bank-card-agreement': bankCardAgreement,
  '2026-11-28-0900-help': help,
  '2026-11-29-1000-session-devices': sessionDevices,
  '2026-11-30-0900-operators': operators,
  '2026-12-01-0900-operator-totp-sealed': operatorTotpSealed,
  '2026-12-07-1000-session-lineage': sessionLineage,
  '2026-12-07-1100-outbox-leases': outboxLeases,
  '2026-12-07-1200-notice-item-reads': noticeItemReads,
  '2026-12-08-0900-key-checks': keyChecks,
  '2026-12-08-1000-operator-enrolment': operatorEnrolment,
  '2026-12-08-1100-account-freeze': accountFreeze,
  '2026-12-08-1200-ops-controls': opsControls,
};

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Migrations recorded in the database that this release does not have and that are dated after its newest
 * one: a newer release applied them (docs/operations.md "Migrations that never break the running version").
 * While a rolling upgrade runs, and after a rollback, this release starts against the schema a newer one has
 * expanded; Kysely's migrator would refuse that ("previously executed migration … is missing"), so they are
 * handed to it as already applied, never to run. An unknown migration dated before our newest one is not
 * from a newer release (a branch never merged, a renamed file) and is still refused.
 */
export async function migrationsOfNewerReleases(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const newest = Object.keys(migrations).sort().at(-1) ?? '';
  return rows.rows
    .map((row) => row.name)
    .filter((name) => !Object.hasOwn(migrations, name) && name > newest)
    .sort();
}

/** Stands in for a newer release's migration, which the migrator never runs because it ran already. */
const appliedByNewerRelease = (name: string): Migration => ({
  up: async () => {
    throw new MigrationError(`migration ${name} belongs to a newer release and cannot run here`);
  },
});

/** Brings the schema to the latest version; returns the names of the migrations applied now. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const newer = await migrationsOfNewerReleases(db);
  const known = { ...migrations, ...Object.fromEntries(newer.map((name) => [name, appliedByNewerRelease(name)])) };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => known } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`migration ${failed} failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`, {
      cause: result.error,
    });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
