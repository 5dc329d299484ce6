// Expand, then contract (docs/operations.md "Migrations that never break the running version"): the previous
// release's server, taken from git, runs against a database the current sources migrated, and serves its API;
// then the current server serves what the previous one wrote. The previous release is the commit before the
// newest one that changed apps/server/src/db/migrations: the version that runs beside this one during a
// rolling upgrade, and the one a rollback returns to. Needs the repository's history (a full clone).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { logout } from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../apps/server/src/db/connect.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import { repoRoot } from '../../apps/server/src/paths.js';
import { ApiClient } from '../../apps/server/test/support/api-client.js';
import { createTestDatabase, type TestDatabase } from '../../apps/server/test/support/test-databases.js';
import { DRILL_ENV, buildDeployBundle, clientKeysOf, readableAccounts, signUpOne, startChildServer, type ChildServer } from './support/servers.js';

const run = promisify(execFile);
const git = async (...args: string[]) => (await run('git', ['-C', repoRoot, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
const MIGRATIONS = 'apps/server/src/db/migrations';

/** The migration files a commit holds, by name (the date first, so name order is the order they run in). */
async function migrationsAt(commit: string): Promise<string[]> {
  const listed = await git('ls-tree', '--name-only', commit, `${MIGRATIONS}/`);
  return listed
    .split('\n')
    .map((path) => path.slice(path.lastIndexOf('/') + 1))
    .filter((name) => /^\d{4}-\d{2}-\d{2}-\d{4}-.+\.ts$/.test(name))
    .sort();
}

/**
 * The release before this one, as the upgrade meets it: the newest commit of the main line (first parents)
 * that holds fewer migrations than HEAD, all of HEAD's, and only older ones than every migration HEAD adds to
 * them. A commit between two merges of work done side by side can hold a later-dated migration than one
 * merged after it; no release ships that way, so it is passed over (docs/operations.md "Migrations that never
 * break the running version").
 */
async function previousRelease(): Promise<string> {
  const current = await migrationsAt('HEAD');
  const changed = (await git('log', '--first-parent', '--format=%H', '--', MIGRATIONS)).split('\n').filter(Boolean);
  if (changed.length === 0) throw new Error(`no commit changed ${MIGRATIONS}: the test needs the repository's history (a full clone, not a shallow one)`);
  for (const commit of changed) {
    const candidate = await git('rev-parse', `${commit}^`);
    const held = await migrationsAt(candidate);
    const added = current.filter((name) => !held.includes(name));
    const prefix = held.every((name) => current.includes(name)) && added.length > 0 && added.every((name) => name > (held.at(-1) ?? ''));
    if (prefix) return candidate;
  }
  throw new Error('no earlier commit holds a prefix of the current migrations');
}

describe('the previous release against the new schema', () => {
  const work = mkdtempSync(join(tmpdir(), 'tyd-deploy-previous-'));
  const previousRoot = join(work, 'previous');
  const appData = join(work, 'app');
  let testDb: TestDatabase;
  let server: ChildServer | undefined;
  let previous: string;
  let previousBundle: string;
  let currentBundle: string;

  beforeAll(async () => {
    // PREVIOUS_RELEASE names another (a tag, a commit): the release actually deployed, when older.
    if (process.env.PREVIOUS_RELEASE) previous = await git('rev-parse', '--verify', `${process.env.PREVIOUS_RELEASE}^{commit}`);
    else previous = await previousRelease();
    mkdirSync(previousRoot);
    mkdirSync(appData, { mode: 0o700 });
    // The previous release's sources as they were committed (git archive never touches this work tree).
    await run('sh', [
      '-c',
      `git -C "${repoRoot}" archive ${previous} apps/server packages package.json package-lock.json tsconfig.base.json | tar -x -C "${previousRoot}"`,
    ]);
    await installPackages(previous);
    await run(process.execPath, ['--import', 'tsx', 'apps/server/scripts/build-server.ts'], { cwd: previousRoot });
    previousBundle = join(previousRoot, 'apps/server/dist/server.mjs');
    currentBundle = await buildDeployBundle();
    testDb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * The previous release's packages: the installed ones when its lockfile is this one's (linked, except its own
   * workspace packages, which come from its sources), else installed from its lockfile.
   */
  async function installPackages(commit: string): Promise<void> {
    // The server's build needs the root's, the protocol's and the server's dependencies only: when those are
    // declared as they are now (a lockfile that differs by the web app's alone), this checkout's packages serve.
    const declared = async (revision: string | null) =>
      Promise.all(
        ['package.json', 'apps/server/package.json', 'packages/protocol/package.json'].map(async (file) => {
          const text = revision === null ? readFileSync(join(repoRoot, file), 'utf8') : await git('show', `${revision}:${file}`);
          const json = JSON.parse(text) as { dependencies?: unknown; devDependencies?: unknown; optionalDependencies?: unknown };
          return JSON.stringify([json.dependencies, json.devDependencies, json.optionalDependencies]);
        }),
      );
    const sameLockfile = (await git('rev-parse', `${commit}:package-lock.json`)) === (await git('hash-object', 'package-lock.json'));
    const sameServerDependencies = JSON.stringify(await declared(commit)) === JSON.stringify(await declared(null));
    if (!sameLockfile && !sameServerDependencies) {
      await run('npm', ['ci', '--no-audit', '--no-fund', '--include-workspace-root', '--workspace', '@tyd/server'], {
        cwd: previousRoot,
        maxBuffer: 64 * 1024 * 1024,
      });
      return;
    }
    const modules = join(previousRoot, 'node_modules');
    mkdirSync(join(modules, '@tyd'), { recursive: true });
    for (const name of readdirSync(join(repoRoot, 'node_modules'))) {
      if (name !== '@tyd') symlinkSync(join(repoRoot, 'node_modules', name), join(modules, name));
    }
    for (const name of readdirSync(join(previousRoot, 'packages'))) symlinkSync(join(previousRoot, 'packages', name), join(modules, '@tyd', name));
  }

  it('serves its API on a database the current sources migrated, and the current server serves what it wrote', async () => {
    const handle = connectDatabase(testDb.database);
    let hidden: Array<{ name: string; timestamp: string }> = [];
    try {
      await migrateToLatest(handle.db);
      const previousMigrations = (await git('ls-tree', '--name-only', previous, `${MIGRATIONS}/`))
        .split('\n')
        .map((path) => path.split('/').at(-1)!.replace(/\.ts$/, ''));
      const recorded = (await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db)).rows.map((row) => row.name);
      const newer = recorded.filter((name) => !previousMigrations.includes(name));
      expect(newer.length, `the current sources add migrations to ${previous}`).toBeGreaterThan(0);
      // A previous release older than db/migrate.ts's migrationsOfNewerReleases refused any migration it did
      // not know at start, whatever the schema; for one that old the bookkeeping rows of the newer migrations
      // are taken out while it runs (and put back after), so what is checked is still its code against the new schema.
      const tolerates = (await git('show', `${previous}:apps/server/src/db/migrate.ts`)).includes('migrationsOfNewerReleases');
      if (!tolerates) {
        hidden = (
          await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name in (${sql.join(newer)})`.execute(handle.db)
        ).rows;
        await sql`delete from kysely_migration where name in (${sql.join(newer)})`.execute(handle.db);
      }
    } finally {
      await handle.close();
    }

    const env = { ...DRILL_ENV, DATA_DIR: appData, DATABASE_URL: testDb.databaseUrl, WEB_DIST: join(work, 'no-web-build') };
    server = await startChildServer(env, { bundle: previousBundle });
    const keys = clientKeysOf(appData);
    const written = [await signUpOne(server.baseUrl, keys), await signUpOne(server.baseUrl, keys)];
    expect(await readableAccounts(server.baseUrl, keys, written)).toEqual(written.map((account) => account.phone));
    const client = new ApiClient(server.baseUrl, keys);
    await client.loadPage();
    expect((await client.call(logout, {}, { accessToken: written[1]!.accessToken })).response?.code).toBe('200');
    await server.stop();
    if (hidden.length > 0) {
      const restore = connectDatabase(testDb.database);
      try {
        for (const row of hidden) await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(restore.db);
      } finally {
        await restore.close();
      }
    }

    // The current release beside it (or after it) reads what the previous one wrote.
    server = await startChildServer(env, { bundle: currentBundle });
    expect(await readableAccounts(server.baseUrl, keys, written)).toEqual([written[0]!.phone]);
  });
});
