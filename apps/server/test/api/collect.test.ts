// The analytics collector (docs/api.md): bad, duplicate, oversized, skewed and mixed
// batches, masking, the rate limit and the GET fallback, over real HTTP on both engines.
import { MAX_BATCH_BYTES, type CollectResult } from '@tyd/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, pageRecord, perfRecord, postBatch } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { ENGINES, itSqliteOnly } from '../support/test-databases.js';

interface Answer {
  code: string;
  subcode?: string;
  msg: string;
  data?: CollectResult;
}

async function answer(response: Response): Promise<Answer> {
  return (await response.json()) as Answer;
}

// PostgreSQL runs the mixed batch stored and read back, and a resent batch arriving in parallel copies (the
// record id's unique key); the checks of one request at a time (itSqliteOnly) run on SQLite only
// (docs/operations.md "Test suite").
describe.each(ENGINES)('collector on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rawRow = async (id: string) =>
    (await sql<Record<string, unknown>>`select * from telemetry_records where id = ${id}`.execute(t.app.database.db)).rows[0];

  it('stores the good records of a mixed batch and reports the bad ones and the duplicates', async () => {
    const good = pageRecord();
    const perf = perfRecord('/login', 640);
    const bad = pageRecord({ platform_type: 'APP' } as never);
    // Deeper than JSON.stringify's stack can go (written into the body as text): rejected alone.
    const nested = `${'['.repeat(25_000)}${']'.repeat(25_000)}`;
    const body = JSON.stringify(batch([good, bad, perf, { ...good }, 'junk', { ...pageRecord(), ed: { deep: 'DEEP' } }])).replace('"DEEP"', nested);
    const response = await postBatch(t.baseUrl, body);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const result = await answer(response);
    expect(result).toMatchObject({ code: '200', msg: '成功', data: { accepted: 2, rejected: 3, duplicate: 1 } });
    expect(result.data?.rejections).toEqual([
      { index: 1, issues: ['platform_type: invalid_value'] },
      { index: 4, issues: ['(root): invalid_type'] },
      { index: 5, issues: ['ed.deep: invalid_union'] },
    ]);
    expect(await t.app.telemetry.records.findById(good.id)).toMatchObject({ kind: 'event', el: 'INFO', business_line: '通盈达', ed: '{}', is_login: 0 });
    expect(await t.app.telemetry.records.findById(perf.id)).toMatchObject({ kind: 'perf', route: '/login', metric: 640, timed_out: 0 });
    expect(await t.app.telemetry.records.findById(bad.id)).toBeUndefined();
  });

  it('drops a resent batch by record id, also when copies arrive at the same time', async () => {
    const records = Array.from({ length: 20 }, (_, i) => pageRecord({ ei: `e${i}` }));
    const first = await answer(await postBatch(t.baseUrl, batch(records)));
    expect(first.data).toMatchObject({ accepted: 20, duplicate: 0 });
    const again = await answer(await postBatch(t.baseUrl, batch(records)));
    expect(again.data).toMatchObject({ accepted: 0, duplicate: 20 });

    const fresh = Array.from({ length: 30 }, () => pageRecord());
    const copies = await Promise.all(Array.from({ length: 6 }, () => postBatch(t.baseUrl, batch(fresh)).then(answer)));
    expect(copies.reduce((n, a) => n + (a.data?.accepted ?? 0), 0)).toBe(30);
    expect(copies.reduce((n, a) => n + (a.data?.duplicate ?? 0), 0)).toBe(150);
    const ids = fresh.map((r) => r.id);
    const stored = await sql<{ n: number | string }>`select count(*) as n from telemetry_records where id in (${sql.join(ids)})`.execute(t.app.database.db);
    expect(Number(stored.rows[0]?.n)).toBe(30);
  });

  itSqliteOnly(engine)('stores client, receive and skew-corrected times', async () => {
    // The page's clock is an hour behind; the record happened 5 s before sending.
    const sentAt = Date.now() - 3_600_000;
    const early = pageRecord({ ct: sentAt - 5_000 });
    // A record stamped after the send (a clock jump) is capped at the receive time.
    const late = pageRecord({ ct: sentAt + 60_000 });
    const before = Date.now();
    const body = await answer(await postBatch(t.baseUrl, batch([early, late], { sentAt, clockOffset: 3_600_000 })));
    const after = Date.now();
    expect(body.data?.accepted).toBe(2);
    const row = await t.app.telemetry.records.findById(early.id);
    expect(row).toMatchObject({ client_time: sentAt - 5_000, sent_at: sentAt, clock_offset: 3_600_000 });
    expect(row!.received_at).toBeGreaterThanOrEqual(before);
    expect(row!.received_at).toBeLessThanOrEqual(after);
    expect(row!.received_at - row!.corrected_at).toBe(5_000);
    const capped = await t.app.telemetry.records.findById(late.id);
    expect(capped!.corrected_at).toBe(capped!.received_at);
  });

  itSqliteOnly(engine)('masks numbers and tokens instead of storing them', async () => {
    const token = 'Ab3_'.repeat(11);
    const record = pageRecord({
      purl: `http://127.0.0.1/others/tydPreJump?code=${token}&phone=13812345678`,
      en: '卡号 6222021234567890123',
      ed: {
        note: '身份证 11010519491231002X',
        smsCode: '123456',
        accessToken: 'x',
        mobile: '1',
        ref: 13987654321,
        amount: 120000,
        code: '4202',
        at: 1_763_700_000_000,
      },
    });
    expect((await answer(await postBatch(t.baseUrl, batch([record])))).data?.accepted).toBe(1);
    const raw = JSON.stringify(await rawRow(record.id));
    for (const secret of [token, '13812345678', '6222021234567890123', '11010519491231002X', '123456', '13987654321']) expect(raw).not.toContain(secret);
    const row = await t.app.telemetry.records.findById(record.id);
    expect(row?.purl).toBe('http://127.0.0.1/others/tydPreJump?code=Ab3_…[redacted]&phone=138****5678');
    expect(row?.en).toBe('卡号 6222****0123');
    expect(JSON.parse(row!.ed)).toEqual({
      note: '身份证 110***********002X',
      smsCode: '[redacted]',
      accessToken: '[redacted]',
      mobile: '[redacted]',
      ref: '139****4321',
      amount: 120000,
      code: '4202',
      at: 1_763_700_000_000,
    });
  });

  itSqliteOnly(engine)('refuses whole batches that are not JSON, have the wrong shape or project, or are too large', async () => {
    const one = batch([pageRecord()]);
    const cases: Array<[string, Response, number, string]> = [
      ['not JSON', await postBatch(t.baseUrl, '{"project":'), 400, '400'],
      ['empty', await postBatch(t.baseUrl, ''), 400, '400'],
      ['no records', await postBatch(t.baseUrl, { ...one, records: [] }), 400, '400'],
      ['no sentAt', await postBatch(t.baseUrl, { project: 'production', records: one.records }), 400, '400'],
      ['query project missing', await postBatch(t.baseUrl, one, { query: '' }), 400, '400'],
      ['query project other', await postBatch(t.baseUrl, one, { query: 'project=staging' }), 400, '400'],
      ['over 60,000 bytes', await postBatch(t.baseUrl, `${JSON.stringify(one)}${' '.repeat(MAX_BATCH_BYTES)}`), 413, '413'],
      ['over the body limit', await postBatch(t.baseUrl, 'x'.repeat(70_000)), 413, '413'],
    ];
    for (const [name, response, status, code] of cases) {
      expect(response.status, name).toBe(status);
      expect((await answer(response)).code, name).toBe(code);
    }
    // Exactly at the limit is fine.
    const json = JSON.stringify(batch([pageRecord()]));
    const padded = `${json}${' '.repeat(MAX_BATCH_BYTES - Buffer.byteLength(json))}`;
    expect((await answer(await postBatch(t.baseUrl, padded))).data?.accepted).toBe(1);
  });

  itSqliteOnly(engine)('reads the body whatever its content type', async () => {
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const response = await postBatch(t.baseUrl, batch([pageRecord()]), { contentType });
      expect((await answer(response)).data?.accepted, contentType).toBe(1);
    }
  });

  itSqliteOnly(engine)('takes the same batch by GET for clients that cannot POST', async () => {
    const record = pageRecord({ en: '页面 浏览&?' });
    const url = `${t.baseUrl}/collect?project=production&data=${encodeURIComponent(JSON.stringify(batch([record])))}`;
    // HEAD has no side effects: nothing stored.
    await fetch(url, { method: 'HEAD' });
    expect(await t.app.telemetry.records.findById(record.id)).toBeUndefined();
    const body = await answer(await fetch(url));
    expect(body.data).toMatchObject({ accepted: 1, rejected: 0 });
    expect((await t.app.telemetry.records.findById(record.id))?.en).toBe('页面 浏览&?');
    expect((await fetch(`${t.baseUrl}/collect?project=production`)).status).toBe(400);
    const long = await fetch(`${t.baseUrl}/collect?project=production&data=${'x'.repeat(8_100)}`);
    expect(long.status).toBe(413);
  });
});

describe('collector rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TELEMETRY_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After past the per-address limit, counting junk too', async () => {
    // Windows are whole minutes: repeat if the burst straddled one.
    for (;;) {
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 4; i++) {
        const response = await postBatch(t.baseUrl, i === 1 ? 'junk' : batch([pageRecord()]));
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter = response.headers.get('retry-after');
          expect((await answer(response)).code).toBe('429');
        }
      }
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      if (statuses[0] !== 200) continue; // the previous minute's burst ended in this window
      expect(statuses).toEqual([200, 400, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      break;
    }
  });
});
