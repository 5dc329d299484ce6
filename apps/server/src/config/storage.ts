// Storage: the database (SQLite under DATA_DIR, or PostgreSQL), the short-lived stores (in-process, or
// Redis), the bounds towards both (docs/operations.md "Timeouts towards PostgreSQL and Redis") and the
// disk space alarm on DATA_DIR.
import { resolve } from 'node:path';
import { z } from 'zod';
import { repoPath } from './paths.js';
import { booleanFlag, defineSection, millis, whole, type SectionValue } from './section.js';

export const storageSection = defineSection({
  vars: {
    DATA_DIR: z.string().min(1).default('var'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/)
      .default('tyd:'),
    // The in-process short-lived stores (plugins/request-kv.ts). KV_MAX_ENTRIES bounds the security state
    // (SMS codes, cooldowns, locks, counters; about 320 bytes per entry, so about 160 MB when full), which
    // refuses when full. REQUEST_KV_MAX_ENTRIES bounds the nonces and request budget counters (158 bytes
    // per nonce entry, measured on Node 20: about 160 MB when full), sized as entries = rate × retention:
    // a call adds its nonce, kept at most 361 s, and up to two counters of its minute (its address's and
    // its session's), held about 90 s; so 1,000,000 keeps the whole window up to 2,770 sealed calls/s from a
    // few busy addresses and sessions and 1,850 calls/s when every call brings two new counters, and at the
    // 4,000 calls/s one process serves at most (check-login on SQLite) it still remembers about 230 s (75 s).
    // At its bound it forgets its oldest entries rather than refuse, never the nonces stamped ahead, which
    // it keeps in a tenth of the bound (docs/operations.md "Short-lived state").
    KV_MAX_ENTRIES: whole(1_000, 10_000_000).default(500_000),
    REQUEST_KV_MAX_ENTRIES: whole(1_000, 10_000_000).default(1_000_000),
    // Connections each process may hold to PostgreSQL (docs/operations.md "Connections: processes, pool
    // and max_connections"): processes × this must stay under the server's max_connections, less its
    // reserved ones, or a pooler (PgBouncer in transaction mode) must stand in between.
    DATABASE_POOL_MAX: whole(1, 1_000).default(10),
    // Each connection prepares the statements it runs once, by name, and then only binds them: PostgreSQL
    // parses and plans a statement once per connection instead of once per call (docs/operations.md
    // "Prepared statements"). Off for a pooler that does not carry them between connections (PgBouncer in
    // transaction mode before 1.21, or with max_prepared_statements = 0).
    DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
    DATABASE_CONNECT_TIMEOUT_MS: millis(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: millis(10_000),
    REDIS_CONNECT_TIMEOUT_MS: millis(2_000),
    REDIS_COMMAND_TIMEOUT_MS: millis(1_000),
    READINESS_TIMEOUT_MS: millis(2_000),
    // A warning at most once per interval below the threshold, and the reading in /readyz (plugins/disk-space.ts).
    DATA_DIR_MIN_FREE_MB: whole(1, 100_000_000).default(1_024),
    DATA_DIR_CHECK_INTERVAL_SECONDS: whole(1, 86_400).default(300),
  },
  build: (e) => {
    const dataDir = repoPath(e.DATA_DIR);
    return {
      dataDir,
      database: e.DATABASE_URL
        ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, prepared: e.DATABASE_PREPARED_STATEMENTS }
        : { kind: 'sqlite' as const, file: resolve(dataDir, 'tyd.sqlite') },
      redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
      kvMaxEntries: e.KV_MAX_ENTRIES,
      requestKvMaxEntries: e.REQUEST_KV_MAX_ENTRIES,
      upstreamTimeouts: {
        databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
        databaseStatementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
        redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
        readinessMs: e.READINESS_TIMEOUT_MS,
      },
      /** Free space below which the data directory's disk is reported low, and how often it is checked. */
      diskAlarm: { minFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1_048_576, checkIntervalMs: e.DATA_DIR_CHECK_INTERVAL_SECONDS * 1000 },
    };
  },
});
export type StorageConfig = SectionValue<typeof storageSection>;
/** Connect, statement and command bounds towards PostgreSQL and Redis, and the bound of each /readyz check. */
export type UpstreamTimeouts = StorageConfig['upstreamTimeouts'];
/**
 * The database to connect to; `poolMax` and `prepared` may be left out by tests' and tools' direct handles
 * (then 10, and prepared statements on).
 */
export type DatabaseConfig =
  | Extract<StorageConfig['database'], { kind: 'sqlite' }>
  | (Omit<Extract<StorageConfig['database'], { kind: 'postgres' }>, 'poolMax' | 'prepared'> & { poolMax?: number; prepared?: boolean });
