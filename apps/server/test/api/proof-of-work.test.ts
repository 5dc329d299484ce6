// The human check (docs/api.md "Proof of work"): above the suspicious volume of an address (or of the whole service) a send
// needs a solved ALTCHA challenge from the 406 answer; the test solves it with altcha-lib as the page does.
import { CODE, SUBCODE, type SmsSendRetryLater, sendSmsCode } from '@tyd/protocol';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type ApiResult, refusalData } from '../support/api-client.js';
import { callFrom, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type HumanCheck = Extract<SmsSendRetryLater, { reason: 'human-check' }>;

async function solve(result: ApiResult): Promise<{ challenge: HumanCheck['challenge']; solution: { counter: number; derivedKey: string } }> {
  const data = refusalData<HumanCheck>(result.response);
  expect(data.reason).toBe('human-check');
  const solution = await solveChallenge({ challenge: data.challenge as Challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return { challenge: data.challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

describe('proof of work', () => {
  let t: TestApp;
  let client: ApiClient;
  let clock: TestClock;
  const env = {
    TRUST_PROXY: '1',
    POW_COST: '1',
    POW_COUNTER_MIN: '10',
    POW_COUNTER_MAX: '60',
    HUMAN_CHECK_IP_PER_HOUR: '2',
    HUMAN_CHECK_SERVICE_PER_MINUTE: '1000',
  };

  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ clock, env });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (ip: string, extra: Record<string, unknown> = {}) => callFrom(client, ip, sendSmsCode, { phone: uniquePhone(), purpose: 'login', ...extra });

  it('asks an address above its hourly volume for a proof of work, and accepts a solved one once', async () => {
    const ip = '198.51.100.1';
    expect((await send(ip)).response?.code).toBe('200');
    expect((await send(ip)).response?.code).toBe('200');
    const asked = await send(ip);
    expect(asked.response).toMatchObject({ code: CODE.RETRY_LATER, subcode: SUBCODE.HUMAN_CHECK_REQUIRED, submsg: '请完成安全验证后重试' });
    const { challenge } = refusalData<HumanCheck>(asked.response);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock() + 600_000) / 1000));

    const proofOfWork = await solve(asked);
    expect((await send(ip, { proofOfWork })).response?.code).toBe('200');
    // Used: the same solution does not buy a second send.
    const reused = await send(ip, { proofOfWork });
    expect(reused.response).toMatchObject({ code: CODE.RETRY_LATER, subcode: SUBCODE.HUMAN_CHECK_FAILED, data: { reason: 'human-check' } });
    // Other addresses are not asked.
    expect((await send('198.51.100.2')).response?.code).toBe('200');
  });

  it('counts the address the proxy saw, whatever a client writes to the left of it in X-Forwarded-For', async () => {
    // TRUST_PROXY=1: the test is the one proxy, so the right-most entry is the address it saw; everything
    // to its left came from the client and may be forged.
    const seenByProxy = '198.51.100.20';
    const forged = (i: number) => `203.0.113.${i + 1}, ${seenByProxy}`;
    expect((await send(forged(0))).response?.code).toBe('200');
    expect((await send(forged(1))).response?.code).toBe('200');
    for (let i = 2; i < 6; i++) expect((await send(forged(i))).response?.subcode).toBe(SUBCODE.HUMAN_CHECK_REQUIRED);
  });

  it('refuses wrong, tampered, foreign and expired solutions with a fresh challenge', async () => {
    const ip = '198.51.100.3';
    await send(ip);
    await send(ip);
    const asked = await send(ip);
    const good = await solve(asked);
    // With a key signature the derived key is the proof (the counter only says where it was found).
    const flipped = `${good.solution.derivedKey[0] === '0' ? '1' : '0'}${good.solution.derivedKey.slice(1)}`;
    const wrong = { ...good, solution: { ...good.solution, derivedKey: flipped } };
    const tampered = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } } };
    const foreignSigned = { ...good, challenge: { ...good.challenge, signature: 'a'.repeat(64) } };
    for (const proofOfWork of [wrong, tampered, foreignSigned]) {
      const refused = await send(ip, { proofOfWork });
      expect(refused.response?.subcode).toBe(SUBCODE.HUMAN_CHECK_FAILED);
      expect(refusalData<HumanCheck>(refused.response).challenge.signature).not.toBe(good.challenge.signature);
    }
    clock.advance(10 * 60_000);
    // The hour may have turned meanwhile: make the address suspicious again, then offer the expired solution.
    const later = '198.51.100.4';
    await send(later);
    await send(later);
    expect((await send(later, { proofOfWork: good })).response?.subcode).toBe(SUBCODE.HUMAN_CHECK_FAILED);
  });

  it('asks every client once the whole service sends a suspicious volume', async () => {
    const busy = await startTestApp({ clock, env: { ...env, HUMAN_CHECK_IP_PER_HOUR: '1000', HUMAN_CHECK_SERVICE_PER_MINUTE: '3' } });
    try {
      const c = await busy.client();
      for (let i = 0; i < 3; i++)
        expect((await callFrom(c, `203.0.113.${i + 1}`, sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
      const asked = await callFrom(c, '203.0.113.99', sendSmsCode, { phone: uniquePhone(), purpose: 'login' });
      expect(asked.response?.subcode).toBe(SUBCODE.HUMAN_CHECK_REQUIRED);
      const proofOfWork = await solve(asked);
      expect((await callFrom(c, '203.0.113.99', sendSmsCode, { phone: uniquePhone(), purpose: 'login', proofOfWork })).response?.code).toBe('200');
      // The next minute is quiet again.
      clock.advance(60_000);
      expect((await callFrom(c, '203.0.113.100', sendSmsCode, { phone: uniquePhone(), purpose: 'login' })).response?.code).toBe('200');
    } finally {
      await busy.close();
    }
  });
});
