// Prometheus metrics on their own listener (plugins/metrics.ts, docs/operations.md "Metrics"), through
// real HTTP: the listener answers /metrics and nothing else, the public port never serves it, a sealed
// call shows up in the request histogram under its route template, the statements sent to the database and
// the points the ledger moves are counted (points only once committed), and no phone number, token or raw
// URL becomes a label value.
import { randomBytes } from 'node:crypto';
import { CODE, SUBCODE, checkLogin, sendSmsCode, updateLuckyPoints } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import type { ApiClient } from '../support/api-client.js';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { ENGINES } from '../support/test-databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

/** The samples of one metric family, as `labels → value`. */
function samples(text: string, name: string): Array<{ labels: string; value: number }> {
  const out: Array<{ labels: string; value: number }> = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^(\S+?)(\{.*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) out.push({ labels: match[2] ?? '', value: Number(match[3]) });
  }
  return out;
}

describe.each(ENGINES)('metrics (%s)', (engine) => {
  let t: TestApp;
  let client: ApiClient;
  let metricsUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ engine, env: { METRICS_PORT: '0', REWARDS_DRAW_COST: '10', REWARDS_DRAW_DAILY_LIMIT: '1' } });
    client = await t.client();
    const address = t.app.metricsAddress();
    if (!address) throw new Error('no metrics listener');
    expect(address.address).toBe('127.0.0.1');
    metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('answers /metrics on its own listener with process and event loop metrics, and nothing else there', async () => {
    const text = await scrape();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(samples(text, name).length, name).toBeGreaterThan(0);
    }
    const origin = new URL(metricsUrl).origin;
    expect((await fetch(`${origin}/`)).status).toBe(404);
    expect((await fetch(`${origin}/tydApi/v1/user/check-login`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('never serves the metrics on the public port', async () => {
    for (const path of ['/metrics', '/metrics?x=1', '/tydApi/metrics']) {
      const res = await fetch(`${t.baseUrl}${path}`);
      const body = await res.text();
      expect(body, path).not.toContain('http_server_request_duration_seconds');
      expect(body, path).not.toContain('process_cpu_seconds_total');
    }
  });

  it('times each call under its route template, code and subcode, with no phone, token or raw URL in any label', async () => {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const phone = uniquePhone();
    for (let i = 0; i < 3; i++) expect((await client.call(checkLogin, {}, { accessToken })).response?.code).toBe(CODE.OK);
    await client.call(sendSmsCode, { phone, purpose: 'login' });
    // A refused call (bad signature) and an unknown path carrying a phone and a token in its query.
    const prepared = await client.prepare(checkLogin, {}, { accessToken });
    await client.send({
      ...prepared,
      headers: { ...prepared.headers, 'x-sign': `${prepared.headers['x-sign']!.startsWith('A') ? 'B' : 'A'}${prepared.headers['x-sign']!.slice(1)}` },
    });
    await fetch(`${t.baseUrl}/tydApi/v1/no-such/${phone}?token=${accessToken}`, { method: 'POST', body: '{}' });

    const text = await scrape();
    const counts = samples(text, 'http_server_request_duration_seconds_count');
    const checkLoginOk = counts.find((s) => s.labels === `{endpoint="${checkLogin.fullPath}",code="${CODE.OK}",subcode=""}`);
    expect(checkLoginOk?.value).toBeGreaterThanOrEqual(3);
    expect(counts.find((s) => s.labels.includes(`endpoint="${checkLogin.fullPath}"`) && s.labels.includes('subcode="4003"'))?.value).toBe(1);
    expect(counts.some((s) => s.labels.includes('endpoint="unmatched"'))).toBe(true);
    expect(samples(text, 'http_server_request_duration_seconds_bucket').length).toBeGreaterThan(0);
    // Every label value is a template, a code or a fixed word.
    for (const secret of [phone, phone.slice(-8), accessToken, accessToken.slice(0, 16), 'no-such', String(user.id)]) expect(text).not.toContain(secret);
  });

  it('times the calls to the providers and the short-lived state, and counts the SMS sent by purpose, with no argument in a label', async () => {
    const phone = uniquePhone();
    const before = samples(await scrape(), 'tyd_sms_sent_total').find((s) => s.labels === '{purpose="login"}')?.value ?? 0;
    expect((await client.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe(CODE.OK);
    const text = await scrape();
    expect(samples(text, 'tyd_sms_sent_total').find((s) => s.labels === '{purpose="login"}')?.value).toBe(before + 1);
    const providerCalls = samples(text, 'tyd_provider_call_duration_seconds_count');
    expect(providerCalls.find((s) => s.labels === '{provider="sms",mode="sandbox",method="send",outcome="ok"}')?.value).toBeGreaterThanOrEqual(1);
    // The short-lived state's calls (nonces, budgets, the code): on the in-process stores here.
    const storeCalls = samples(text, 'tyd_kv_operation_duration_seconds_count');
    expect(storeCalls.find((s) => s.labels === '{store="requests",backend="memory",operation="setIfAbsent",outcome="ok"}')?.value).toBeGreaterThan(0);
    expect(storeCalls.some((s) => s.labels.startsWith('{store="state",backend="memory"'))).toBe(true);
    for (const secret of [phone, phone.slice(-8)]) expect(text).not.toContain(secret);
  });

  it('times a failing provider call under the error it failed with', async () => {
    const failing = t.app.instruments.provider('ocr', {
      name: 'sandbox',
      async recognizeIdCard(): Promise<never> {
        throw new TypeError('network down');
      },
    });
    await expect(failing.recognizeIdCard()).rejects.toThrow('network down');
    const calls = samples(await scrape(), 'tyd_provider_call_duration_seconds_count');
    expect(calls.find((s) => s.labels === '{provider="ocr",mode="sandbox",method="recognizeIdCard",outcome="TypeError"}')?.value).toBe(1);
  });

  /** One sample's value, 0 when the series has not been written yet. */
  const valueOf = (text: string, name: string, labels: string) => samples(text, name).find((s) => s.labels === labels)?.value ?? 0;
  const queries = async () => valueOf(await scrape(), 'tyd_db_queries_total', `{engine="${engine}"}`);

  it('counts the statements each call sends to the database, and none for a call refused before them', async () => {
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    // A scrape runs queries of its own (the outbox backlog): measured first, then taken off.
    const first = await queries();
    const perScrape = (await queries()) - first;
    // The first call also notes the session's activity (one write a minute at most): made before counting.
    expect((await client.call(checkLogin, {}, { accessToken })).response?.code).toBe(CODE.OK);
    const before = await queries();
    for (let i = 0; i < 4; i++) expect((await client.call(checkLogin, {}, { accessToken })).response?.code).toBe(CODE.OK);
    // check-login reads the session with its account in one query (docs/operations.md "Metrics").
    expect((await queries()) - before - perScrape).toBe(4);

    const prepared = await client.prepare(checkLogin, {}, { accessToken });
    const sign = prepared.headers['x-sign']!;
    const refusedBefore = await queries();
    await client.send({ ...prepared, headers: { ...prepared.headers, 'x-sign': `${sign.startsWith('A') ? 'B' : 'A'}${sign.slice(1)}` } });
    expect((await queries()) - refusedBefore - perScrape).toBe(0);
    expect(samples(await scrape(), 'tyd_db_queries_total').map((s) => s.labels)).toEqual([`{engine="${engine}"}`]);
  });

  it('counts points granted and spent by reason once committed, and nothing of a transaction rolled back', async () => {
    const points = (text: string, direction: string, reason: string) => valueOf(text, 'tyd_points_total', `{direction="${direction}",reason="${reason}"}`);
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const grant = (trx: Parameters<typeof t.app.rewards.ledger.credit>[1]) =>
      t.app.rewards.ledger.credit({ userId: user.id, amount: 25, reason: 'operator-grant', key: randomBytes(16).toString('base64url'), now: Date.now() }, trx);

    const start = await scrape();
    // Written, then rolled back: not counted.
    await expect(
      t.app.database.db.transaction().execute(async (trx) => {
        expect(await grant(trx)).toEqual({ balance: 25 });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(points(await scrape(), 'granted', 'operator-grant')).toBe(points(start, 'granted', 'operator-grant'));
    expect(await t.app.rewards.points.balance(user.id)).toBe(0);
    // Committed: counted.
    await t.app.database.db.transaction().execute(grant);
    expect(points(await scrape(), 'granted', 'operator-grant')).toBe(points(start, 'granted', 'operator-grant') + 25);

    // Only 谢谢参与 can be won, so the draw moves the cost and nothing else.
    for (const [id, weight] of Object.entries({ 'points-100': 0, 'points-20': 0, 'points-5': 0, thanks: 1 })) {
      expect(await t.app.rewards.prizes.change(id, { weight }, 'test', Date.now())).toBe(true);
    }
    const draw = () => client.call(updateLuckyPoints, { idempotencyKey: randomBytes(16).toString('base64url') }, { accessToken });
    expect((await draw()).response?.code).toBe(CODE.OK);
    // The second draw of the day debits the cost, then finds the daily limit passed: its transaction rolls back.
    const refused = await draw();
    expect(refused.response?.subcode).toBe(SUBCODE.DRAW_DAILY_LIMIT);
    expect(await t.app.rewards.points.balance(user.id)).toBe(15);
    const text = await scrape();
    expect(points(text, 'spent', 'draw-cost')).toBe(points(start, 'spent', 'draw-cost') + 10);
    expect(points(text, 'granted', 'draw-prize')).toBe(points(start, 'granted', 'draw-prize'));
    for (const s of samples(text, 'tyd_points_total')) expect(s.labels).toMatch(/^\{direction="(granted|spent|expired)",reason="[a-z-]+"\}$/);
  });

  it('carries the request store, the outbox and (on PostgreSQL) the pool', async () => {
    const text = await scrape();
    expect(samples(text, 'tyd_short_lived_store_entries').map((s) => s.labels)).toEqual(['{store="requests"}', '{store="state"}']);
    expect(samples(text, 'tyd_short_lived_store_max_entries').find((s) => s.labels === '{store="requests"}')?.value).toBe(1_000_000);
    expect(samples(text, 'tyd_short_lived_store_forgotten_live_total').length).toBe(2);
    expect(samples(text, 'tyd_outbox_backlog_events')).toHaveLength(1);
    expect(samples(text, 'tyd_outbox_oldest_age_seconds')).toHaveLength(1);
    expect(samples(text, 'tyd_outbox_dead_events')).toEqual([{ labels: '', value: 0 }]);
    if (engine === 'postgres') {
      expect(samples(text, 'tyd_db_pool_connections').find((s) => s.labels === '{state="max"}')?.value).toBe(10);
      expect(samples(text, 'tyd_db_pool_waiting')).toEqual([{ labels: '', value: 0 }]);
    } else {
      expect(samples(text, 'tyd_db_pool_connections')).toEqual([]);
    }
  });
});

// With REDIS_URL the short-lived state is Redis: its command latency is what the store histogram times.
describe('metrics with Redis', () => {
  const prefix = redisTestPrefix();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_PORT: '0', REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix } });
  });
  afterAll(async () => {
    await t?.close();
    await deleteRedisKeys(prefix);
  });

  it('times the Redis calls of a sealed request (its nonce and budgets)', async () => {
    const client = await t.client();
    expect((await client.call(checkLogin, {})).response?.code).toBeDefined();
    const text = await (await fetch(`http://127.0.0.1:${t.app.metricsAddress()!.port}/metrics`)).text();
    const calls = samples(text, 'tyd_kv_operation_duration_seconds_count');
    expect(calls.find((s) => s.labels === '{store="state",backend="redis",operation="setIfAbsent",outcome="ok"}')?.value).toBeGreaterThan(0);
    expect(calls.some((s) => s.labels.includes('store="requests"'))).toBe(false);
  });
});

describe('metrics configuration', () => {
  it('is off unless METRICS_PORT is set, loopback by default, and never the public port', () => {
    expect(parseConfig({}).http.metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9464' }).http.metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).http.metrics).toEqual({ host: '10.0.0.5', port: 9464 });
    expect(() => parseConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
