// The SQLite restore drill (docs/operations.md "Backups and restore"): accounts written through the API,
// `npm run admin -- backup` taken while writers keep going, the data directory destroyed, the copy restored,
// and the server started on it serves every account acknowledged before the backup began, sealed phone
// numbers readable. The same copy without its keys.json, or with another TYD_DATA_KEY, is refused at start.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedAdmin } from '../../apps/server/test/support/admin-command.js';
import { testSecretKeys } from '../../apps/server/test/support/secrets.js';
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

describe('SQLite: backup while serving, destroy, restore', () => {
  const root = mkdtempSync(join(tmpdir(), 'tyd-deploy-sqlite-'));
  const live = join(root, 'live');
  const backup = join(root, 'backups', 'tyd.sqlite');
  const keysBackup = join(root, 'vault', 'keys.json');
  let bundle: string;
  let server: ChildServer | undefined;
  let ackedBeforeBackup: AckedAccount[] = [];
  let ackedAfter: AckedAccount[] = [];
  const env = (dataDir: string) => ({ ...DRILL_ENV, DATA_DIR: dataDir, WEB_DIST: join(root, 'no-web-build') });

  beforeAll(async () => {
    bundle = await buildDeployBundle();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies a consistent database while accounts are being written, and says what else a restore needs', async () => {
    server = await startChildServer(env(live), { bundle });
    const keys = clientKeysOf(live);
    const writers = keepSigningUp(server.baseUrl, keys);
    while (writers.acked.length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    ackedBeforeBackup = [...writers.acked];
    mkdirSync(join(backup, '..'), { mode: 0o700 });
    mkdirSync(join(keysBackup, '..'), { mode: 0o700 });
    const outcome = await capturedAdmin(['backup', backup, '--keys', keysBackup], { ...process.env, ...env(live) });
    // A few more after it, so the restore can tell a write after the snapshot from one before; stop()
    // rejects if any write failed while the backup ran.
    const after = writers.acked.length + 5;
    while (writers.acked.length < after) await new Promise((resolve) => setTimeout(resolve, 20));
    await writers.stop();
    ackedAfter = writers.acked.slice(ackedBeforeBackup.length);
    expect(outcome.code, outcome.stderr).toBe(0);

    const report = JSON.parse(outcome.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      engine: 'sqlite',
      file: backup,
      integrity: 'ok',
      keys: { required: ['TYD_DATA_KEY', 'TYD_PHONE_HASH_KEY'], keysFile: join(live, 'keys.json'), copiedTo: keysBackup, match: true },
    });
    expect(outcome.stderr).toMatch(/needs TYD_DATA_KEY and TYD_PHONE_HASH_KEY/);
    // Owner-only, like the database and keys.json themselves.
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    expect(statSync(keysBackup).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    const again = await capturedAdmin(['backup', backup], { ...process.env, ...env(live) });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/exists; a backup never replaces a file/);
  });

  it('restores: every account acknowledged before the backup began is served, its sealed phone readable', async () => {
    await server?.stop();
    server = undefined;
    const keys = clientKeysOf(live);
    rmSync(live, { recursive: true, force: true });

    const restored = join(root, 'restored');
    restoreInto(restored, { withKeys: true });
    server = await startChildServer(env(restored), { bundle });
    const phones = ackedBeforeBackup.map((account) => account.phone);
    expect(await readableAccounts(server.baseUrl, keys, ackedBeforeBackup)).toEqual(phones);
    // What was acknowledged after the copy's snapshot is not in it: the drill can tell the difference.
    expect(await readableAccounts(server.baseUrl, keys, ackedAfter.slice(-1))).toEqual([]);
    await server.stop();
    server = undefined;
  });

  it('refuses to start on the copy without its keys.json, or with another TYD_DATA_KEY, naming the key', async () => {
    const withoutKeys = join(root, 'without-keys');
    restoreInto(withoutKeys, { withKeys: false });
    await expect(startChildServer(env(withoutKeys), { bundle })).rejects.toThrow(
      /TYD_DATA_KEY and TYD_PHONE_HASH_KEY are not the keys this database was written with/,
    );

    const wrongKey = join(root, 'wrong-key');
    restoreInto(wrongKey, { withKeys: true });
    await expect(startChildServer({ ...env(wrongKey), TYD_DATA_KEY: testSecretKeys().dataKey }, { bundle })).rejects.toThrow(
      /tyd server: TYD_DATA_KEY is not the key this database was written with/,
    );
  });

  /** What an operator does: the copy as ${DATA_DIR}/tyd.sqlite, and (or not) the keys kept apart as ${DATA_DIR}/keys.json. */
  function restoreInto(dataDir: string, { withKeys }: { withKeys: boolean }): void {
    mkdirSync(dataDir, { mode: 0o700 });
    copyFileSync(backup, join(dataDir, 'tyd.sqlite'));
    if (withKeys) copyFileSync(keysBackup, join(dataDir, 'keys.json'));
  }
});
