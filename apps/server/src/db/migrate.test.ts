// The migrations' bookkeeping across releases (docs/operations.md "Migrations that never break the running
// version"): a release starts on a database a newer release has migrated further, and still refuses an
// unknown migration that no newer release can have written.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { MigrationError, migrateToLatest, migrationsOfNewerReleases } from './migrate.js';

describe.each(ENGINES)('migrations of other releases on %s', (engine) => {
  let testDb: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  /** A database migrated by this release, then by a release that recorded `name` after it. */
  async function migratedBy(name: string): Promise<DatabaseHandle> {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    await migrateToLatest(handle.db);
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(handle.db);
    return handle;
  }

  it('starts on a database a newer release migrated further, and runs none of its migrations', async () => {
    const { db } = await migratedBy('9999-12-31-0900-a-newer-release');
    expect(await migrationsOfNewerReleases(db)).toEqual(['9999-12-31-0900-a-newer-release']);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('refuses a migration it does not know that is older than its newest', async () => {
    const { db } = await migratedBy('2026-01-01-0000-never-merged');
    expect(await migrationsOfNewerReleases(db)).toEqual([]);
    await expect(migrateToLatest(db)).rejects.toThrow(MigrationError);
    await expect(migrateToLatest(db)).rejects.toThrow(/2026-01-01-0000-never-merged is missing/);
  });
});
