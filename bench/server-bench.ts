// `npm run bench:server`: what the envelope costs. The real server as a child process with
// BENCH_UNSEALED_ROUTES, autocannon at 64 connections against check-login with a valid session, (a)
// unsealed (the same route's twin under /bench-unsealed: signature, window, nonce, XSRF, session lookup,
// schema and handler, no envelope) and (b) sealed, in the same server and run. Every request is prepared
// beforehand with its own nonce and a fresh timestamp, because the server refuses replays. Each run is
// timed from its start to its last answer (autocannon's own duration is whole seconds of its 1 s tick).
// Prints requests/s, p50, p99, server CPU per request and b/a with its spread over the rounds. Target:
// b/a >= 0.5. Results go in bench/README.md.
import { rmSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CODE, checkLogin } from '@tyd/protocol';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { createSessionsRepository } from '../apps/server/src/account/repositories/sessions-repository.js';
import { createUsersRepository } from '../apps/server/src/account/repositories/users-repository.js';
import { createPhoneProtection } from '../apps/server/src/account/services/phone-protection.js';
import { BENCH_UNSEALED_PREFIX } from '../apps/server/src/plugins/api-pipeline.js';
import { ApiClient, type PrepareOptions, type PreparedRequest } from '../apps/server/test/support/api-client.js';
import { createSession, createUser } from '../apps/server/test/support/factories.js';
import { clientKeys, loadAverage, processCpuMs, readSecrets, startBenchServer } from './bench-support.js';

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
type Autocannon = (opts: { url: string; connections: number; duration?: number; amount?: number; requests?: AutocannonRequest[] }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = 64;
/**
 * (a) and (b) alternate, ROUNDS times each, so both see the same background load (other processes on the
 * machine move the figures of a single run by tens of per cent); each run stops when its REQUESTS are used up.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
/** Requests of each kind spent first on warming up (JIT of the pipeline), not reported. */
const WARMUP_REQUESTS = 3_000;

const dataDir = mkdtempSync(join(tmpdir(), 'tyd-bench-'));
// One client, one session, one address: the request budgets are raised out of the way, so (b) measures
// the whole pipeline (their counters are still incremented on every call) rather than 429 answers.
// The server as `npm run serve` runs it: its build, made now from the current sources.
const server = await startBenchServer({
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
  const secrets = readSecrets(dataDir);
  const seed = connectDatabase({ kind: 'sqlite', file: join(dataDir, 'tyd.sqlite') });
  const repos = { users: createUsersRepository(seed.db, createPhoneProtection(secrets)), sessions: createSessionsRepository(seed.db) };
  const { accessToken } = await createSession(repos, await createUser(repos, { phone: '13812345678' }));
  await seed.close();

  const client = new ApiClient(server.baseUrl, clientKeys(secrets));
  client.accessToken = accessToken;
  await client.loadPage();
  const unsealed: PrepareOptions = { unsealedPrefix: BENCH_UNSEALED_PREFIX };
  for (const opts of [unsealed, {}]) {
    const probe = await client.call(checkLogin, {}, opts);
    if (probe.response?.code !== CODE.OK) throw new Error(`check-login probe failed: ${JSON.stringify(probe.response)}`);
  }

  const prepare = async (opts: PrepareOptions, count: number) => {
    const prepared: PreparedRequest[] = [];
    for (let i = 0; i < count; i++) prepared.push(await client.prepare(checkLogin, {}, opts));
    return prepared;
  };

  interface Measured {
    result: AutocannonResult;
    refused: number;
    cpuMs: number | undefined;
    /** From the run's start to its last answer. */
    seconds: number;
  }
  /** One autocannon run over prepared requests; counts answers that are not a '200' (sealed ones by their shape). */
  const measure = async (prepared: PreparedRequest[], ok: (body: string) => boolean): Promise<Measured> => {
    let next = 0;
    let refused = 0;
    const cpuBefore = processCpuMs(server.pid);
    const started = performance.now();
    let lastAnswer = started;
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      amount: prepared.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const p = prepared[next++]!;
            return { ...request, method: 'POST', path: p.path, headers: p.headers, body: p.body };
          },
          onResponse: (_status, body) => {
            lastAnswer = performance.now();
            if (!ok(body)) refused++;
          },
        },
      ],
    });
    const cpuAfter = processCpuMs(server.pid);
    const seconds = (lastAnswer - started) / 1000;
    return { result, refused, seconds, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
  };
  const plainOk = (body: string) => body.startsWith('{"code":"200"');
  // A sealed answer is {"data": ...}; a plaintext one means the pipeline refused the request.
  const sealedOk = (body: string) => body.startsWith('{"data":');

  await measure(await prepare(unsealed, WARMUP_REQUESTS), plainOk);
  await measure(await prepare({}, WARMUP_REQUESTS), sealedOk);

  const runs: { a: Measured; b: Measured }[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Prepared just before their runs, so every x-t is well inside the 300 s window.
    const plain = await prepare(unsealed, REQUESTS);
    const sealed = await prepare({}, REQUESTS);
    const a = await measure(plain, plainOk);
    const b = await measure(sealed, sealedOk);
    runs.push({ a, b });
    const rate = (m: Measured) => m.result.requests.total / m.seconds;
    ratios.push(rate(b) / rate(a));
    console.log(
      `round ${round}: (a) ${rate(a).toFixed(0)} req/s, (b) ${rate(b).toFixed(0)} req/s, b/a ${(rate(b) / rate(a)).toFixed(2)}; load average ${loadavg()[0]!.toFixed(2)}`,
    );
  }
  // Spot-check that sealed answers are real '200's: one more call, opened by the client.
  const last = await client.call(checkLogin, {});

  const total = (pick: (r: { a: Measured; b: Measured }) => Measured) => {
    const ms = runs.map(pick);
    const requests = ms.reduce((n, m) => n + m.result.requests.total, 0);
    const seconds = ms.reduce((n, m) => n + m.seconds, 0);
    const cpu = ms.every((m) => m.cpuMs !== undefined) ? ms.reduce((n, m) => n + m.cpuMs!, 0) / requests : undefined;
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    return {
      rate: requests / seconds,
      p50: median(ms.map((m) => m.result.latency.p50)),
      p99: median(ms.map((m) => m.result.latency.p99)),
      cpu,
      bad: ms.reduce((n, m) => n + m.result.non2xx + m.result.errors + m.result.timeouts + m.refused, 0),
    };
  };
  const a = total((r) => r.a);
  const b = total((r) => r.b);
  const row = (name: string, t: typeof a) =>
    `${name.padEnd(28)}${t.rate.toFixed(0).padStart(7)} req/s   p50 ${String(t.p50).padStart(4)} ms   p99 ${String(t.p99).padStart(4)} ms   CPU ${t.cpu === undefined ? 'n/a' : `${t.cpu.toFixed(3)} ms`}/req   failed ${t.bad}`;
  console.log(`\nresults: ${ROUNDS} rounds of ${REQUESTS} requests each, ${CONNECTIONS} connections (p50, p99: median of the rounds)`);
  console.log(row('(a) check-login, unsealed', a));
  console.log(row('(b) check-login, sealed', b));
  console.log(`follow-up sealed check-login code ${last.response?.code}`);
  const envelopeCpu = a.cpu === undefined || b.cpu === undefined ? 'n/a' : `${(b.cpu - a.cpu).toFixed(3)} ms`;
  console.log(`envelope CPU per request (b - a): ${envelopeCpu}; ${loadAverage()}`);
  const sorted = [...ratios].sort((x, y) => x - y);
  console.log(
    `ratio b/a = ${(b.rate / a.rate).toFixed(2)} over all rounds (target >= 0.5); per round median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)}, ` +
      `range ${sorted[0]!.toFixed(2)}–${sorted[sorted.length - 1]!.toFixed(2)} over ${ratios.length} rounds; p99 (b) = ${b.p99} ms`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
