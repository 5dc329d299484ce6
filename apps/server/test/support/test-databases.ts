// Databases for tests: a SQLite file in a fresh temporary directory, or a PostgreSQL database created
// for the run on the local server (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432) and
// dropped after. An unreachable PostgreSQL fails the tests with a clear message; it is never skipped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';
import type { DatabaseConfig } from '../../src/config/index.js';

// Which tests run on which engine (docs/operations.md "Test suite"): PostgreSQL runs what is about the
// engine, SQLite everything. Running every test on both doubled the API tests' time for no more coverage.

/**
 * Both engines, for files about the engine: locks and races (parallel requests), migrations, the engines'
 * differences (dialect, constraints, ordering, aggregates), and one journey per capability.
 */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type TestEngine = (typeof ENGINES)[number];

/** SQLite only, for files whose rules do not depend on the engine (their capability's journey runs on both elsewhere). */
export const SQLITE_ONLY = ['sqlite'] as const satisfies readonly TestEngine[];

/**
 * Inside describe.each(ENGINES): `it` for a test whose rule does not depend on the engine, run on SQLite
 * and reported as skipped on PostgreSQL. Tests about the engine (races, locks, constraints) keep plain `it`.
 */
export function itSqliteOnly(engine: TestEngine): ReturnType<typeof it.skipIf> {
  return it.skipIf(engine !== 'sqlite');
}

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export interface TestDatabase {
  database: DatabaseConfig;
  /** DATABASE_URL for a child server process ('' for SQLite: the child uses DATA_DIR). */
  databaseUrl: string;
  /** A data directory to use alongside (holds the SQLite file). */
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tyd-server-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    return { database: { kind: 'sqlite', file: join(dataDir, 'tyd.sqlite') }, databaseUrl: '', dataDir, drop: async () => removeDir() };
  }
  const name = `tyd_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(async (client) => {
    await client.query(`create database ${name}`);
  });
  const url = `${TEST_POSTGRES_URL}/${name}`;
  return {
    database: { kind: 'postgres', url },
    databaseUrl: url,
    dataDir,
    drop: async () => {
      await withAdminClient(async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
      removeDir();
    },
  };
}

async function withAdminClient(run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: `${TEST_POSTGRES_URL}/postgres`, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required by the server tests and is unreachable at ${TEST_POSTGRES_URL} ` +
        `(${error instanceof Error ? error.message : String(error)}). Start it (trust auth for user postgres) or set TEST_POSTGRES_URL.`,
    );
  }
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
