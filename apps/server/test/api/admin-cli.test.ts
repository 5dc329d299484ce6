// The admin command (`npm run admin -- ...`, docs/operations.md) as a child process against a temporary DATA_DIR
// (SQLite) and a PostgreSQL database; what it writes is what the running server answers.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';
import { pageRecord } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES } from '../support/test-databases.js';

const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

// Each case starts the command as its own Node process (TypeScript loaded through tsx): seconds apiece on a
// busy 2-core machine, so these tests get room beyond the default 30 s (a limit on hangs, not a timing check).
const CLI_TEST_TIMEOUT_MS = 180_000;

describe.each(ENGINES)('admin command on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function admin(args: string[], env: Record<string, string> = {}, viaNpm = false): Promise<CliResult> {
    const [file, argv] = viaNpm ? ['npm', ['run', '-s', 'admin', '--', ...args]] : [process.execPath, ['--import', 'tsx', 'apps/server/src/admin/admin-cli.ts', ...args]];
    try {
      const { stdout, stderr } = await run(file as string, argv as string[], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: t.testDb.dataDir, DATABASE_URL: t.testDb.databaseUrl, ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const lookup = async (query: string) => (await fetch(`${t.baseUrl}/tydApi/deep-link/params?${query}`)).json() as Promise<{ code: string; data?: unknown }>;

  it('sets, gets, lists and deletes deep links that the lookup then serves', { timeout: CLI_TEST_TIMEOUT_MS }, async () => {
    const set = await admin(['deeplink', 'set', 'spring-gift', '--system', 'android', '--project', 'production', '--params', '{"path":"/cloudSteward/index","from":"sms"}'], {}, true);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ key: 'spring-gift', system: 'android', project: 'production', params: { path: '/cloudSteward/index', from: 'sms' } });
    expect(await lookup('key=spring-gift&system_type=android&project=production')).toMatchObject({ code: '200', data: { path: '/cloudSteward/index', from: 'sms' } });

    // set replaces; project defaults to production.
    expect((await admin(['deeplink', 'set', 'spring-gift', '--system', 'android', '--params', '{"path":"/download"}'])).code).toBe(0);
    expect((await admin(['deeplink', 'set', 'spring-gift', '--system', 'ios', '--params', '{"path":"/nfc"}'])).code).toBe(0);
    expect(await lookup('key=spring-gift&system_type=android')).toMatchObject({ data: { path: '/download' } });

    const get = await admin(['deeplink', 'get', 'spring-gift', '--system', 'ios']);
    expect(JSON.parse(get.stdout)).toMatchObject({ key: 'spring-gift', system: 'ios', params: { path: '/nfc' } });
    const list = await admin(['deeplink', 'list', '--project', 'production']);
    expect(list.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { system: string }).system)).toEqual(['android', 'ios']);

    const deleted = await admin(['deeplink', 'delete', 'spring-gift', '--system', 'android']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'deleted spring-gift (android, production)\n' });
    expect(await lookup('key=spring-gift&system_type=android')).toMatchObject({ code: '404' });
    expect(await admin(['deeplink', 'delete', 'spring-gift', '--system', 'android'])).toMatchObject({ code: 1 });
    expect(await admin(['deeplink', 'get', 'spring-gift', '--system', 'android'])).toMatchObject({ code: 1, stdout: '' });
  });

  it('refuses wrong usage with exit code 2 and the usage text, writing nothing', { timeout: CLI_TEST_TIMEOUT_MS }, async () => {
    const cases = [
      [],
      ['nope'],
      ['deeplink'],
      ['deeplink', 'set', 'k', '--system', 'windows', '--params', '{}'],
      ['deeplink', 'set', 'bad key', '--system', 'ios', '--params', '{}'],
      ['deeplink', 'set', 'k', '--system', 'ios'],
      ['deeplink', 'set', 'k', '--system', 'ios', '--params', '[1]'],
      ['deeplink', 'set', 'k', '--system', 'ios', '--params', '{"a":'],
      ['deeplink', 'set', 'k', '--system', 'ios', '--params', JSON.stringify({ a: 'x'.repeat(4_100) })],
      ['deeplink', 'set', 'k', '--system', 'ios', '--params', '{}', '--colour', 'red'],
      ['telemetry', 'vacuum'],
    ];
    for (const args of cases) {
      const result = await admin(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('usage: npm run admin -- <command>');
    }
    expect(await lookup('key=k&system_type=ios')).toMatchObject({ code: '404' });
  });

  it('prunes analytics rows older than TELEMETRY_RETENTION_DAYS', { timeout: CLI_TEST_TIMEOUT_MS }, async () => {
    const now = Date.now();
    const old = pageRecord();
    const recent = pageRecord();
    const row = (id: string, receivedAt: number) => ({
      id, project: 'production', kind: 'event', ei: 'e', et: '', en: '', el: 'INFO', purl: '/', ed: '{}', route: null, metric: null, timed_out: 0, hidden: 0,
      platform_type: 'H5', is_login: 0, product_version: '4.0.1', business_line: '通盈达', identity_business_id: null,
      client_time: receivedAt, sent_at: receivedAt, received_at: receivedAt, corrected_at: receivedAt, clock_offset: null,
    });
    await t.app.telemetry.records.insertNew([row(old.id, now - 31 * 86_400_000), row(recent.id, now - 29 * 86_400_000)]);
    const pruned = await admin(['telemetry', 'prune'], { TELEMETRY_RETENTION_DAYS: '30' });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toMatchObject({ pruned: { records: 1 }, retentionDays: 30 });
    expect(await t.app.telemetry.records.findById(old.id)).toBeUndefined();
    expect(await t.app.telemetry.records.findById(recent.id)).toBeDefined();
  });
});
