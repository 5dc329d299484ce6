// The admin command (`npm run admin -- …`, docs/operations.md "The admin command") against a journey's
// server: called in-process through runAdmin on the server's DATA_DIR (its SQLite file and keys.json), as an
// operator runs it beside the server. Starting Node and tsx for each call cost about 4 s of CPU on the
// two-core machine; the command's own process start is tested once in apps/server/test/api/admin-cli.test.ts.
import { expect } from 'vitest';
import { runAdmin } from '../../apps/server/src/admin/admin-cli';
import type { RunningServer } from './server';

/** Runs `args` and returns what the command printed on stdout; fails the test on a non-zero exit. */
export async function adminCommand(server: RunningServer, args: string[], env: Record<string, string> = {}): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: server.dataDir, ...env },
  });
  expect(code, `admin ${args.join(' ')}: ${stderr}`).toBe(0);
  return stdout;
}
