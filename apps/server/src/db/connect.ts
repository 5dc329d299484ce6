// One Kysely instance over SQLite (default, embedded) or PostgreSQL (DATABASE_URL), docs/operations.md "Storage".
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig, UpstreamTimeouts } from '../config/index.js';
import { withAmbientTransactions } from './ambient-transaction.js';
import { runEffectsAfterCommit } from './commit-effects.js';
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
  /** PostgreSQL only: the pool's connections now, and the waits for one that timed out since start (metrics). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  /** Connections open (busy and idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** Waits for a connection that gave up (DATABASE_CONNECT_TIMEOUT_MS) since the process started. */
  timedOut: number;
}

export interface ConnectOptions {
  /** Told when PostgreSQL drops an idle pooled connection (restart, failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * Bounds towards PostgreSQL (config/storage.ts); the server always passes them. Without them
   * (tests' and tools' direct handles) a connection attempt waits 5 s and queries are not bounded.
   */
  timeouts?: Pick<UpstreamTimeouts, 'databaseConnectMs' | 'databaseStatementMs' | 'readinessMs'>;
  /**
   * Told of every statement sent to the database, BEGIN and COMMIT included, whether it succeeded or failed
   * (the queries-per-call metric, docs/operations.md "Metrics"); nothing is passed to it. Without it Kysely
   * adds no logging wrapper at all.
   */
  onQuery?: () => void;
}

/** The Kysely instance over a dialect: the query hook when asked for, and commit effects (db/commit-effects.ts). */
function createKysely(dialect: SqliteDialect | PostgresDialect, onQuery: (() => void) | undefined): Kysely<Database> {
  const db = new Kysely<Database>({ dialect, ...(onQuery && { log: () => onQuery() }) });
  runEffectsAfterCommit(db);
  return withAmbientTransactions(db);
}

/**
 * SQLite transactions begin IMMEDIATE (https://sqlite.org/lang_transaction.html): the write lock is taken at
 * BEGIN, so a transaction that reads and then writes waits (busy_timeout) for another connection's write —
 * the admin command's, another process's — instead of failing with SQLITE_BUSY_SNAPSHOT when its read
 * snapshot went stale. Within the server's one connection Kysely runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function connectDatabase(database: DatabaseConfig, opts: ConnectOptions = {}): DatabaseHandle {
  return database.kind === 'sqlite'
    ? connectSqlite(database.file, opts)
    : connectPostgres(database.url, database.poolMax ?? DEFAULT_POOL_MAX, database.prepared ?? true, opts);
}

/** DATABASE_POOL_MAX's default, for handles opened without the server's configuration (tests, tools). */
const DEFAULT_POOL_MAX = 10;

/** The client gives up this long after PostgreSQL should have cancelled the statement itself. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * The pool as Kysely sees it, with named prepared statements when `prepared`, except that a client whose
 * query timed out on the client side is destroyed instead of going back to the pool: its connection still
 * waits for an answer that may never come (a black-holed link), and every later query on it would wait
 * behind that one (pg-pool drops a client released with an error). So is one whose prepared statement went
 * stale (isStalePlan).
 */
function discardingTimedOutClients(pool: pg.Pool, onConnectTimeout: () => void, prepared: boolean): PostgresPool {
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // pg-pool's wording when connectionTimeoutMillis passed while waiting for a connection.
        if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) onConnectTimeout();
        throw error;
      }
      let discard: Error | undefined;
      let inTransaction = false;
      const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
        const name = prepared ? statementName(text) : undefined;
        if (name === undefined) inTransaction = BEGINS.test(text) || (inTransaction && !ENDS.test(text));
        try {
          return await (name ? client.query({ name, text, values: parameters as unknown[] }) : client.query(text, parameters as unknown[]));
        } catch (error) {
          const stale = isStalePlan(error);
          if (stale || (error instanceof Error && error.message === QUERY_READ_TIMEOUT)) discard = error as Error;
          // Outside a transaction nothing was changed: the statement runs once more unnamed, so a migration
          // costs no caller an error; inside one, the transaction has failed and its caller sees it.
          if (stale && !inTransaction) return client.query(text, parameters as unknown[]);
          throw error;
        }
      };
      // Only query(sql, parameters): the cursor form is used for streaming, which needs a cursor class
      // in the dialect config, and none is configured.
      return { query, release: () => client.release(discard) } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/**
 * Named prepared statements (https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-EXT-QUERY):
 * node-postgres parses a named statement once per connection and afterwards only binds and executes it,
 * so PostgreSQL parses and plans each of the server's statements once per connection instead of once per
 * call (docs/operations.md "Prepared statements": about half of its CPU per call in `bench:journey`). The
 * name is a digest of the text, the same in every process. Only single data statements are named (not
 * BEGIN, COMMIT, migrations' DDL), and at most MAX_NAMED texts per process: texts are Kysely's compiled
 * queries with placeholders, a bounded set, and the bound keeps a text built from data (an `in` list of
 * every length) from growing every connection's plan cache without end.
 */
const MAX_NAMED = 2_000;
const names = new Map<string, string>();
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED || !/^\s*(select|insert|update|delete|with)\b/i.test(text) || text.includes(';')) return undefined;
    name = `tyd_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    names.set(text, name);
  }
  return name;
}

/** Kysely's transaction statements (`begin`, `commit`, `rollback`; savepoints stay inside a transaction). */
const BEGINS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end)\s*$/i;

/**
 * PostgreSQL's answer when a prepared statement's result columns changed under it (a migration of another
 * process added or dropped a column of a `select *`): SQLSTATE 0A000 with this text. The connection is
 * discarded, so the statement is prepared afresh on the next one.
 */
const isStalePlan = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(error.message);

/** Rejects when `work` has not settled within `ms`: a health check answers "unreachable" instead of hanging. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function connectSqlite(file: string, opts: ConnectOptions): DatabaseHandle {
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
  const db = createKysely(new ImmediateSqliteDialect({ database: sqlite }), opts.onQuery);
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

function connectPostgres(url: string, poolMax: number, prepared: boolean, opts: ConnectOptions): DatabaseHandle {
  // int8 (bigint) columns hold millisecond timestamps, well inside Number.MAX_SAFE_INTEGER.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const timeouts = opts.timeouts;
  // Connect timeout: a black-holed address fails the request instead of hanging it. statement_timeout lets
  // PostgreSQL cancel a statement that runs too long; query_timeout, a little later, covers a link that
  // carries no answer at all (https://node-postgres.com/apis/client#new-client). TCP keep-alive finds dead
  // idle connections.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    types,
    connectionTimeoutMillis: timeouts?.databaseConnectMs ?? 5_000,
    keepAlive: true,
    ...(timeouts && { statement_timeout: timeouts.databaseStatementMs, query_timeout: timeouts.databaseStatementMs + QUERY_TIMEOUT_MARGIN_MS }),
  });
  // node-postgres emits 'error' on the pool when the server ends an idle connection; unheard, that event
  // would crash the process on a database restart. The pool drops the dead client by itself, and a
  // lasting outage shows in the next query and in /readyz.
  pool.on('error', (error) => opts.onIdleConnectionError?.(error));
  let timedOut = 0;
  const db = createKysely(new PostgresDialect({ pool: discardingTimedOutClients(pool, () => (timedOut += 1), prepared) }), opts.onQuery);
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      const check = sql`select 1`.execute(db);
      await (timeouts ? within(check, timeouts.readinessMs, 'database') : check);
    },
    flushDeletions: async () => true,
    poolStats: () => ({ max: poolMax, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, timedOut }),
    close: () => db.destroy(),
  };
}
