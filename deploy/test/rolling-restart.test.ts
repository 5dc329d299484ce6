// Restarts that fail nothing (docs/operations.md "Rolling restarts and upgrades"): while virtual users
// walk a journey through nginx (the page, a code, a login, a question left for customer service, the
// reads after it; every call sealed and signed through the endpoint objects of @tyd/protocol), each
// server process in turn gets SIGTERM, drains, exits, starts again on its port and becomes ready, and the
// next waits until nginx takes the first back (the upstream's fail_timeout). Every call must be answered
// 200, and afterwards every acknowledged login must still hold its session and every acknowledged
// question be in its account, read through nginx from whichever process answers.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { askQuestion, checkLogin, myQuestions, sendSmsCode, userDetailV1, userLoginV1, type Endpoint } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGREEMENT_VERSION } from '../../apps/server/test/support/accounts.js';
import { ApiClient, type ApiResult } from '../../apps/server/test/support/api-client.js';
import { startTopology, type Topology } from '../topology/topology.js';

const USERS = 6;
/** Numbers the sandbox answers with a fixed code on any process (the sandbox outbox is per process). */
const PHONES = Array.from({ length: 1_500 }, (_, i) => `137${String(i).padStart(8, '0')}`);
const SMS_CODE = '864213';
/** deploy/nginx/tyd-upstream.conf's fail_timeout, and a second more. */
const NGINX_TAKES_BACK_MS = 6_000;

interface Acknowledged {
  accessToken: string;
  questionId: string;
}

let topology: Topology;
beforeAll(async () => {
  topology = await startTopology({
    certificateFolder: inject('certificateFolder'),
    env: {
      SMS_SANDBOX_FIXED_CODES: PHONES.map((phone) => `${phone}=${SMS_CODE}`).join(','),
      // Every virtual user comes from 127.0.0.1 through nginx: the per-address budgets are one person's.
      API_RATE_PER_ADDRESS_PER_MINUTE: '1000000',
      SMS_HOURLY_CAP_PER_IP: '100000',
      HUMAN_CHECK_IP_PER_HOUR: '100000',
      HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
    },
  });
});
afterAll(async () => {
  await topology?.stop();
});

describe('a rolling restart under load', () => {
  it('fails no call and loses no acknowledged write', async () => {
    const failures: string[] = [];
    const acknowledged: Acknowledged[] = [];
    const answeredAt: number[] = [];
    let nextPhone = 0;
    let running = true;

    /** One call; anything but an answer with code '200' is a failure, recorded with what came back. */
    const call = async <E extends Endpoint>(step: string, made: () => Promise<ApiResult<E>>): Promise<ApiResult<E> | undefined> => {
      try {
        const result = await made();
        answeredAt.push(performance.now());
        if (result.response?.code === '200') return result;
        failures.push(`${step}: HTTP ${result.status} ${result.response ? `${result.response.code} ${result.response.msg}` : result.raw.slice(0, 120)}`);
      } catch (error) {
        failures.push(`${step}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`);
      }
      return undefined;
    };

    const journey = async () => {
      while (running) {
        const phone = PHONES[nextPhone++];
        if (!phone) throw new Error('out of phone numbers: raise PHONES');
        let client: ApiClient;
        try {
          client = await ApiClient.fromPage(topology.url);
          answeredAt.push(performance.now());
        } catch (error) {
          failures.push(`page: ${error instanceof Error ? error.message : String(error)}`);
          continue;
        }
        if (!(await call('sms-send-v1', () => client.call(sendSmsCode, { phone, purpose: 'login' })))) continue;
        const login = await call('user-login-v1', () => client.call(userLoginV1, { phone, smsCode: SMS_CODE, agreementVersion: AGREEMENT_VERSION }));
        const accessToken = login?.response?.data?.accessToken;
        if (!accessToken) continue;
        client.accessToken = accessToken;
        const asked = await call('ask-question', () =>
          client.call(askQuestion, { text: `重启期间的问题 ${phone}`, idempotencyKey: randomBytes(16).toString('base64url') }),
        );
        const questionId = asked?.response?.data?.question.id;
        if (questionId) acknowledged.push({ accessToken, questionId });
        await call('my-questions', () => client.call(myQuestions, {}));
        await call('check-login', () => client.call(checkLogin));
        await call('user-detail-v1', () => client.call(userDetailV1));
      }
    };

    const users = Array.from({ length: USERS }, journey);
    await sleep(2_000);
    const windows: Array<{ from: number; to: number; exitCode: number | null }> = [];
    for (let index = 0; index < topology.servers.length; index++) {
      const from = performance.now();
      const { exitCode } = await topology.restart(index);
      windows.push({ from, to: performance.now(), exitCode });
      await sleep(NGINX_TAKES_BACK_MS);
    }
    running = false;
    await Promise.all(users);

    expect(failures).toEqual([]);
    // Each process drained and exited by itself (0), and calls were answered while it was away.
    for (const { from, to, exitCode } of windows) {
      expect(exitCode).toBe(0);
      expect(answeredAt.filter((at) => at >= from && at <= to).length).toBeGreaterThan(10);
    }
    expect(acknowledged.length).toBeGreaterThan(20);

    // Every acknowledged write, read back through nginx: the session still signs in, the question is there.
    const client = await ApiClient.fromPage(topology.url);
    const missing: string[] = [];
    for (const { accessToken, questionId } of acknowledged) {
      client.accessToken = accessToken;
      if ((await client.call(checkLogin)).response?.code !== '200') missing.push(`session of ${questionId}`);
      const questions = (await client.call(myQuestions, {})).response?.data?.items.map((question) => question.id) ?? [];
      if (!questions.includes(questionId)) missing.push(`question ${questionId}`);
    }
    expect(missing).toEqual([]);
  });
});
