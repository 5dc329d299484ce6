// A database refuses keys it was not written with (docs/operations.md "Backups and restore").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.js';
import { testSecretKeys } from '../../test/support/secrets.js';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';
import { checkStoredKeys, keyVerifier } from './key-checks.js';
import { migrateToLatest } from './migrate.js';

const newKey = () => testSecretKeys().dataKey;

describe.each(ENGINES)('key checks on %s', (engine) => {
  let testDb: TestDatabase;
  let handle: DatabaseHandle;
  const keys = { dataKey: newKey(), phoneHashKey: newKey() };

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    handle = connectDatabase(testDb.database);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('records a verifier of each key at the first start, which reveals neither key', async () => {
    await checkStoredKeys(handle.db, keys, 1_000);
    const rows = await handle.db.selectFrom('key_checks').selectAll().orderBy('name').execute();
    expect(rows).toEqual([
      { name: 'TYD_DATA_KEY', verifier: keyVerifier(keys.dataKey), created_at: 1_000 },
      { name: 'TYD_PHONE_HASH_KEY', verifier: keyVerifier(keys.phoneHashKey), created_at: 1_000 },
    ]);
    expect(JSON.stringify(rows)).not.toContain(keys.dataKey);
    expect(JSON.stringify(rows)).not.toContain(keys.phoneHashKey);
  });

  it('starts again with the same keys and keeps the first record', async () => {
    await checkStoredKeys(handle.db, keys, 2_000);
    expect(await handle.db.selectFrom('key_checks').select('created_at').execute()).toEqual([{ created_at: 1_000 }, { created_at: 1_000 }]);
  });

  it('refuses another key, naming each that differs', async () => {
    await expect(checkStoredKeys(handle.db, { ...keys, dataKey: newKey() }, 3_000)).rejects.toThrow(ConfigError);
    await expect(checkStoredKeys(handle.db, { ...keys, dataKey: newKey() }, 3_000)).rejects.toThrow(
      /^TYD_DATA_KEY is not the key this database was written with/,
    );
    await expect(checkStoredKeys(handle.db, { ...keys, phoneHashKey: newKey() }, 3_000)).rejects.toThrow(/^TYD_PHONE_HASH_KEY is not the key/);
    await expect(checkStoredKeys(handle.db, { dataKey: newKey(), phoneHashKey: newKey() }, 3_000)).rejects.toThrow(
      /^TYD_DATA_KEY and TYD_PHONE_HASH_KEY are not the keys/,
    );
  });
});
