// One Kysely instance over SQLite (default, embedded) or PostgreSQL (DATABASE_URL), issue 3 "Storage".
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /**
   * After personal data was deleted (deregistration, PIPL art. 47): makes the deleted rows unreadable in
   * the database's own files. SQLite: the WAL still holds the pages as they were before the delete, so it is
   * checkpointed into the main file (where `secure_delete` has zeroed the freed content) and truncated to
   * zero bytes. PostgreSQL: nothing to do here (see docs/operations.md "Erasure"). False when the checkpoint
   * could not complete (another connection was reading); the next one finishes it.
   */
  flushDeletions(): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}

export function connectDatabase(database: Config['database'], opts: ConnectOptions = {}): DatabaseHandle {
  return database.kind === 'sqlite' ? connectSqlite(database.file) : connectPostgres(database.url, opts);
}

function connectSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  // Owner-only, like keys.json: SQLite gives the -wal and -shm files the same mode.
  if (file !== ':memory:') chmodSync(file, 0o600);
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is fsynced to the WAL before it is acknowledged, so an acknowledged write
  // survives a power loss as well as a process crash (NORMAL only survives the latter).
  // Money and identity records are worth the fsync; writes here are logins and sessions, not hot paths.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // A second process (npm run migrate, tests seeding the same file) waits instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  // Deleted content is overwritten with zeros instead of staying readable in free pages and cells
  // (https://sqlite.org/pragma.html#pragma_secure_delete): a deregistered user's row must not survive in
  // the file. The cost is a little more I/O on deletes, which are rare here.
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    flushDeletions: async () => {
      if (file === ':memory:') return true;
      // https://sqlite.org/pragma.html#pragma_wal_checkpoint: busy = 1 when readers kept it from finishing.
      const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      return result?.busy === 0;
    },
    close: () => db.destroy(),
  };
}

function connectPostgres(url: string, opts: ConnectOptions): DatabaseHandle {
  // int8 (bigint) columns hold millisecond timestamps, well inside Number.MAX_SAFE_INTEGER.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, types, connectionTimeoutMillis: 5_000 });
  // node-postgres emits 'error' on the pool when the server ends an idle connection; unheard, that event
  // would crash the process on a database restart. The pool drops the dead client by itself, and a
  // lasting outage shows in the next query and in /readyz.
  pool.on('error', (error) => opts.onIdleConnectionError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    flushDeletions: async () => true,
    close: () => db.destroy(),
  };
}
