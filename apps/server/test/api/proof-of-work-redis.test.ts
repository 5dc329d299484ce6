// The human-check trigger with REDIS_URL: a burst of parallel sends from one address must not all go out
// without a proof of work. Each attempt is counted atomically in Redis and the decision is taken on that
// count, so exactly HUMAN_CHECK_IP_PER_HOUR of them pass, however the requests interleave.
import { SUBCODE, sendSmsCode } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

const prefix = redisTestPrefix();

describe('proof-of-work trigger on Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: '1', HUMAN_CHECK_IP_PER_HOUR: '5', HUMAN_CHECK_SERVICE_PER_MINUTE: '100000' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deleteRedisKeys(prefix);
  });

  it('lets exactly the allowed number of 30 parallel sends from one address go out without a proof', async () => {
    const client = await t.client();
    const prepared = await Promise.all(Array.from({ length: 30 }, () => client.prepare(sendSmsCode, { phone: uniquePhone(), purpose: 'login' })));
    // Sealed and signed first, then sent together, so the requests really overlap at the server.
    const answers = await Promise.all(prepared.map((p) => client.send({ ...p, headers: { ...p.headers, 'x-forwarded-for': '198.51.100.77' } })));
    const codes = answers.map((a) => a.response?.subcode ?? a.response?.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(5);
    expect(codes.filter((c) => c === SUBCODE.HUMAN_CHECK_REQUIRED)).toHaveLength(25);
    // Another address is not affected.
    expect((await callFrom(client, '198.51.100.78', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
  });
});
