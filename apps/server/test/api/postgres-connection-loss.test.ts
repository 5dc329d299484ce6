// PostgreSQL ends the server's pooled connections (a restart or failover does this): the process must not
// crash on the pool's 'error' event, and the next query gets a fresh connection.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('PostgreSQL dropping idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine: 'postgres' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps serving: /readyz is ready again once the pool reconnects', async () => {
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
    const url = new URL(t.testDb.databaseUrl);
    const admin = new pg.Client({ connectionString: `${url.protocol}//${url.username}@${url.host}/postgres` });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [url.pathname.slice(1)],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the terminations reach the pool's idle clients before asking again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
  });
});
