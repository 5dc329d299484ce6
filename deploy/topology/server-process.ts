// One server process of the topology, started as `npm run serve` starts it (the build,
// apps/server/dist/server.mjs) on a port of its own that stays the same across restarts, as a
// tyd-server@<port> instance does (deploy/systemd/tyd-server@.service); ready when its /readyz answers 200
// (docs/operations.md "Health and shutdown").
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverBundle } from '../../apps/server/scripts/build-server.js';
import { repoRoot } from '../../apps/server/src/paths.js';

export interface ServerProcess {
  readonly port: number;
  readonly pid: number;
  /** What the process wrote so far (its JSON log lines), for failure messages. */
  output(): string;
  /** SIGTERM, then its graceful shutdown (503 to new requests, those in flight finished); resolves with its exit code. */
  stop(): Promise<number | null>;
}

export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
    } catch {
      // not listening yet: the server listens once everything a request needs is ready
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on port ${port} not ready after 60 s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    port,
    pid: child.pid ?? -1,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
