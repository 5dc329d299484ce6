// The admin command (`npm run admin -- …`, docs/operations.md "The admin command") against a journey's
// server: called in-process through runAdmin on the server's DATA_DIR (its SQLite file and keys.json), as an
// operator runs it beside the server. Starting Node and tsx for each call cost about 4 s of CPU on the
// two-core machine; the command's own process start is tested once in apps/server/test/api/admin-cli.test.ts.
import { expect } from 'vitest';
import { capturedAdmin } from '../../apps/server/test/support/admin-command';
import type { RunningServer } from './server';

/** Runs `args` and returns what the command printed on stdout; fails the test on a non-zero exit. */
export async function adminCommand(server: RunningServer, args: string[], env: Record<string, string> = {}): Promise<string> {
  const outcome = await capturedAdmin(args, { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: server.dataDir, ...env });
  expect(outcome.code, `admin ${args.join(' ')}: ${outcome.stderr}`).toBe(0);
  return outcome.stdout;
}
