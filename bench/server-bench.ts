// `npm run bench:server`: what the envelope costs. The real server as a child process with
// BENCH_UNSEALED_ROUTES, autocannon at 64 connections against check-login with a valid session, (a)
// unsealed (the same route's twin under /bench-unsealed: signature, window, nonce, XSRF, session lookup,
// schema and handler, no envelope) and (b) sealed, in the same server and run. Every request is prepared
// beforehand with its own nonce and a fresh timestamp, because the server refuses replays. Prints
// requests/s, p50, p99, server CPU per request and b/a. Target: b/a >= 0.5. Results go in bench/README.md.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_IDS, CODE } from '@tyd/protocol';
import type { Secrets } from '../apps/server/src/config.js';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { createSessionsRepository } from '../apps/server/src/db/sessions-repository.js';
import { createUsersRepository } from '../apps/server/src/db/users-repository.js';
import { createPhoneProtection } from '../apps/server/src/services/phone-protection.js';
import { BENCH_UNSEALED_PREFIX } from '../apps/server/src/plugins/api-pipeline.js';
import { ApiClient, type PrepareOptions, type PreparedRequest } from '../apps/server/test/support/api-client.js';
import { startChildServer } from '../apps/server/test/support/child-server.js';
import { createSession, createUser } from '../apps/server/test/support/factories.js';

// autocannon ships no types; this is the part of its API used here.
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** CPU time (user + system) the server process has used so far, in ms; Linux /proc, else undefined. */
function serverCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const CONNECTIONS = 64;
/** Requests prepared for each of (a) and (b); a run stops when they are used up. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
/** More of them spent first on warming each up (JIT of the pipeline), not reported. */
const WARMUP_REQUESTS = Math.min(3_000, Math.floor(REQUESTS / 5));

const dataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-'));
// One client, one session, one address: the request budgets are raised out of the way, so (b) measures
// the whole pipeline (their counters are still incremented on every call) rather than 429 answers.
const server = await startChildServer({
  DATA_DIR: dataDir,
  WEB_DIST: join(dataDir, 'no-web-build'),
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  API_RATE_PER_ADDRESS_PER_MINUTE: '1000000',
  API_RATE_PER_SESSION_PER_MINUTE: '1000000',
  BENCH_UNSEALED_ROUTES: 'true',
});
try {
  // A user and a session, written through the repositories into the server's own database file.
  const secrets = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as Secrets;
  const seed = connectDatabase({ kind: 'sqlite', file: join(dataDir, 'tyd.sqlite') });
  const repos = { users: createUsersRepository(seed.db, createPhoneProtection(secrets)), sessions: createSessionsRepository(seed.db) };
  const { accessToken } = await createSession(repos, await createUser(repos, { phone: '13812345678' }));
  await seed.close();

  const current = secrets.serverKeys[secrets.serverKeys.length - 1]!;
  const client = new ApiClient(server.baseUrl, { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey });
  client.accessToken = accessToken;
  await client.loadPage();
  const unsealed: PrepareOptions = { unsealedPrefix: BENCH_UNSEALED_PREFIX };
  for (const opts of [unsealed, {}]) {
    const probe = await client.call('/v1/user/check-login', {}, opts);
    if (probe.response?.code !== CODE.OK) throw new Error(`check-login probe failed: ${JSON.stringify(probe.response)}`);
  }

  const prepare = async (opts: PrepareOptions) => {
    const started = Date.now();
    const prepared: PreparedRequest[] = [];
    for (let i = 0; i < REQUESTS + WARMUP_REQUESTS; i++) prepared.push(await client.prepare('/v1/user/check-login', {}, opts));
    console.log(`prepared ${prepared.length} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return prepared;
  };

  /** Warms up, then measures; counts answers that are not a '200' (sealed ones are judged by their shape). */
  const measure = async (name: string, prepared: PreparedRequest[], ok: (body: string) => boolean) => {
    let next = 0;
    let refused = 0;
    const run = (amount: number) =>
      autocannon({
        url: server.baseUrl,
        connections: CONNECTIONS,
        amount,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const p = prepared[next++]!;
              return { ...request, method: 'POST', path: p.path, headers: p.headers, body: p.body };
            },
            onResponse: (_status, body) => {
              if (!ok(body)) refused++;
            },
          },
        ],
      });
    await run(WARMUP_REQUESTS);
    refused = 0;
    console.log(`${name}, ${CONNECTIONS} connections, ${REQUESTS} requests`);
    const cpuBefore = serverCpuMs(server.pid);
    const result = await run(REQUESTS);
    const cpuAfter = serverCpuMs(server.pid);
    const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total;
    return { result, refused, cpu };
  };

  // Prepared just before its run, so every x-t is well inside the 300 s window.
  const a = await measure('(a) check-login, unsealed', await prepare(unsealed), (body) => body.startsWith('{"code":"200"'));
  // A sealed answer is {"data": ...}; a plaintext one means the pipeline refused the request.
  const b = await measure('(b) check-login, sealed', await prepare({}), (body) => body.startsWith('{"data":'));
  // Spot-check that sealed answers are real '200's: one more call, opened by the client.
  const last = await client.call('/v1/user/check-login', {});

  const row = (name: string, m: typeof a) =>
    `${name.padEnd(30)}${m.result.requests.average.toFixed(0).padStart(9)} req/s   p50 ${String(m.result.latency.p50).padStart(4)} ms   p99 ${String(m.result.latency.p99).padStart(4)} ms   CPU ${m.cpu === undefined ? 'n/a' : `${m.cpu.toFixed(3)} ms`}/req   non-2xx ${m.result.non2xx}   errors ${m.result.errors + m.result.timeouts}   refused ${m.refused}`;
  console.log('\nresults');
  console.log(row('(a) check-login, unsealed', a));
  console.log(row('(b) check-login, sealed', b));
  console.log(`follow-up sealed check-login code ${last.response?.code}`);
  // Server CPU per request does not depend on what else the machine runs (load average below).
  const envelopeCpu = a.cpu === undefined || b.cpu === undefined ? 'n/a' : `${(b.cpu - a.cpu).toFixed(3)} ms`;
  console.log(`envelope CPU per request (b - a): ${envelopeCpu}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  const ratio = b.result.requests.average / a.result.requests.average;
  console.log(`ratio b/a = ${ratio.toFixed(2)} (target >= 0.5); p99 (b) = ${b.result.latency.p99} ms`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
