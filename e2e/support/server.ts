// The real server for browser journeys: a child process started exactly as `npm run serve` does
// (the server test support's startChildServer), on a free port with a fresh data directory, so every
// spec file gets its own database, keys and XSRF secret.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../apps/server/src/paths';
import { startChildServer } from '../../apps/server/test/support/child-server';

export { repoRoot };

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Server output so far, for failure messages. */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s), wait for exit, remove the data directory. */
  stop(): Promise<void>;
  /** SIGKILL at once, keeping the data directory (specs that restart on it). */
  kill(): Promise<void>;
}

export async function startServer(opts: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tyd-e2e-'));
  const child = await startChildServer({ DATA_DIR: dataDir, ...opts.env });
  return {
    baseUrl: child.baseUrl,
    dataDir,
    output: () => child.output(),
    async stop() {
      const timer = setTimeout(() => void child.kill(), 10_000);
      await child.stop();
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => child.kill(),
  };
}
