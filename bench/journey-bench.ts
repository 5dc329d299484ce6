// `npm run bench:journey`: virtual users walking the real journeys through the endpoint objects of
// @tyd/protocol and the test ApiClient (sealed, signed, each user from an address of its own behind
// TRUST_PROXY=1), against (a) one server process on SQLite, (b) one on PostgreSQL + Redis and (c) two on
// PostgreSQL + Redis (a throwaway database and Redis key prefix, removed afterwards), each started as
// `npm run serve` runs it, with METRICS_PORT so the statements it sends are counted (docs/operations.md
// "Metrics", tyd_db_queries_total).
//
// Each configuration runs three phases:
//   onboarding  every user at once, calls back to back: login with the sandbox SMS code, identity
//               certification with the sandbox providers (docs/sandbox.md), a bank card bound;
//   paced       the steady mix (home reads, messages, a draw), one call per user every BENCH_PACE_MS
//               (5 s): CPU per call here gives the capacity, users per core at that pace;
//   saturation  the same mix with no pause: throughput and p99 when the machine is the limit.
// Then one user alone walks every step with a scrape around each call, for queries per call by step.
// Per step: calls, throughput, p50, p99, errors; per phase: CPU per call from /proc for the server
// processes, PostgreSQL (every `postgres` process, reaped backends included) and redis-server, which are
// shared with anything else on the machine (the difference over the phase is taken, and the load average
// printed with it), with the backends of the run's own database apart (the part no one else adds to), and
// queries per API call from the servers' own counters. Results go in bench/README.md.
//
// Knobs: BENCH_USERS (200), BENCH_PACED_SECONDS (40), BENCH_SATURATION_SECONDS (15), BENCH_PACE_MS (5000),
// BENCH_CONFIGS (sqlite,postgres,postgres-x2).
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  bankCardList,
  bindBankcard,
  certification,
  checkLogin,
  h5FaceUrl,
  h5FaceVerify,
  homePageNotice,
  idcardOcr,
  luckyDrawInfo,
  messageList,
  messageRead,
  messageUnread,
  updateLuckyPoints,
  userBindBankcard,
  userDetailV1,
} from '@tyd/protocol';
import { isLuhnValid } from '@tyd/protocol/wire';
import { createProfilesRepository } from '../apps/server/src/account/repositories/profiles-repository.js';
import { createUsersRepository } from '../apps/server/src/account/repositories/users-repository.js';
import { ensureProfile } from '../apps/server/src/account/services/login.js';
import { createPhoneProtection } from '../apps/server/src/account/services/phone-protection.js';
import type { Secrets } from '../apps/server/src/config/index.js';
import { connectDatabase } from '../apps/server/src/db/connect.js';
import { createPointsRepository } from '../apps/server/src/rewards/repositories/points-repository.js';
import { createPointsLedger } from '../apps/server/src/rewards/services/points-ledger.js';
import { latestCode, signUp } from '../apps/server/test/support/accounts.js';
import { ApiClient, type ApiResult, type ClientKeys, type PreparedRequest } from '../apps/server/test/support/api-client.js';
import { freePort, type ChildServer } from '../apps/server/test/support/child-server.js';
import { cardPhoto, faceSessionOf, uniqueCardPhoto, uploadPhoto } from '../apps/server/test/support/identity.js';
import { TEST_POSTGRES_URL, createTestDatabase, type TestDatabase } from '../apps/server/test/support/test-databases.js';
import { REDIS_TEST_URL, deleteRedisKeys } from '../apps/server/test/support/test-redis.js';
import pg from 'pg';
import { clientKeys, commandCpuMs, loadAverage, percentile, processCpuMs, readSecrets, startBenchServer } from './bench-support.js';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 40);
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 15);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 5_000);
const CONFIGS = (process.env.BENCH_CONFIGS ?? 'sqlite,postgres,postgres-x2').split(',');
/** Points each user starts with: enough for every draw of the run. */
const START_POINTS = 1_000_000;

interface Configuration {
  name: string;
  engine: 'sqlite' | 'postgres';
  processes: number;
}
const CONFIGURATIONS: Record<string, Configuration> = {
  sqlite: { name: '1 process, SQLite', engine: 'sqlite', processes: 1 },
  postgres: { name: '1 process, PostgreSQL + Redis', engine: 'postgres', processes: 1 },
  'postgres-x2': { name: '2 processes, PostgreSQL + Redis', engine: 'postgres', processes: 2 },
};

/** The steps in the order they are printed, by journey; a step is an endpoint (or one use of it). */
const JOURNEYS: Array<[string, string[]]> = [
  ['login', ['sms-send-v1', 'user-login-v1']],
  ['home', ['check-login', 'message-unread', 'home-page-notice', 'user-detail-v1', 'bank-card-list', 'lucky-draw-info']],
  ['messages', ['message-list', 'message-read', 'message-read all']],
  ['certification', ['upload start', 'upload part', 'upload finish', 'idcard-ocr', 'certification', 'h5-face-url', 'h5-face-verify']],
  ['card binding', ['bind-bankcard', 'user-bind-bankcard']],
  ['draw', ['update-lucky-points']],
];

/** Latencies (ms) and errors of each step in one phase; an error is any answer but code '200', or no answer. */
class StepStats {
  readonly steps = new Map<string, { latencies: number[]; errors: number; codes: Map<string, number> }>();
  record(step: string, ms: number, outcome: string): void {
    let entry = this.steps.get(step);
    if (!entry) this.steps.set(step, (entry = { latencies: [], errors: 0, codes: new Map() }));
    entry.latencies.push(ms);
    if (outcome !== '200') {
      entry.errors += 1;
      entry.codes.set(outcome, (entry.codes.get(outcome) ?? 0) + 1);
    }
  }
}

/** Which step a call is: the endpoint's last path segment, with the upload's three calls and a read of all told apart. */
function stepOf(prepared: Pick<PreparedRequest, 'context' | 'body'>, label: string | undefined): string {
  const segments = prepared.context.path.split('/');
  const last = segments[segments.length - 1]!;
  if (segments[segments.length - 2] === 'upload') return `upload ${last}`;
  return label ?? last;
}

/**
 * A user: an ApiClient whose every call comes from the user's own address (X-Forwarded-For behind
 * TRUST_PROXY=1, as a proxy would send it), waits for the user's next turn when paced, and is timed into
 * the phase's StepStats; helpers that call through it (signUp, uploadPhoto) are measured the same way.
 */
class VirtualUser extends ApiClient {
  stats = new StepStats();
  paceMs = 0;
  nextAt = 0;
  /** Names the next call's step when the endpoint alone does not (a read of all messages). */
  label: string | undefined;
  /** With a probe, every call is bracketed by scrapes of the user's server (queries per step). */
  probe: QueryProbe | undefined;

  constructor(
    baseUrl: string,
    keys: ClientKeys,
    readonly address: string,
    readonly phone: string,
    readonly metricsUrl: string,
  ) {
    super(baseUrl, keys);
  }

  override async send(prepared: Pick<PreparedRequest, 'url' | 'context' | 'headers' | 'body' | 'responseKey'>): Promise<ApiResult> {
    const step = stepOf(prepared, this.label);
    this.label = undefined;
    if (this.paceMs > 0) {
      const wait = this.nextAt - performance.now();
      if (wait > 0) await sleep(wait);
      this.nextAt = Math.max(this.nextAt + this.paceMs, performance.now());
    }
    const before = this.probe ? await this.probe.queries() : 0;
    const started = performance.now();
    let outcome = 'no answer';
    try {
      const result = await super.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': this.address } });
      outcome = result.response
        ? result.response.subcode
          ? `${result.response.code}/${result.response.subcode}`
          : result.response.code
        : `HTTP ${result.status}`;
      return result;
    } finally {
      this.stats.record(step, performance.now() - started, outcome);
      if (this.probe) this.probe.add(step, (await this.probe.queries()) - before);
    }
  }
}

/** Statements per call by step, from the server's counter read around each call (less the scrape's own query). */
class QueryProbe {
  readonly byStep = new Map<string, { calls: number; queries: number }>();
  perScrape = 0;
  constructor(readonly metricsUrl: string) {}
  async calibrate(): Promise<void> {
    const first = await this.queries();
    this.perScrape = (await this.queries()) - first;
  }
  async queries(): Promise<number> {
    return (await scrape(this.metricsUrl)).queries;
  }
  add(step: string, delta: number): void {
    const entry = this.byStep.get(step) ?? { calls: 0, queries: 0 };
    entry.calls += 1;
    entry.queries += delta - this.perScrape;
    this.byStep.set(step, entry);
  }
}

/**
 * CPU time (ms) of each PostgreSQL backend serving `database` now, by pid (pg_stat_activity): the part of
 * PostgreSQL's work that is this run's alone, unlike the sum over every `postgres` process, which also
 * holds whatever else uses the server. It leaves out the shared background processes (WAL writer,
 * checkpointer, autovacuum) and a backend that exits during the phase.
 */
async function backendCpuMs(database: string): Promise<Map<number, number>> {
  const admin = new pg.Client({ connectionString: `${TEST_POSTGRES_URL}/postgres` });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) cpu.set(pid, ms);
    }
    return cpu;
  } finally {
    await admin.end();
  }
}

/** The counters a phase reads before and after: statements sent and API calls answered. */
async function scrape(metricsUrl: string): Promise<{ queries: number; apiCalls: number }> {
  const text = await (await fetch(metricsUrl)).text();
  let queries = 0;
  let apiCalls = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match) continue;
    if (match[1] === 'tyd_db_queries_total') queries += Number(match[3]);
    if (match[1] === 'http_server_request_duration_seconds_count' && match[2]?.includes('endpoint="/tydApi/')) apiCalls += Number(match[3]);
  }
  return { queries, apiCalls };
}

/** A Luhn-valid 19-digit number of a supported debit bank (工商银行 622202…), which the sandbox verifies. */
function debitCardNumber(): string {
  let body = '622202';
  while (body.length < 18) body += String(randomInt(0, 10));
  for (let digit = 0; digit < 10; digit++) if (isLuhnValid(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

/** Login, certification and a card: every call of the onboarding journeys, in the order a new user makes them. */
async function onboard(user: VirtualUser): Promise<void> {
  const login = await signUp(user, user.baseUrl, user.phone);
  if (login.response?.code !== '200') throw new Error(`login answered ${login.response?.code}`);
  // Certification (docs/api.md "Identity certification"): both sides read, confirmed, the sandbox face page.
  await uploadPhoto(user, uniqueCardPhoto(), 'idcard-portrait').then((uploadId) => user.call(idcardOcr, { uploadId, side: 'portrait' }));
  await uploadPhoto(user, cardPhoto(), 'idcard-emblem').then((uploadId) => user.call(idcardOcr, { uploadId, side: 'emblem' }));
  await user.call(certification, { name: '沙盒用户', address: '北京市东城区沙盒路1号' });
  const face = await user.call(h5FaceUrl);
  if (face.response?.code === '200' && face.response.data) {
    // What the vendor's page does when the person has finished (docs/sandbox.md "The sandbox face session").
    await fetch(`${user.baseUrl}/sandbox/face/complete?session=${faceSessionOf(face.response.data.url)}`, { method: 'POST' });
  }
  await user.call(h5FaceVerify);
  // A card (docs/api.md "Bank cards"): the check, then the code sent to the card's phone.
  const cardPhone = `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const started = await user.call(bindBankcard, { cardNumber: debitCardNumber(), phone: cardPhone });
  if (started.response?.code === '200' && started.response.data) {
    await user.call(userBindBankcard, { ticket: started.response.data.ticket, smsCode: await latestCode(user.baseUrl, cardPhone) });
  }
}

/**
 * One round of the steady mix: the home page's reads, the messages (list, read one, read all), a draw;
 * from the `from`-th call, so users starting at different calls cover every step even in a short phase.
 */
async function mixRound(user: VirtualUser, stillGoing: () => boolean, from = 0): Promise<void> {
  const calls: Array<() => Promise<unknown>> = [
    () => user.call(checkLogin),
    () => user.call(messageUnread),
    () => user.call(homePageNotice),
    () => user.call(userDetailV1),
    () => user.call(bankCardList),
    () => user.call(luckyDrawInfo),
    async () => {
      const list = await user.call(messageList, {});
      const first = list.response?.data?.items[0];
      if (first && stillGoing()) await user.call(messageRead, { id: first.id });
    },
    () => {
      user.label = 'message-read all';
      return user.call(messageRead, { all: true });
    },
    () => user.call(updateLuckyPoints, { idempotencyKey: randomBytes(16).toString('base64url') }),
  ];
  for (const call of calls.slice(from % calls.length)) {
    if (!stillGoing()) return;
    await call();
  }
}
let phaseEnd = 0;
/** Whether `user` still has a call in the phase: before its end, and a paced user's next turn too. */
const inPhase = (user: VirtualUser) => () => performance.now() < phaseEnd && (user.paceMs === 0 || user.nextAt <= phaseEnd);

interface PhaseResult {
  name: string;
  seconds: number;
  stats: StepStats;
  calls: number;
  cpu: { node: number; postgres: number; redis: number; client: number; backends: number };
  queries: number;
  apiCalls: number;
  load: string;
}

/** Runs `work` for every user with fresh stats, measuring CPU from /proc and the servers' counters around it. */
async function phase(
  name: string,
  { servers, metricsUrls, database }: { servers: ChildServer[]; metricsUrls: string[]; database: string | undefined },
  users: VirtualUser[],
  work: (user: VirtualUser) => Promise<void>,
): Promise<PhaseResult> {
  for (const user of users) user.stats = new StepStats();
  const sum = (values: Array<number | undefined>) => values.reduce<number>((n, v) => n + (v ?? 0), 0);
  const cpu = () => ({
    node: sum(servers.map((s) => processCpuMs(s.pid))),
    postgres: database ? (commandCpuMs('postgres') ?? 0) : 0,
    redis: database ? (commandCpuMs('redis-server') ?? 0) : 0,
    client: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  const countersBefore = await Promise.all(metricsUrls.map(scrape));
  const backendsBefore = database ? await backendCpuMs(database) : new Map<number, number>();
  const cpuBefore = cpu();
  const started = performance.now();
  let lastAnswer = started;
  await Promise.all(
    users.map(async (user) => {
      try {
        await work(user);
      } catch (error) {
        user.stats.record('(journey stopped)', 0, error instanceof Error ? error.name : 'Error');
      }
      lastAnswer = Math.max(lastAnswer, performance.now());
    }),
  );
  const cpuAfter = cpu();
  const backendsAfter = database ? await backendCpuMs(database) : new Map<number, number>();
  const countersAfter = await Promise.all(metricsUrls.map(scrape));
  const stats = new StepStats();
  for (const user of users) {
    for (const [step, entry] of user.stats.steps) {
      const into = stats.steps.get(step) ?? { latencies: [], errors: 0, codes: new Map<string, number>() };
      into.latencies.push(...entry.latencies);
      into.errors += entry.errors;
      for (const [code, n] of entry.codes) into.codes.set(code, (into.codes.get(code) ?? 0) + n);
      stats.steps.set(step, into);
    }
  }
  const calls = [...stats.steps.values()].reduce((n, e) => n + e.latencies.length, 0);
  return {
    name,
    seconds: (lastAnswer - started) / 1000,
    stats,
    calls,
    cpu: {
      node: cpuAfter.node - cpuBefore.node,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
      redis: cpuAfter.redis - cpuBefore.redis,
      client: cpuAfter.client - cpuBefore.client,
      // A backend that started during the phase counts whole.
      backends: [...backendsAfter].reduce((n, [pid, ms]) => n + ms - (backendsBefore.get(pid) ?? 0), 0),
    },
    // Each scrape before runs one statement of its own (the outbox backlog), counted in the difference.
    queries: sum(countersAfter.map((c, i) => c.queries - countersBefore[i]!.queries)) - metricsUrls.length,
    apiCalls: sum(countersAfter.map((c, i) => c.apiCalls - countersBefore[i]!.apiCalls)),
    load: loadAverage(),
  };
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function printPhase(result: PhaseResult, probe: Map<string, { calls: number; queries: number }> | undefined): void {
  const perCall = (ms: number) => ms / result.calls;
  const { node, postgres, redis, client, backends } = result.cpu;
  console.log(`\n  ${result.name}: ${result.calls} calls in ${fixed(result.seconds, 1)} s, ${fixed(result.calls / result.seconds)} calls/s; ${result.load}`);
  console.log(
    `  ${'step'.padEnd(26)}${'calls'.padStart(7)}${'calls/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'queries/call'.padStart(14)}`,
  );
  const printed = new Set<string>();
  const row = (step: string) => {
    const entry = result.stats.steps.get(step);
    if (!entry) return;
    printed.add(step);
    const probed = probe?.get(step);
    const errors = entry.errors === 0 ? '0' : `${entry.errors} (${[...entry.codes].map(([code, n]) => `${code}×${n}`).join(', ')})`;
    console.log(
      `  ${step.padEnd(26)}${String(entry.latencies.length).padStart(7)}${fixed(entry.latencies.length / result.seconds, 1).padStart(9)}` +
        `${fixed(percentile(entry.latencies, 50), 1).padStart(8)}${fixed(percentile(entry.latencies, 99), 1).padStart(8)}${errors.padStart(8)}` +
        `${(probed ? fixed(probed.queries / probed.calls, 1) : '').padStart(14)}`,
    );
  };
  for (const [, steps] of JOURNEYS) for (const step of steps) row(step);
  for (const step of result.stats.steps.keys()) if (!printed.has(step)) row(step);
  const all = [...result.stats.steps.values()].flatMap((e) => e.latencies);
  const errors = [...result.stats.steps.values()].reduce((n, e) => n + e.errors, 0);
  console.log(
    `  ${'all'.padEnd(26)}${String(result.calls).padStart(7)}${fixed(result.calls / result.seconds, 1).padStart(9)}${fixed(percentile(all, 50), 1).padStart(8)}${fixed(percentile(all, 99), 1).padStart(8)}${String(errors).padStart(8)}`,
  );
  console.log(
    `  CPU per call: Node ${fixed(perCall(node), 3)} ms + PostgreSQL ${fixed(perCall(postgres), 3)} ms + Redis ${fixed(perCall(redis), 3)} ms = ${fixed(perCall(node + postgres + redis), 3)} ms` +
      ` (of PostgreSQL's, this database's backends ${fixed(perCall(backends), 3)} ms; load generator ${fixed(perCall(client), 3)} ms); queries per API call ${fixed(result.queries / result.apiCalls, 2)} (${result.queries} over ${result.apiCalls})`,
  );
}

interface Summary {
  config: Configuration;
  paced: PhaseResult;
  saturation: PhaseResult;
}

async function runConfiguration(config: Configuration): Promise<Summary> {
  const testDb: TestDatabase = await createTestDatabase(config.engine);
  const redisPrefix = `tyd-bench-${randomBytes(6).toString('hex')}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tyd-journey-'));
  const servers: ChildServer[] = [];
  try {
    const metricsPorts: number[] = [];
    // One after another: the first generates the keys (keys.json) and migrates, the second reads and finds them.
    for (let i = 0; i < config.processes; i++) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      servers.push(
        await startBenchServer({
          DATA_DIR: dataDir,
          WEB_DIST: join(dataDir, 'no-web-build'),
          LOG_LEVEL: 'warn',
          METRICS_PORT: String(metricsPort),
          // One proxy hop in front, as in production: each user's X-Forwarded-For is its address.
          TRUST_PROXY: '1',
          // The run's users log in within seconds: the service-wide proof-of-work threshold is for
          // floods of strangers, not what this measures (each user still sends from an address of its own).
          HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
          // A user of the saturation run calls far more often than a person; the budgets' counters still run.
          API_RATE_PER_SESSION_PER_MINUTE: '1000000',
          API_RATE_PER_ADDRESS_PER_MINUTE: '1000000',
          REWARDS_DRAW_DAILY_LIMIT: '1000',
          ...(config.engine === 'postgres' && { DATABASE_URL: testDb.databaseUrl, REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: redisPrefix }),
        }),
      );
    }
    const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`);
    const secrets: Secrets = readSecrets(dataDir);

    // The users, written through the repositories with their profiles (as registration makes them) and their
    // points (as an operator's grant would).
    const seed = connectDatabase(config.engine === 'sqlite' ? { kind: 'sqlite', file: join(dataDir, 'tyd.sqlite') } : testDb.database);
    const usersRepo = createUsersRepository(seed.db, createPhoneProtection(secrets));
    const profiles = createProfilesRepository(seed.db);
    const ledger = createPointsLedger({ points: createPointsRepository(seed.db), validDays: 365 });
    const keys = clientKeys(secrets);
    const users: VirtualUser[] = [];
    for (let i = 0; i < USERS + 1; i++) {
      const phone = `138${String(10_000_000 + i).padStart(8, '0')}`;
      const created = await usersRepo.create({ phone, now: Date.now() });
      await ensureProfile({ repos: { profiles } }, created.id, Date.now());
      await seed.db
        .transaction()
        .execute((trx) => ledger.credit({ userId: created.id, amount: START_POINTS, reason: 'operator-grant', key: `bench:${i}`, now: Date.now() }, trx));
      // Users spread over the processes, each staying with one (the sandbox face session lives in the process that started it).
      const at = i % servers.length;
      // RFC 2544's benchmarking range, one address per user.
      const user = new VirtualUser(servers[at]!.baseUrl, keys, `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`, phone, metricsUrls[at]!);
      await user.loadPage();
      users.push(user);
    }
    await seed.close();
    const probeUser = users.pop()!;
    // PostgreSQL and Redis CPU only where the servers use them: on SQLite it is someone else's.
    const target = { servers, metricsUrls, database: config.engine === 'postgres' ? new URL(testDb.databaseUrl).pathname.slice(1) : undefined };

    console.log(`\n== ${config.name}: ${USERS} users ==`);
    const onboarding = await phase('onboarding: every user at once, back to back', target, users, onboard);

    phaseEnd = performance.now() + PACED_SECONDS * 1000;
    const paced = await phase(`paced: the mix, one call per user every ${PACE_MS / 1000} s for ${PACED_SECONDS} s`, target, users, async (user) => {
      user.paceMs = PACE_MS;
      // Each user's first turn somewhere in the first interval, so the calls arrive spread out.
      user.nextAt = performance.now() + Math.random() * PACE_MS;
      let from = users.indexOf(user);
      while (inPhase(user)()) {
        await mixRound(user, inPhase(user), from);
        from = 0;
      }
      user.paceMs = 0;
    });

    phaseEnd = performance.now() + SATURATION_SECONDS * 1000;
    const saturation = await phase(`saturation: the mix with no pause for ${SATURATION_SECONDS} s`, target, users, async (user) => {
      let from = users.indexOf(user);
      while (inPhase(user)()) {
        await mixRound(user, inPhase(user), from);
        from = 0;
      }
    });

    // One user alone, every step with the counter read around it.
    const probe = new QueryProbe(probeUser.metricsUrl);
    await probe.calibrate();
    probeUser.probe = probe;
    await onboard(probeUser);
    phaseEnd = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) await mixRound(probeUser, () => true);

    printPhase(onboarding, probe.byStep);
    printPhase(paced, probe.byStep);
    printPhase(saturation, probe.byStep);
    return { config, paced, saturation };
  } finally {
    for (const server of servers) await server.stop();
    await testDb.drop();
    if (config.engine === 'postgres') await deleteRedisKeys(redisPrefix);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const summaries: Summary[] = [];
for (const name of CONFIGS) {
  const config = CONFIGURATIONS[name];
  if (!config) throw new Error(`BENCH_CONFIGS: unknown configuration ${name} (one of ${Object.keys(CONFIGURATIONS).join(', ')})`);
  summaries.push(await runConfiguration(config));
}

// The capacity table for bench/README.md: users per core at one call per user every PACE_MS, from the
// paced phase's CPU per call (server processes + PostgreSQL + Redis).
console.log(`\ncapacity (users per core at one call per user every ${PACE_MS / 1000} s), ${USERS} users; ${loadAverage()}:\n`);
console.log(
  '| config | paced: calls/s, p50 / p99 | CPU per call, paced (Node + PostgreSQL + Redis) | users per core (paced CPU / saturated CPU) | saturation: calls/s, p50 / p99 | CPU per call, saturated | PostgreSQL backends per call (paced / saturated) | queries per call (paced / saturated) | errors |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { config, paced, saturation } of summaries) {
  const cpuPerCall = (p: PhaseResult) => (p.cpu.node + p.cpu.postgres + p.cpu.redis) / p.calls;
  const parts = (p: PhaseResult) =>
    `${fixed(cpuPerCall(p), 2)} ms (${fixed(p.cpu.node / p.calls, 2)} + ${fixed(p.cpu.postgres / p.calls, 2)} + ${fixed(p.cpu.redis / p.calls, 2)})`;
  const latency = (p: PhaseResult) => {
    const all = [...p.stats.steps.values()].flatMap((e) => e.latencies);
    return `${fixed(percentile(all, 50), 1)} / ${fixed(percentile(all, 99), 1)} ms`;
  };
  const errors = (p: PhaseResult) => [...p.stats.steps.values()].reduce((n, e) => n + e.errors, 0);
  console.log(
    `| ${config.name} | ${fixed(paced.calls / paced.seconds)}, ${latency(paced)} | ${parts(paced)} | ${fixed(PACE_MS / cpuPerCall(paced))} / ${fixed(PACE_MS / cpuPerCall(saturation))} | ` +
      `${fixed(saturation.calls / saturation.seconds)}, ${latency(saturation)} | ${parts(saturation)} | ` +
      `${fixed(paced.cpu.backends / paced.calls, 2)} / ${fixed(saturation.cpu.backends / saturation.calls, 2)} ms | ` +
      `${fixed(paced.queries / paced.apiCalls, 2)} / ${fixed(saturation.queries / saturation.apiCalls, 2)} | ${errors(paced) + errors(saturation)} |`,
  );
}
