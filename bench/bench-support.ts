// What the server benchmarks share (bench:server, bench:journey): the server's build started as child
// processes, the keys a child wrote, CPU time from /proc, the machine's load, and percentiles.
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { APP_IDS } from '@tyd/protocol';
import type { Secrets } from '../apps/server/src/config/index.js';
import type { ClientKeys } from '../apps/server/test/support/api-client.js';
import { buildServer, serverBundle } from '../apps/server/scripts/build-server.js';
import { startChildServer, type ChildServer } from '../apps/server/test/support/child-server.js';

/**
 * The benchmarks' own build of the current sources, beside the one the test suites use (`serverBundle`),
 * so a benchmark never rewrites the file a test run on the same machine is starting servers from.
 */
const benchBundle = join(dirname(serverBundle), 'bench-server.mjs');
let built: Promise<string> | undefined;

/** The server as `npm run serve` runs it, as a child process (built once per benchmark run). */
export async function startBenchServer(env: Record<string, string>): Promise<ChildServer> {
  built ??= buildServer(benchBundle);
  return startChildServer(env, { bundle: await built });
}

/** The secrets a child server generated in its data directory (NODE_ENV=test: keys.json). */
export function readSecrets(dataDir: string): Secrets {
  return JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as Secrets;
}

/** What a browser is given (app id and secret, the current server key), for an ApiClient. */
export function clientKeys(secrets: Secrets): ClientKeys {
  const current = secrets.serverKeys[secrets.serverKeys.length - 1];
  if (!current) throw new Error('no server keys');
  return { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey };
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or undefined when gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}
/** Clock ticks to ms: stat(5) counts in USER_HZ, 100 per second on Linux. */
const ticksMs = (ticks: number) => (ticks * 1000) / 100;

/** CPU time (user + system) a process has used so far, in ms; Linux /proc, else undefined. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of stat(5); fields[0] is field 3 (state).
  return fields ? ticksMs(Number(fields[11]) + Number(fields[12])) : undefined;
}

/**
 * CPU time (ms) of every process whose command is `command` (`postgres`, `redis-server`): their own user +
 * system time, plus, for the one whose parent is another command (the postmaster), the time of the
 * children it has reaped (cutime + cstime, fields 16 and 17), so a backend that exited during a run still
 * counts. Everything on the machine with that name is included, so take the difference over a run.
 * Undefined when /proc cannot be read or no such process runs.
 */
export function commandCpuMs(command: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const named = new Map<string, string[]>();
  for (const pid of entries) {
    let comm: string;
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== command) continue;
    const fields = statFields(pid);
    if (fields) named.set(pid, fields);
  }
  if (named.size === 0) return undefined;
  let ticks = 0;
  for (const fields of named.values()) {
    ticks += Number(fields[11]) + Number(fields[12]);
    // fields[1] is the parent's pid (field 4).
    if (!named.has(fields[1]!)) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticksMs(ticks);
}

/** The 1, 5 and 15 minute load averages and the core count, as the reports print them. */
export function loadAverage(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;
}

/** The `p`-th percentile (0–100) of `values` (sorted in place), nearest rank; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  values.sort((x, y) => x - y);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))]!;
}
