// The PostgreSQL pool holds at most DATABASE_POOL_MAX connections per process (docs/operations.md
// "Connections: processes, pool and max_connections"): more parallel queries than that wait for a
// connection instead of opening more, as PostgreSQL itself sees in pg_stat_activity.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { connectDatabase } from './connect.js';

describe('the PostgreSQL pool', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('opens at most poolMax connections however many queries run at once', { timeout: 30_000 }, async () => {
    const name = new URL(testDb.databaseUrl).pathname.slice(1);
    const observer = new pg.Client({ connectionString: `${TEST_POSTGRES_URL}/postgres` });
    await observer.connect();
    for (const poolMax of [3, 7]) {
      const handle = connectDatabase({ kind: 'postgres', url: testDb.databaseUrl, poolMax });
      try {
        let most = 0;
        let running = true;
        const watch = (async () => {
          while (running) {
            const { rows } = await observer.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
            most = Math.max(most, Number(rows[0]?.n));
            await new Promise((r) => setTimeout(r, 20));
          }
        })();
        await Promise.all(Array.from({ length: 20 }, () => sql`select pg_sleep(0.15)`.execute(handle.db)));
        running = false;
        await watch;
        expect(most).toBe(poolMax);
      } finally {
        await handle.close();
      }
    }
    await observer.end();
  });
});
