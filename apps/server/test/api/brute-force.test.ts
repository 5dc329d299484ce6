// 10,000 guesses from many IPs never log in (docs/api.md "SMS code rules"). One live code for a phone, then 10,000 distinct
// guesses that include the real code, sent concurrently from 10,000 client addresses (TRUST_PROXY=1,
// X-Forwarded-For). No guess logs in, and the code is compared exactly 5 times however the requests race.
// The guesses are sealed and signed on node:crypto (support/node-client.ts) to keep 10,000 requests quick;
// the server's pipeline is the real one.
import { SUBCODE, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.js';
import { AGREEMENT_VERSION, callFrom, latestCode } from '../support/accounts.js';
import { nodeCall } from '../support/node-client.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const GUESSES = 10_000;
const CONCURRENCY = 48;

describe('brute force', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1', KV_MAX_ENTRIES: '200000' } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${GUESSES} guesses from many addresses never log in`, { timeout: 120_000 }, async () => {
    const phone = uniquePhone();
    expect((await callFrom(client, '100.64.0.1', sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const real = await latestCode(t.baseUrl, phone);

    // Distinct guesses; the real code sits in the middle, where an unlimited verifier would reach it.
    const guesses: string[] = [];
    for (let n = 0; guesses.length < GUESSES - 1; n++) {
      const guess = String((n * 7_919) % 1_000_000).padStart(6, '0');
      if (guess !== real) guesses.push(guess);
    }
    guesses.splice(GUESSES / 2, 0, real);

    const tally = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < guesses.length) {
        const i = next++;
        const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        const response = await nodeCall(client, ip, userLoginV1, { phone, smsCode: guesses[i]!, agreementVersion: AGREEMENT_VERSION });
        const key = `${response?.code}/${response?.subcode ?? ''}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect([...tally.values()].reduce((a, b) => a + b, 0)).toBe(GUESSES);
    expect(tally.get('200/')).toBeUndefined();
    expect(await t.app.accounts.repos.users.findByPhone(phone)).toBeUndefined();
    // Five guesses were compared (wrong), every other one found the code dead.
    expect(tally.get(`400/${SUBCODE.SMS_CODE_WRONG}`)).toBe(5);
    expect(tally.get(`400/${SUBCODE.SMS_CODE_EXPIRED}`)).toBe(GUESSES - 5);
    // The owner, holding the real code, is told to get a new one.
    const owner = await client.call(userLoginV1, { phone, smsCode: real, agreementVersion: AGREEMENT_VERSION });
    expect(owner.response?.subcode).toBe(SUBCODE.SMS_CODE_EXPIRED);
  });
});
