// `npm run bench:server` (issue 3): the real server as a child process, autocannon at 64 connections
// against (a) a plain JSON route (/healthz) and (b) POST /tydApi/v1/user/check-login with a valid
// session, sealed and signed, in the same server. Every (b) request is pre-generated with its own nonce
// and a fresh timestamp, because the server refuses replays. Prints requests/s, p50, p99 and b/a.
// Targets (issue 3): b/a >= 0.5 and p99 <= 20 ms on this 2-core machine. Results go in bench/README.md.
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
import { ApiClient, type PreparedRequest } from '../apps/server/test/support/api-client.js';
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
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** Sealed requests prepared for (b); (b) stops when they are used up. */
const SEALED_REQUESTS = Number(process.env.BENCH_SEALED_REQUESTS ?? 30_000);
/** More of them spent first on warming (b) up (JIT of the pipeline), not reported. */
const WARMUP_REQUESTS = Math.min(3_000, Math.floor(SEALED_REQUESTS / 5));

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
  const probe = await client.call('/v1/user/check-login', {});
  if (probe.response?.code !== CODE.OK) throw new Error(`check-login probe failed: ${JSON.stringify(probe.response)}`);

  console.log(`preparing ${SEALED_REQUESTS} sealed, signed check-login requests (unique nonces)…`);
  const started = Date.now();
  const prepared: PreparedRequest[] = [];
  for (let i = 0; i < SEALED_REQUESTS + WARMUP_REQUESTS; i++) prepared.push(await client.prepare('/v1/user/check-login', {}));
  console.log(`prepared in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Warm-up (JIT, connection set-up), not reported.
  await autocannon({ url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, duration: 2 });
  console.log(`(a) GET /healthz, ${CONNECTIONS} connections, ${DURATION_S} s`);
  const cpuBeforeA = serverCpuMs(server.pid);
  const a = await autocannon({ url: `${server.baseUrl}/healthz`, connections: CONNECTIONS, duration: DURATION_S });
  const cpuAfterA = serverCpuMs(server.pid);

  let next = 0;
  let unsealed = 0;
  const sealedRun = (amount: number) =>
    autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const p = prepared[next++ % prepared.length]!;
            return { ...request, method: 'POST', path: p.path, headers: p.headers, body: p.body };
          },
          // A sealed answer is {"data": ...}; a plaintext one means the pipeline refused the request.
          onResponse: (_status, body) => {
            if (!body.startsWith('{"data":')) unsealed++;
          },
        },
      ],
    });
  await sealedRun(WARMUP_REQUESTS);
  console.log(`(b) POST /tydApi/v1/user/check-login (sealed, signed, session), ${CONNECTIONS} connections, ${SEALED_REQUESTS} requests`);
  const cpuBeforeB = serverCpuMs(server.pid);
  const b = await sealedRun(SEALED_REQUESTS);
  const cpuAfterB = serverCpuMs(server.pid);
  // Spot-check that the answers were real '200's: the last prepared request, opened by the client.
  const last = await client.call('/v1/user/check-login', {});

  const row = (name: string, r: AutocannonResult) =>
    `${name.padEnd(34)}${r.requests.average.toFixed(0).padStart(9)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors + r.timeouts}`;
  console.log('\nresults');
  console.log(row('(a) GET /healthz', a));
  console.log(row('(b) check-login, sealed + session', b));
  console.log(`(b) answers not sealed (refused): ${unsealed}; follow-up check-login code ${last.response?.code}`);
  // Server CPU per request does not depend on what else the machine runs (load average below).
  const perRequest = (before?: number, after?: number, r?: AutocannonResult) =>
    before === undefined || after === undefined || !r ? 'n/a' : `${((after - before) / r.requests.total).toFixed(3)} ms`;
  console.log(`server CPU per request: (a) ${perRequest(cpuBeforeA, cpuAfterA, a)}, (b) ${perRequest(cpuBeforeB, cpuAfterB, b)}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  const ratio = b.requests.average / a.requests.average;
  console.log(`ratio b/a = ${ratio.toFixed(2)} (target >= 0.5); p99 (b) = ${b.latency.p99} ms (target <= 20 ms)`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
