// The collector's byte budgets (docs/telemetry.md "Collector limits"): a flood of large batches from one
// client address (IPv6: one /64) is cut at its bytes per minute while another address is still served, and
// the daily quota of stored bytes holds under parallel batches; on the in-process store and on Redis.
import { CODE, CODE_TEXT, SUBCODE, type TelemetryRecordInput } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBatch, storedBytes } from '../../src/telemetry/services/collect-batch.js';
import { batch, pageRecord, postBatch } from '../support/telemetry-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

const MINUTE_MS = 60_000;
const DAY_S = 86_400;

/** A record of about 7 KB that masking leaves as it is (words, no digit or base64url runs). */
const bulkyRecord = (): TelemetryRecordInput =>
  pageRecord({ ed: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`note${i}`, 'lorem ipsum dolor '.repeat(52)])) });
const bulkyBatch = (records: number) => batch(Array.from({ length: records }, bulkyRecord));

const stores = [
  ['in-process', () => ({})],
  ['Redis', () => ({ REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: redisTestPrefix() })],
] as const;

describe.each(stores)('collector byte budgets, %s store', (_name, storeEnv) => {
  const env = storeEnv() as Record<string, string>;
  let t: TestApp;
  let quota: TestApp;
  beforeAll(async () => {
    const common = { ...env, TRUST_PROXY: '1', TELEMETRY_RATE_LIMIT_PER_MINUTE: '1000' };
    t = await startTestApp({ env: { ...common, TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: '200000' } });
    quota = await startTestApp({ env: { ...common, REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX ?? ''}q:`, TELEMETRY_STORED_BYTES_PER_DAY: '20000' } });
  });
  afterAll(async () => {
    await t?.close();
    await quota?.close();
    if (env.REDIS_KEY_PREFIX) {
      await deleteRedisKeys(env.REDIS_KEY_PREFIX);
    }
  });

  it('cuts a parallel flood of large batches from one /64 at its bytes per minute, and serves another address', async () => {
    // Fixed one-minute windows: repeat with fresh addresses if the flood straddled two.
    for (let attempt = 0; ; attempt++) {
      const minute = Math.floor(Date.now() / MINUTE_MS);
      const batches = Array.from({ length: 20 }, () => JSON.stringify(bulkyBatch(7)));
      // Every batch has the same size (same shapes, ids and times of fixed length): about 47 KB.
      const size = Buffer.byteLength(batches[0]!);
      expect(batches.every((body) => Buffer.byteLength(body) === size)).toBe(true);
      expect(size).toBeGreaterThan(40_001);
      expect(size).toBeLessThan(50_000);
      // Twenty addresses of one /64: the client controls all of them, so they share one budget.
      const responses = await Promise.all(batches.map((body, i) => postBatch(t.baseUrl, body, { from: `2001:db8:${attempt}:7::${i + 1}` })));
      if (Math.floor(Date.now() / MINUTE_MS) !== minute) continue;

      const accepted = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 429);
      // 200,000 bytes a minute: four of these batches fit, the fifth does not (5 x 40,001 is over).
      expect(accepted).toHaveLength(4);
      expect(refused).toHaveLength(16);
      for (const response of refused) {
        expect(await response.json()).toEqual({ code: CODE.TOO_MANY_REQUESTS, msg: CODE_TEXT[CODE.TOO_MANY_REQUESTS] });
        const retryAfter = Number(response.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
      // Nothing of a refused batch is stored.
      const ids = batches.map((body) => (JSON.parse(body) as { records: Array<{ id: string }> }).records.map((r) => r.id));
      const stored = await Promise.all(
        ids.map(async (batchIds) => (await Promise.all(batchIds.map((id) => t.app.telemetry.records.findById(id)))).filter(Boolean).length),
      );
      expect(stored.filter((n) => n === 7)).toHaveLength(4);
      expect(stored.filter((n) => n === 0)).toHaveLength(16);

      // Another /64, and an IPv4 address, are still served in the same minute.
      expect((await postBatch(t.baseUrl, bulkyBatch(7), { from: `2001:db8:${attempt}:8::1` })).status).toBe(200);
      expect((await postBatch(t.baseUrl, bulkyBatch(7), { from: `198.51.100.${attempt + 1}` })).status).toBe(200);
      if (Math.floor(Date.now() / MINUTE_MS) === minute) {
        // Small batches from the flooding /64 too stay refused until the minute ends.
        expect((await postBatch(t.baseUrl, batch([pageRecord()]), { from: `2001:db8:${attempt}:7::ffff` })).status).toBe(429);
      }
      break;
    }
  });

  it('refuses with 429/4301 until China midnight once the day has stored its quota, also under parallel batches', async () => {
    const batches = Array.from({ length: 10 }, () => JSON.stringify(batch(Array.from({ length: 2 }, bulkyRecord))));
    // What one batch takes in the quota: every batch has the same shape, so the same stored size.
    const perBatch = storedBytes(readBatch({ text: batches[0]!, project: 'production', receivedAt: Date.now() }).rows);
    expect(perBatch).toBeGreaterThan(5_000);
    const fit = Math.floor(20_000 / perBatch);
    expect(fit).toBeGreaterThanOrEqual(1);
    expect(fit).toBeLessThan(10);

    // From ten addresses at once: the per-address budget is not what stops them.
    const responses = await Promise.all(batches.map((body, i) => postBatch(quota.baseUrl, body, { from: `203.0.113.${i + 1}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(fit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - fit);
    expect(await quota.app.telemetry.records.count()).toBe(2 * fit);

    const expectQuotaAnswer = async (response: Response) => {
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({
        code: CODE.TOO_MANY_REQUESTS,
        subcode: SUBCODE.COLLECT_DAILY_QUOTA,
        msg: CODE_TEXT[CODE.TOO_MANY_REQUESTS],
        submsg: '今日数据量已达上限，请明天再试',
      });
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(DAY_S);
      // Until midnight in China (UTC+8).
      const midnight = Math.ceil((Date.now() + 8 * 3_600_000) / (DAY_S * 1000)) * DAY_S * 1000 - 8 * 3_600_000;
      expect(Math.abs(Date.now() + retryAfter * 1000 - midnight)).toBeLessThan(5_000);
    };
    for (const response of responses.filter((r) => r.status === 429)) await expectQuotaAnswer(response);
    // Used up: even a one-record batch from a new address is refused, and not stored.
    const small = pageRecord();
    await expectQuotaAnswer(await postBatch(quota.baseUrl, batch([small]), { from: '192.0.2.77' }));
    expect(await quota.app.telemetry.records.findById(small.id)).toBeUndefined();
    expect(await quota.app.telemetry.records.count()).toBe(2 * fit);
  });
});
