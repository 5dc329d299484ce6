// GET /ops/api/summary (docs/api.md): a signed-in operator of any role, and aggregates computed
// from known data (nearest-rank percentiles, China-time days, answer counts), on both engines.
import { OPS_SUMMARY_PATH, opsTelemetrySummary, parseOpsResponseData, type OpsSummary, checkLogin, sendSmsCode, userLoginV1, verifyPhone } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/connect.js';
import { createAnswerCountsRepository } from '../../src/telemetry/repositories/answer-counts-repository.js';
import { signedInOperator, type OpsClient } from '../support/operators.js';
import { batch, pageRecord, perfRecord, postBatch } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

const DAY_MS = 86_400_000;
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

// PostgreSQL runs the aggregates (percentiles, China-time days, the per-hour answer counts written with an
// upsert); the session and the days parameter (one request at a time, no aggregate checked) run on SQLite
// only (docs/operations.md "Test suite").
describe.each(ENGINES)('ops summary on %s', (engine) => {
  let t: TestApp;
  let viewer: OpsClient;
  beforeAll(async () => {
    t = await startTestApp({ engine });
    viewer = await signedInOperator(t, 'viewer');
  });
  afterAll(async () => {
    await t?.close();
  });

  // null: no Authorization header at all. Every '200' answer is read through the call's response schema.
  const summary = async (query = '', cookie: string | null = viewer.cookie) => {
    const response = await fetch(`${t.baseUrl}${OPS_SUMMARY_PATH}${query}`, { headers: cookie === null ? {} : { cookie } });
    const body = (await response.json()) as { code: string; data?: OpsSummary };
    if (response.status === 200) expect(parseOpsResponseData(opsTelemetrySummary, body.data)).toEqual({ ok: true, data: body.data });
    return { status: response.status, headers: response.headers, body };
  };

  itSqliteOnly(engine)("needs an operator's session cookie", async () => {
    for (const cookie of [
      null,
      '',
      'tyd_ops=',
      `tyd_ops=${viewer.cookie.slice(9, -1)}`,
      `tyd_ops=${viewer.cookie.slice(8)}x`,
      `other=${viewer.cookie.slice(8)}`,
    ]) {
      const { status, body } = await summary('', cookie);
      expect(status, String(cookie)).toBe(401);
      expect(body.code).toBe('401');
      expect(body.data).not.toHaveProperty('days');
    }
    expect((await summary()).status).toBe(200);
  });

  itSqliteOnly(engine)('takes days from 1 to 90, default 14', async () => {
    const d = (await summary()).body.data!;
    expect(d).toMatchObject({ days: 14, timezone: 'Asia/Shanghai', to: chinaDay(Date.now()), from: chinaDay(Date.now() - 13 * DAY_MS) });
    expect(d.sms).toHaveLength(14);
    expect((await summary('?days=1')).body.data?.from).toBe(chinaDay(Date.now()));
    for (const days of ['0', '91', 'x', '1.5', '-1', '1&days=2']) expect((await summary(`?days=${days}`)).status, days).toBe(400);
    // Only the call's named parameter is read: another one (a cache-buster) is left alone.
    expect((await summary('?days=3&x=1')).body.data?.days).toBe(3);
  });

  it('reports nearest-rank p50/p95 per route and day, leaving timed-out reports out', async () => {
    const now = Date.now();
    // /login today: 1..100 ms, in shuffled order; two timed-out reports at 30 s; three hidden.
    const values = Array.from({ length: 100 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const login = values.map((ms, i) => perfRecord('/login', ms, { ct: now - 1_000, hidden: i < 3 }));
    const timedOut = [perfRecord('/login', 30_000, { ct: now - 1_000, timedOut: true }), perfRecord('/login', 30_000, { ct: now - 1_000, timedOut: true })];
    // /download two days ago (by the page's clock, corrected): 10 reports of 200, 400.. 2000.
    const download = Array.from({ length: 10 }, (_, i) => perfRecord('/download', (i + 1) * 200, { ct: now - 2 * DAY_MS }));
    // A route whose only report timed out still gets a line.
    const stuck = [perfRecord('/nfc', 30_000, { ct: now - 1_000, timedOut: true })];
    for (const records of [login, [...timedOut, ...download, ...stuck]]) {
      const stored = await postBatch(t.baseUrl, batch(records, { sentAt: now }));
      expect(((await stored.json()) as { data: { accepted: number } }).data.accepted).toBe(records.length);
    }
    await postBatch(
      t.baseUrl,
      batch([pageRecord({ kind: 'pageview', ct: now - 1_000 }), pageRecord({ kind: 'pageview', ct: now - 1_000 }), pageRecord({ ct: now - 2 * DAY_MS })]),
    );

    const d = (await summary('?days=7')).body.data!;
    const today = chinaDay(now);
    const twoDaysAgo = chinaDay(now - 2 * DAY_MS);
    expect(d.pagePerformance).toEqual(
      [
        { day: twoDaysAgo, route: '/download', count: 10, p50: 1_000, p95: 2_000, timedOut: 0, hidden: 0 },
        { day: today, route: '/login', count: 102, p50: 50, p95: 95, timedOut: 2, hidden: 3 },
        { day: today, route: '/nfc', count: 1, p50: 30_000, p95: 30_000, timedOut: 1, hidden: 0 },
      ].sort((a, b) => a.day.localeCompare(b.day) || a.route.localeCompare(b.route)),
    );
    expect(d.events).toEqual(
      expect.arrayContaining([
        { day: today, kind: 'perf', count: 103 },
        { day: today, kind: 'pageview', count: 2 },
        { day: twoDaysAgo, kind: 'perf', count: 10 },
        { day: twoDaysAgo, kind: 'event', count: 1 },
      ]),
    );
    expect(JSON.stringify(d)).not.toContain('"id"');
  });

  it('reports the field p75 of each web vital per route over the last day and the last week, with the reports behind it', async () => {
    const now = Date.now();
    const vital = (route: string, name: 'LCP' | 'INP' | 'CLS', value: number, ct: number) =>
      pageRecord({ kind: 'vital', ct, ei: '$vital', et: 'vital', en: name, ed: { _pn: '/vitals' + route, name, value } });
    // /vitals/a LCP: today 1..8 x 100 ms (p75 600), and three days ago 4 reports of 5,000 ms, counted in the week only.
    const today = Array.from({ length: 8 }, (_, i) => vital('/a', 'LCP', (i + 1) * 100, now - 60_000));
    const older = Array.from({ length: 4 }, () => vital('/a', 'LCP', 5_000, now - 3 * DAY_MS));
    // CLS is a score; INP on another route; a report 8 days old is in neither window.
    const others = [vital('/a', 'CLS', 0.25, now - 60_000), vital('/b', 'INP', 96, now - 2 * DAY_MS), vital('/b', 'INP', 10_000, now - 8 * DAY_MS)];
    const stored = await postBatch(t.baseUrl, batch([...today, ...older, ...others], { sentAt: now }));
    expect(((await stored.json()) as { data: { accepted: number } }).data.accepted).toBe(15);
    const d = (await summary('?days=1')).body.data!;
    expect(d.fieldVitals.filter((row) => row.route.startsWith('/vitals/'))).toEqual([
      { window: 'day', route: '/vitals/a', metric: 'LCP', p75: 600, count: 8 },
      { window: 'day', route: '/vitals/a', metric: 'CLS', p75: 0.25, count: 1 },
      // Nearest rank over 1..8 x 100 and four 5,000: the 9th of 12.
      { window: 'week', route: '/vitals/a', metric: 'LCP', p75: 5_000, count: 12 },
      { window: 'week', route: '/vitals/a', metric: 'CLS', p75: 0.25, count: 1 },
      { window: 'week', route: '/vitals/b', metric: 'INP', p75: 96, count: 1 },
    ]);
  });

  it('counts SMS codes sent and verified and coded errors per day from the API answers', async () => {
    const now = Date.now();
    const client = await t.client();
    // Real calls: check-login without a session answers 401 twice.
    for (let i = 0; i < 2; i++) expect((await client.call(checkLogin, {})).response?.code).toBe('401');
    await t.app.telemetry.flushAnswerCounts();
    // Known counts for the SMS paths (an hour of yesterday, in China time) and an error with a subcode.
    const yesterday = now - DAY_MS;
    await t.app.telemetry.answerCounts.add([
      { hourStart: yesterday - (yesterday % 3_600_000), path: sendSmsCode.fullPath, code: '200', subcode: '', count: 7 },
      { hourStart: yesterday - (yesterday % 3_600_000), path: userLoginV1.fullPath, code: '200', subcode: '', count: 4 },
      { hourStart: yesterday - (yesterday % 3_600_000), path: verifyPhone.fullPath, code: '200', subcode: '', count: 1 },
      { hourStart: yesterday - (yesterday % 3_600_000), path: userLoginV1.fullPath, code: '400', subcode: '4202', count: 3 },
      { hourStart: yesterday - (yesterday % 3_600_000), path: sendSmsCode.fullPath, code: '200', subcode: '', count: 2 },
    ]);
    const d = (await summary('?days=3')).body.data!;
    expect(d.smsSource).toBe('server');
    expect(d.sms.find((s) => s.day === chinaDay(yesterday))).toEqual({ day: chinaDay(yesterday), sent: 9, verified: 5 });
    expect(d.errorCodes).toEqual(
      expect.arrayContaining([
        { day: chinaDay(yesterday), code: '400', subcode: '4202', count: 3 },
        { day: chinaDay(now), code: '401', subcode: null, count: 2 },
      ]),
    );
    // The deep-link lookup is a /tydApi route too; /collect and /ops are not counted.
    expect(d.errorCodes.every((e) => e.code !== '200')).toBe(true);
  });
});

describe('answer counts on shutdown', () => {
  it('are written before the database closes', async () => {
    const t = await startTestApp();
    try {
      const client = await t.client();
      for (let i = 0; i < 3; i++) await client.call(checkLogin, {});
      await fetch(`${t.baseUrl}/tydApi/deep-link/params?key=none&system_type=ios`);
      await t.app.close();
      const handle = connectDatabase(t.testDb.database);
      try {
        const counts = await createAnswerCountsRepository(handle.db).between(0, Date.now() + 3_600_000);
        expect(counts.map(({ path, code, count }) => ({ path, code, count })).sort((a, b) => a.path.localeCompare(b.path))).toEqual([
          { path: '/tydApi/deep-link/params', code: '404', count: 1 },
          { path: '/tydApi/v1/user/check-login', code: '401', count: 3 },
        ]);
      } finally {
        await handle.close();
      }
    } finally {
      await t.testDb.drop();
    }
  });
});
