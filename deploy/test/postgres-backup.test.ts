// The PostgreSQL restore drills (docs/operations.md "Backups and restore"): accounts written through the API,
// then (1) a logical dump with `npm run admin -- backup` while writers keep going, the database dropped and
// restored with pg_restore; (2) a base backup (pg_basebackup) of a cluster archiving its WAL, the cluster
// destroyed, and recovery to a point in time between two batches of writes. Each time the server started on
// the restored database serves every account acknowledged before the backup (or the target time), and none
// acknowledged after it. The cluster of (2) is a throwaway one made by initdb on its own port.
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedAdmin } from '../../apps/server/test/support/admin-command.js';
import { freePort } from '../../apps/server/test/support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/support/test-databases.js';
import {
  DRILL_ENV,
  buildDeployBundle,
  clientKeysOf,
  keepSigningUp,
  readableAccounts,
  startChildServer,
  type AckedAccount,
  type ChildServer,
} from './support/servers.js';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

let bundle: string;
beforeAll(async () => {
  bundle = await buildDeployBundle();
});

/** Signs up accounts through the server until `count` are acknowledged. */
async function signUps(server: ChildServer, dataDir: string, count: number): Promise<AckedAccount[]> {
  const writers = keepSigningUp(server.baseUrl, clientKeysOf(dataDir));
  while (writers.acked.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  await writers.stop();
  return writers.acked;
}

const serverEnv = (dataDir: string, databaseUrl: string) => ({
  ...DRILL_ENV,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  WEB_DIST: join(dataDir, 'no-web-build'),
});

describe('PostgreSQL: logical dump while serving, drop, pg_restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let server: ChildServer | undefined;
  // The application's machine (DATA_DIR with keys.json, and where the dump is written), apart from the database.
  const appData = mkdtempSync(join(tmpdir(), 'tyd-deploy-dump-'));
  afterAll(async () => {
    await server?.stop();
    await source?.drop();
    await target?.drop();
    rmSync(appData, { recursive: true, force: true });
  });

  it('restores every account acknowledged before the dump began', async () => {
    source = await createTestDatabase('postgres');
    target = await createTestDatabase('postgres');
    const dump = join(appData, 'tyd.dump');
    const env = serverEnv(appData, source.databaseUrl);
    server = await startChildServer(env, { bundle });
    const writers = keepSigningUp(server.baseUrl, clientKeysOf(appData));
    while (writers.acked.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...writers.acked];
    const outcome = await capturedAdmin(['backup', dump], { ...process.env, ...env });
    const after = writers.acked.length + 5;
    while (writers.acked.length < after) await new Promise((resolve) => setTimeout(resolve, 20));
    await writers.stop();
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(JSON.parse(outcome.stdout)).toMatchObject({
      engine: 'postgres',
      file: dump,
      integrity: 'ok',
      keys: { keysFile: join(appData, 'keys.json'), match: true },
    });
    await server.stop();
    server = undefined;

    // Destroy: the database is gone (keys.json stays on the application's machine, DATA_DIR).
    const keys = clientKeysOf(appData);
    await source.drop();
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${target.databaseUrl}`, dump]);

    server = await startChildServer(serverEnv(appData, target.databaseUrl), { bundle });
    expect(await readableAccounts(server.baseUrl, keys, before)).toEqual(before.map((account) => account.phone));
    expect(await readableAccounts(server.baseUrl, keys, writers.acked.slice(-1))).toEqual([]);
  });
});

describe('PostgreSQL: base backup and WAL archive, recovery to a point in time', () => {
  const root = mkdtempSync(join(tmpdir(), 'tyd-deploy-pitr-'));
  const data = join(root, 'data');
  const archive = join(root, 'wal-archive');
  const base = join(root, 'base');
  const appData = join(root, 'app');
  let port: number;
  let server: ChildServer | undefined;
  let clusterUp = false;

  // PostgreSQL refuses to run as root: the cluster's files and processes are the postgres user's.
  const asPostgres = (bin: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { maxBuffer: 16 * 1024 * 1024 });
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const startCluster = async (dir: string) => {
    await asPostgres('pg_ctl', ['-D', dir, '-l', join(root, 'postgres.log'), '-w', '-t', '120', 'start']);
    clusterUp = true;
  };
  const stopCluster = async (dir: string) => {
    await asPostgres('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    clusterUp = false;
  };
  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  afterAll(async () => {
    await server?.stop();
    if (clusterUp) await stopCluster(data).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('recovers every account acknowledged before the target time and none after it', async () => {
    port = await freePort();
    chownSync(root, ...postgresIds(await run('id', ['-u', 'postgres']), await run('id', ['-g', 'postgres'])));
    mkdirSync(appData, { mode: 0o700 });
    await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await run('runuser', ['-u', 'postgres', '--', 'mkdir', '-m', '0700', archive]);
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'archive_mode = on',
        // The archive: a segment is archived once, never overwritten (the documentation's example).
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
        'shared_buffers = 16MB',
        '',
      ].join('\n'),
    );
    await startCluster(data);
    await query('create database tyd');

    server = await startChildServer(serverEnv(appData, url('tyd')), { bundle });
    const first = await signUps(server, appData, 8);
    await asPostgres('pg_basebackup', ['-D', base, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-X', 'stream', '-c', 'fast']);
    const second = await signUps(server, appData, 8);
    // The target: the cluster's own clock after the second batch was acknowledged, before the third began.
    const [{ target }] = (await query<{ target: string }>("select to_char(clock_timestamp(), 'YYYY-MM-DD HH24:MI:SS.US TZH') as target")) as [
      { target: string },
    ];
    const third = await signUps(server, appData, 5);
    await server.stop();
    server = undefined;
    // Close the current WAL segment and wait until the archive has it: the third batch is in the archive too.
    const [{ segment }] = (await query<{ segment: string }>('select pg_walfile_name(pg_switch_wal()) as segment')) as [{ segment: string }];
    for (let waited = 0; ; waited += 100) {
      const [stats] = await query<{ last: string | null }>('select last_archived_wal as last from pg_stat_archiver');
      if (stats?.last !== null && stats?.last !== undefined && stats.last >= segment) break;
      if (waited > 60_000) throw new Error(`WAL segment ${segment} not archived after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Destroy the cluster, then restore: the base backup, the archive as restore_command, the target time.
    await stopCluster(data);
    rmSync(data, { recursive: true, force: true });
    await run('runuser', ['-u', 'postgres', '--', 'cp', '-a', base, data]);
    await run('runuser', ['-u', 'postgres', '--', 'touch', join(data, 'recovery.signal')]);
    appendFileSync(
      join(data, 'postgresql.auto.conf'),
      [`restore_command = 'cp ${archive}/%f %p'`, `recovery_target_time = '${target}'`, "recovery_target_action = 'promote'", ''].join('\n'),
    );
    await startCluster(data);
    for (let waited = 0; (await query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering'))[0]?.recovering; waited += 100) {
      if (waited > 60_000) throw new Error('still recovering after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    server = await startChildServer(serverEnv(appData, url('tyd')), { bundle });
    const keys = clientKeysOf(appData);
    const before = [...first, ...second];
    expect(await readableAccounts(server.baseUrl, keys, before)).toEqual(before.map((account) => account.phone));
    expect(await readableAccounts(server.baseUrl, keys, third)).toEqual([]);
  });
});

function postgresIds(uid: { stdout: string }, gid: { stdout: string }): [number, number] {
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}
