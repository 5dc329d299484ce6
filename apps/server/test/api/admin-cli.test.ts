// The admin command (`npm run admin -- ...`, docs/operations.md) against a temporary DATA_DIR (SQLite) and a
// PostgreSQL database; what it writes is what the running server answers. The cases call it in-process
// (runAdmin); the first starts it as its own process through npm, as an operator does, once.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';
import { adminOutcome, type AdminOutcome } from '../support/admin-command.js';
import { pageRecord, storedRecord } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { SQLITE_ONLY } from '../support/test-databases.js';

const run = promisify(execFile);

// Starting the command as its own Node process (TypeScript loaded through tsx) takes seconds on a busy
// 2-core machine, so that test gets room beyond the default 30 s (a limit on hangs, not a timing check).
const CLI_PROCESS_TIMEOUT_MS = 180_000;

describe('npm run admin as its own process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function npmAdmin(args: string[]): Promise<AdminOutcome> {
    try {
      const { stdout, stderr } = await run('npm', ['run', '-s', 'admin', '--', ...args], { cwd: repoRoot, env: { ...process.env, ...t.env } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as AdminOutcome;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it("reads the server's environment, writes what the server then serves, and exits 0, or 2 on wrong usage", { timeout: CLI_PROCESS_TIMEOUT_MS }, async () => {
    const set = await npmAdmin(['deeplink', 'set', 'spring-gift', '--system', 'android', '--params', '{"path":"/cloudSteward/index","from":"sms"}']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      key: 'spring-gift',
      system: 'android',
      project: 'production',
      params: { path: '/cloudSteward/index', from: 'sms' },
    });
    const served = (await (await fetch(`${t.baseUrl}/tydApi/deep-link/params?key=spring-gift&system_type=android`)).json()) as { data?: unknown };
    expect(served).toMatchObject({ data: { path: '/cloudSteward/index', from: 'sms' } });
    const wrong = await npmAdmin(['deeplink', 'set', 'k', '--system', 'windows', '--params', '{}']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('usage: npm run admin -- <command>');
  });
});

describe.each(SQLITE_ONLY)('admin command on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  const admin = (args: string[], env: Record<string, string> = {}) => adminOutcome(t, args, env);
  const lookup = async (query: string) => (await fetch(`${t.baseUrl}/tydApi/deep-link/params?${query}`)).json() as Promise<{ code: string; data?: unknown }>;

  it('sets, gets, lists and deletes deep links that the lookup then serves', async () => {
    const set = await admin([
      'deeplink',
      'set',
      'spring-gift',
      '--system',
      'android',
      '--project',
      'production',
      '--params',
      '{"path":"/cloudSteward/index","from":"sms"}',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      key: 'spring-gift',
      system: 'android',
      project: 'production',
      params: { path: '/cloudSteward/index', from: 'sms' },
    });
    expect(await lookup('key=spring-gift&system_type=android&project=production')).toMatchObject({
      code: '200',
      data: { path: '/cloudSteward/index', from: 'sms' },
    });

    // set replaces; project defaults to production.
    expect((await admin(['deeplink', 'set', 'spring-gift', '--system', 'android', '--params', '{"path":"/download"}'])).code).toBe(0);
    expect((await admin(['deeplink', 'set', 'spring-gift', '--system', 'ios', '--params', '{"path":"/nfc"}'])).code).toBe(0);
    expect(await lookup('key=spring-gift&system_type=android')).toMatchObject({ data: { path: '/download' } });

    const get = await admin(['deeplink', 'get', 'spring-gift', '--system', 'ios']);
    expect(JSON.parse(get.stdout)).toMatchObject({ key: 'spring-gift', system: 'ios', params: { path: '/nfc' } });
    const list = await admin(['deeplink', 'list', '--project', 'production']);
    expect(
      list.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { system: string }).system),
    ).toEqual(['android', 'ios']);

    const deleted = await admin(['deeplink', 'delete', 'spring-gift', '--system', 'android']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'deleted spring-gift (android, production)\n' });
    expect(await lookup('key=spring-gift&system_type=android')).toMatchObject({ code: '404' });
    expect(await admin(['deeplink', 'delete', 'spring-gift', '--system', 'android'])).toMatchObject({ code: 1 });
    expect(await admin(['deeplink', 'get', 'spring-gift', '--system', 'android'])).toMatchObject({ code: 1, stdout: '' });
  });

  it('refuses wrong usage with exit code 2 and the usage text, writing nothing', async () => {
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

  it('prunes analytics rows older than TELEMETRY_RETENTION_DAYS', async () => {
    const now = Date.now();
    const old = pageRecord();
    const recent = pageRecord();
    await t.app.telemetry.records.insertNew([storedRecord(now - 31 * 86_400_000, { id: old.id }), storedRecord(now - 29 * 86_400_000, { id: recent.id })]);
    const pruned = await admin(['telemetry', 'prune'], { TELEMETRY_RETENTION_DAYS: '30' });
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(JSON.parse(pruned.stdout)).toMatchObject({ pruned: { records: 1 }, retentionDays: 30 });
    expect(await t.app.telemetry.records.findById(old.id)).toBeUndefined();
    expect(await t.app.telemetry.records.findById(recent.id)).toBeDefined();
  });
});
