// The PostgreSQL pool holds at most DATABASE_POOL_MAX connections per process (docs/operations.md
// "Connections: processes, pool and max_connections"): more parallel queries than that wait for a
// connection instead of opening more, as PostgreSQL itself sees in pg_stat_activity. Each connection
// prepares the statements it runs once, by name (docs/operations.md "Prepared statements"), and a
// statement whose result columns a migration changed does not fail its caller outside a transaction.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { connectDatabase, type DatabaseHandle } from './connect.js';

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

  /** The named statements the one connection of `handle` holds (pg_prepared_statements is per session). */
  const preparedOn = async (handle: DatabaseHandle) =>
    (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(handle.db)).rows;

  it('prepares each statement once per connection and then only binds it; off, prepares none', async () => {
    const on = connectDatabase({ kind: 'postgres', url: testDb.databaseUrl, poolMax: 1 });
    try {
      for (const n of [1, 2, 3]) expect((await sql<{ n: number }>`select ${n}::int as n`.execute(on.db)).rows).toEqual([{ n }]);
      const named = (await preparedOn(on)).filter((row) => row.statement.includes('::int as n'));
      expect(named).toHaveLength(1);
      expect(named[0]!.name).toMatch(/^tyd_[A-Za-z0-9_-]{22}$/);
      // BEGIN and COMMIT are sent as they are.
      await on.db.transaction().execute(async (trx) => sql`select 1`.execute(trx));
      expect((await preparedOn(on)).some((row) => /^\s*(begin|commit)/i.test(row.statement))).toBe(false);
    } finally {
      await on.close();
    }
    const off = connectDatabase({ kind: 'postgres', url: testDb.databaseUrl, poolMax: 1, prepared: false });
    try {
      await sql`select 1::int as n`.execute(off.db);
      expect(await preparedOn(off)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it("a migration that changes a prepared select's columns: the next call still answers, with the new columns", async () => {
    const handle = connectDatabase({ kind: 'postgres', url: testDb.databaseUrl, poolMax: 1 });
    const migrator = connectDatabase({ kind: 'postgres', url: testDb.databaseUrl, poolMax: 1, prepared: false });
    try {
      await sql`create table prepared_probe (a int)`.execute(migrator.db);
      await sql`insert into prepared_probe values (1)`.execute(migrator.db);
      const read = () => sql<Record<string, number | null>>`select * from prepared_probe`.execute(handle.db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table prepared_probe add column b int`.execute(migrator.db);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      // Inside a transaction the stale statement fails the transaction (nothing of it is kept), once.
      await sql`alter table prepared_probe add column c int`.execute(migrator.db);
      await expect(handle.db.transaction().execute(async (trx) => sql`select * from prepared_probe`.execute(trx))).rejects.toThrow(/cached plan/);
      expect((await read()).rows).toEqual([{ a: 1, b: null, c: null }]);
    } finally {
      await handle.close();
      await sql`drop table if exists prepared_probe`.execute(migrator.db);
      await migrator.close();
    }
  });
});
