// The real server as a child process, started exactly as `npm run serve` does (the build of
// scripts/build-server.ts, which the test projects' global setups and the benchmarks make first from the
// current sources), for tests that need to kill it (crash test), journeys and the benchmark.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { serverBundle } from '../../scripts/build-server.js';
import { repoRoot } from '../../src/paths.js';

export interface ChildServer {
  baseUrl: string;
  pid: number;
  output(): string;
  /** SIGKILL: no shutdown hooks, no flushing; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait: graceful shutdown. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Starts the build at `opts.bundle` (`serverBundle` by default) with `env` over the test defaults. */
export async function startChildServer(env: Record<string, string>, opts: { bundle?: string } = {}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', opts.bundle ?? serverBundle], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid ?? -1,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}
