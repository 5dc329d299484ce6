// The SMS code rules (docs/api.md) with REDIS_URL: two server processes sharing Redis (per-run prefix, deleted after)
// share the cooldown, the attempt counter and the single use of a code.
import { CODE, SUBCODE, userLoginV1, sendSmsCode } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.js';
import { AGREEMENT_VERSION, latestCode } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

const prefix = redisTestPrefix();

describe('sms codes on Redis, two processes', () => {
  let a: TestApp;
  let b: TestApp;
  let clientA: ApiClient;
  let clientB: ApiClient;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, HUMAN_CHECK_IP_PER_HOUR: '1000' };
    a = await startTestApp({ env });
    b = await startTestApp({
      env: {
        ...env,
        TYD_SERVER_KEYS: JSON.stringify(a.secrets.serverKeys),
        TYD_APP_SECRET_WEB: a.secrets.appSecrets.web,
        TYD_COOKIE_SECRET: a.secrets.cookieSecret,
        TYD_PHONE_HASH_KEY: a.secrets.phoneHashKey,
      },
    });
    clientA = await a.client();
    clientB = await b.client();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deleteRedisKeys(prefix);
  });

  const login = (client: ApiClient, phone: string, smsCode: string) => client.call(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });

  it('shares the cooldown and logs in once with a code sent by the other process', async () => {
    const phone = uniquePhone();
    expect((await clientA.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    expect((await clientB.call(sendSmsCode, { phone, purpose: 'login' })).response).toMatchObject({ code: CODE.RETRY_LATER, data: { reason: 'cooldown' } });
    const code = await latestCode(a.baseUrl, phone);
    const answers = await Promise.all([login(clientA, phone, code), login(clientB, phone, code), login(clientB, phone, code)]);
    expect(answers.filter((r) => r.response?.code === '200')).toHaveLength(1);
  });

  it('counts wrong tries across processes', async () => {
    const phone = uniquePhone();
    await clientA.call(sendSmsCode, { phone, purpose: 'login' });
    const code = await latestCode(a.baseUrl, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all([clientA, clientB, clientA, clientB, clientA, clientB, clientA].map((c) => login(c, phone, wrong)));
    expect(tries.filter((r) => r.response?.subcode === SUBCODE.SMS_CODE_WRONG)).toHaveLength(5);
    expect(tries.filter((r) => r.response?.subcode === SUBCODE.SMS_CODE_EXPIRED)).toHaveLength(2);
    expect((await login(clientB, phone, code)).response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
  });
});
