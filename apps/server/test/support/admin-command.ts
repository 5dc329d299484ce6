// `npm run admin -- …` as a child process (TypeScript through tsx), against the database and keys of a
// running test server: its DATA_DIR (SQLite and keys.json) and, on PostgreSQL, its database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from '../../src/paths.js';
import type { TestApp } from './test-app.js';

const run = promisify(execFile);

/** Rejects with {code, stdout, stderr} on a non-zero exit (1 not found or failed, 2 wrong usage). */
export function adminCommand(t: TestApp, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/admin-cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: t.testDb.dataDir, ...(t.testDb.databaseUrl && { DATABASE_URL: t.testDb.databaseUrl }) },
  });
}

/** The command's exit code and output, whatever the code (for tests that check refusals as well as successes). */
export async function adminOutcome(t: TestApp, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return { code: 0, ...(await adminCommand(t, args)) };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
