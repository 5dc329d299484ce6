// The admin command (`npm run admin -- …`, docs/operations.md "The admin command") called in-process through
// runAdmin, against the database and keys of a running test server: its environment (DATA_DIR with the SQLite
// file and keys.json, and on PostgreSQL its DATABASE_URL). One test in admin-cli.test.ts starts the real
// command as its own process; starting Node and tsx per call cost seconds each on a 2-core machine.
import { runAdmin } from '../../src/admin/admin-cli.js';
import type { DatabaseHandle } from '../../src/db/connect.js';
import type { TestApp } from './test-app.js';

export interface AdminOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command in-process in `env` and keeps what it printed (also the journeys' e2e/support/admin-command.ts);
 * at `now` when given (a test server's own clock), else the real time.
 */
export async function capturedAdmin(args: string[], env: NodeJS.ProcessEnv, now?: () => number, database?: DatabaseHandle): Promise<AdminOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    ...(now && { now }),
    ...(database && { database }),
  });
  return { code, stdout, stderr };
}

/** The command's exit code and output, whatever the code (for tests that check refusals as well as successes). */
export function adminOutcome(t: TestApp, args: string[], env: Record<string, string> = {}): Promise<AdminOutcome> {
  // On the server's own connection (AdminIo.database), unless the test runs it in another environment.
  return capturedAdmin(args, { ...t.env, ...env }, undefined, Object.keys(env).length === 0 ? t.app.database : undefined);
}

/** Rejects with {code, stdout, stderr} on a non-zero exit (1 not found or failed, 2 wrong usage), as a child process's failure would. */
export async function adminCommand(t: TestApp, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  const outcome = await adminOutcome(t, args, env);
  if (outcome.code !== 0) throw Object.assign(new Error(`admin ${args.join(' ')} exited with ${outcome.code}: ${outcome.stderr}`), outcome);
  return { stdout: outcome.stdout, stderr: outcome.stderr };
}
