// `npm run admin -- backup <file> [--keys <file>]` (docs/operations.md "Backups and restore"): a consistent copy
// of the database while the server keeps serving, checked after it is written, and what a restore needs
// besides it. SQLite: `VACUUM INTO` reads the database in one read transaction, a snapshot that writers in WAL
// mode never wait for (https://sqlite.org/lang_vacuum.html#vacuuminto), unlike the page-by-page backup API,
// which starts over whenever another connection writes. PostgreSQL: pg_dump's custom format, itself one
// snapshot (pg_dump's documentation), restored with pg_restore; the base backup and the WAL archive for
// point-in-time recovery are the database server's, not this command's.
//
// The copy alone is not enough: phone numbers, identities, cards, photos and operators' TOTP secrets are
// sealed with TYD_DATA_KEY and found by hashes under TYD_PHONE_HASH_KEY, which live in ${DATA_DIR}/keys.json
// or the environment, never in the database. The command says where each of the keys comes from and, with
// --keys, copies keys.json to a file of its own, to be stored apart from the database copy.
import { execFile } from 'node:child_process';
import { constants, copyFile, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { SECRET_ENV, parseSecretEnv, type DatabaseConfig } from '../config/index.js';
import { repoPath } from '../config/paths.js';
import type { Database } from '../db/schema.js';
import { keyVerifier } from '../db/key-checks.js';
import { readKeysFile } from '../keys-file.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const BACKUP_USAGE = `backup <file> [--keys <file>]    (a consistent copy of the database while the server serves: SQLite's VACUUM INTO, or pg_dump's
                                  custom format; never over an existing file. Says which keys a restore needs and where they are;
                                  --keys copies \${DATA_DIR}/keys.json to its own file, to keep apart from the copy)`;

const run = promisify(execFile);

/** Without these the copy's sealed fields are unreadable, and the server refuses to start on it (db/key-checks.ts). */
const REQUIRED = [SECRET_ENV.dataKey, SECRET_ENV.phoneHashKey] as const;

export interface BackupDeps {
  db: Kysely<Database>;
  database: DatabaseConfig;
  dataDir: string;
  /** The server's environment: which secrets it sets. */
  env: NodeJS.ProcessEnv;
  /** NODE_ENV=production: every secret from the environment, keys.json never read (keys-file.ts). */
  production: boolean;
}

export async function runBackup(args: string[], deps: BackupDeps, out: CliOutput): Promise<number> {
  const { file, keysCopy } = parseArgs(args);
  await refuseExisting(file);
  if (keysCopy !== undefined) await refuseExisting(keysCopy);

  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  try {
    if (deps.database.kind === 'sqlite') await copySqlite(deps.db, partial);
    else await dumpPostgres(deps.database.url, partial);
    await syncFile(partial);
    await rename(partial, file);
    await syncFile(dirname(file));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const integrity = deps.database.kind === 'sqlite' ? checkSqliteCopy(file) : await checkDump(file);

  const keys = await keysReport(deps);
  if (keysCopy !== undefined) {
    if (keys.keysFile === null) throw new Error(`--keys: there is no ${join(deps.dataDir, 'keys.json')}; every key comes from the environment`);
    await copyFile(keys.keysFile, keysCopy, constants.COPYFILE_EXCL);
  }
  out.json({
    engine: deps.database.kind,
    file,
    bytes: (await stat(file)).size,
    integrity,
    keys: { ...keys, copiedTo: keysCopy ?? null },
  });
  const where = keys.keysFile === null ? 'the environment' : keysCopy === undefined ? keys.keysFile : `${keys.keysFile} (copied to ${keysCopy})`;
  out.error(
    `backup: the copy needs ${REQUIRED.join(' and ')} to be restored (from ${where}): keep them apart from it; ` +
      'without them every sealed field is unreadable and the server refuses to start on it',
  );
  if (!keys.match) out.error('backup: warning: the keys found here are not the ones this database was written with');
  return 0;
}

function parseArgs(args: string[]): { file: string; keysCopy: string | undefined } {
  const [file, ...rest] = args;
  if (file === undefined || file.startsWith('--')) throw new UsageError('backup: the file to write');
  if (rest.length === 0) return { file: repoPath(file), keysCopy: undefined };
  if (rest.length === 2 && rest[0] === '--keys' && rest[1] !== undefined) return { file: repoPath(file), keysCopy: repoPath(rest[1]) };
  throw new UsageError(`backup: unexpected ${rest.join(' ')}`);
}

async function refuseExisting(file: string): Promise<void> {
  const existing = await stat(file).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (existing) throw new Error(`${file} exists; a backup never replaces a file`);
}

/** Created empty and owner-only first (VACUUM INTO accepts an empty file), so the copy is never readable by others. */
async function copySqlite(db: Kysely<Database>, target: string): Promise<void> {
  await (await open(target, 'wx', 0o600)).close();
  await sql`vacuum into ${target}`.execute(db);
}

/** The URL's password goes to pg_dump in its environment, not on a command line that `ps` shows. */
async function dumpPostgres(url: string, target: string): Promise<void> {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  await (await open(target, 'wx', 0o600)).close();
  await run('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${withoutPassword.href}`], {
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** VACUUM INTO does not sync what it wrote (https://sqlite.org/lang_vacuum.html); a backup must be on disk before it is reported. */
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function checkSqliteCopy(file: string): string {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = copy.pragma('quick_check') as Array<{ quick_check: string }>;
    const result = rows.map((row) => row.quick_check).join('; ');
    if (result !== 'ok') throw new Error(`the copy ${file} fails SQLite's quick_check: ${result}`);
    return result;
  } finally {
    copy.close();
  }
}

/** pg_restore reads the whole archive's table of contents: a truncated or foreign file fails here, not at restore time. */
async function checkDump(file: string): Promise<string> {
  await run('pg_restore', ['--list', file], { maxBuffer: 64 * 1024 * 1024 });
  return 'ok';
}

interface KeysReport {
  required: readonly string[];
  /** Where each secret a restore should bring comes from. */
  sources: Record<string, 'environment' | 'keys.json' | 'missing'>;
  keysFile: string | null;
  /** The data and phone keys found here are the ones the database recorded (db/key-checks.ts). */
  match: boolean;
}

async function keysReport(deps: BackupDeps): Promise<KeysReport> {
  const explicit = parseSecretEnv(deps.env);
  const { production } = deps;
  const keysFile = join(deps.dataDir, 'keys.json');
  const stored = production ? {} : await readKeysFile(keysFile);
  const hasFile = !production && Object.keys(stored).length > 0;
  const source = (fromEnv: unknown, fromFile: unknown) => (fromEnv !== undefined ? 'environment' : fromFile !== undefined ? 'keys.json' : 'missing');
  const sources = {
    [SECRET_ENV.serverKeys]: source(explicit.serverKeys, stored.serverKeys),
    [SECRET_ENV.web]: source(explicit.appSecrets.web, stored.appSecrets?.web),
    [SECRET_ENV.ios]: source(explicit.appSecrets.ios, stored.appSecrets?.ios),
    [SECRET_ENV.android]: source(explicit.appSecrets.android, stored.appSecrets?.android),
    [SECRET_ENV.cookieSecret]: source(explicit.cookieSecret, stored.cookieSecret),
    [SECRET_ENV.phoneHashKey]: source(explicit.phoneHashKey, stored.phoneHashKey),
    [SECRET_ENV.dataKey]: source(explicit.dataKey, stored.dataKey),
  } as const;
  const dataKey = explicit.dataKey ?? stored.dataKey;
  const phoneHashKey = explicit.phoneHashKey ?? stored.phoneHashKey;
  const recorded = new Map((await deps.db.selectFrom('key_checks').select(['name', 'verifier']).execute()).map((row) => [row.name, row.verifier]));
  const matches = (name: string, key: string | undefined) => key !== undefined && (recorded.get(name) ?? keyVerifier(key)) === keyVerifier(key);
  return {
    required: REQUIRED,
    sources,
    keysFile: hasFile ? keysFile : null,
    match: matches(SECRET_ENV.dataKey, dataKey) && matches(SECRET_ENV.phoneHashKey, phoneHashKey),
  };
}
