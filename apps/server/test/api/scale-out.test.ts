// Scale-out (docs/operations.md "Running more than one process"): two server processes, started as
// `npm run serve` starts one, on the same PostgreSQL database and the same Redis key prefix, with the same
// secrets given in the environment. Whatever one process decides, the other must honour: a login, a
// spent nonce, an SMS cooldown, the SMS caps, a wrong-code lock, a deregistration. Each check sends to
// both processes, in parallel where a race could let something through. The one check that needs time to
// pass (the daily cap, behind the cooldown) runs on two more app instances in this process under one
// injected clock (docs/architecture.md "One clock") instead of sleeping on the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_IDS,
  CODE,
  SUBCODE,
  sendSmsCode,
  userLoginV1,
  checkLogin as checkLoginEndpoint,
  userDetail,
  logout,
  getAppDownloadUrl,
  authorizedCode,
  authorizedLogin,
  cancelAccount,
} from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SECRET_ENV, parseConfig, parseSecretEnv, type Secrets } from '../../src/config/index.js';
import { resolveSecrets } from '../../src/keys-file.js';
import { AGREEMENT_VERSION, callFrom, latestCode, testClock } from '../support/accounts.js';
import { ApiClient, type EndpointPayload } from '../support/api-client.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { uniquePhone } from '../support/factories.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';
import { REDIS_TEST_URL, deleteRedisKeys, redisTestPrefix } from '../support/test-redis.js';

const prefix = redisTestPrefix();
const LOCK_AFTER_FAILURES = 3;
const HOURLY_CAP_PER_ADDRESS = 20;
const DAILY_CAP_PER_PHONE = 2;
const COOLDOWN_SECONDS = 10;

/** The secrets as environment variables: both processes must hold the same keys. */
function secretEnv(secrets: Secrets): Record<string, string> {
  return {
    [SECRET_ENV.serverKeys]: JSON.stringify(secrets.serverKeys),
    [SECRET_ENV.web]: secrets.appSecrets.web,
    [SECRET_ENV.ios]: secrets.appSecrets.ios,
    [SECRET_ENV.android]: secrets.appSecrets.android,
    [SECRET_ENV.cookieSecret]: secrets.cookieSecret,
    [SECRET_ENV.phoneHashKey]: secrets.phoneHashKey,
    [SECRET_ENV.dataKey]: secrets.dataKey,
  };
}

describe('two server processes on one PostgreSQL database and one Redis', () => {
  let testDb: TestDatabase;
  let secretsDir: string;
  let secrets: Secrets;
  let servers: ChildServer[] = [];
  let a: ChildServer;
  let b: ChildServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    secretsDir = mkdtempSync(join(tmpdir(), 'tyd-scale-out-keys-'));
    const keysEnv = { NODE_ENV: 'test', DATA_DIR: secretsDir };
    ({ secrets } = await resolveSecrets(parseConfig(keysEnv), parseSecretEnv(keysEnv)));
    env = {
      ...secretEnv(secrets),
      DATABASE_URL: testDb.databaseUrl,
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: prefix,
      WEB_DIST: join(testDb.dataDir, 'no-web-build'),
      SMS_LOCK_AFTER_FAILURES: String(LOCK_AFTER_FAILURES),
      SMS_DAILY_CAP_PER_PHONE: String(DAILY_CAP_PER_PHONE),
      SMS_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
      // One proxy hop: the cap check gets a client address of its own (X-Forwarded-For); the other checks'
      // sends from 127.0.0.1 stay under the cap.
      TRUST_PROXY: '1',
      SMS_HOURLY_CAP_PER_IP: String(HOURLY_CAP_PER_ADDRESS),
      HUMAN_CHECK_IP_PER_HOUR: '1000',
    };
    // Each process has its own data directory: nothing is shared through files.
    servers = await Promise.all(['a', 'b'].map((name) => startChildServer({ ...env, DATA_DIR: mkdtempSync(join(testDb.dataDir, `${name}-`)) })));
    [a, b] = servers as [ChildServer, ChildServer];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await testDb?.drop();
    if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
    await deleteRedisKeys(prefix);
  });

  /**
   * Two instances of the app in this process on the same database, Redis key prefix and secrets as the two
   * processes, each with its own data directory and in-process stores, under one injected clock.
   */
  async function startInstances(clock: () => number): Promise<Array<{ baseUrl: string; close(): Promise<void> }>> {
    return Promise.all(
      ['c', 'd'].map(async (name) => {
        const instanceEnv = { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(testDb.dataDir, `${name}-`)) };
        const config = parseConfig(instanceEnv);
        const app = await buildApp({ config, secrets: (await resolveSecrets(config, parseSecretEnv(instanceEnv))).secrets, clock });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        if (typeof address !== 'object' || address === null) throw new Error('no address');
        return { baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
      }),
    );
  }

  /** A client of one process, with the page's keys and its XSRF cookie (and the instances' clock, if injected). */
  const clientOf = async (server: Pick<ChildServer, 'baseUrl'>, accessToken?: string, clock: () => number = Date.now) => {
    const current = secrets.serverKeys[secrets.serverKeys.length - 1]!;
    const client = new ApiClient(
      server.baseUrl,
      { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey },
      clock,
    );
    await client.loadPage();
    client.accessToken = accessToken;
    return client;
  };
  const sendCode = (client: ApiClient, payload: EndpointPayload<typeof sendSmsCode>) => client.call(sendSmsCode, payload);
  const logIn = (client: ApiClient, phone: string, smsCode: string) => client.call(userLoginV1, { phone, smsCode, agreementVersion: AGREEMENT_VERSION });
  const checkLogin = async (server: ChildServer, accessToken: string) =>
    (await (await clientOf(server, accessToken)).call(checkLoginEndpoint, {})).response?.code;

  /** Registers a phone through `server`; returns the session's token. */
  const signUpOn = async (server: Pick<ChildServer, 'baseUrl'>, phone: string, clock: () => number = Date.now) => {
    const client = await clientOf(server, undefined, clock);
    expect((await sendCode(client, { phone, purpose: 'login' })).response?.code).toBe(CODE.OK);
    const login = await logIn(client, phone, await latestCode(server.baseUrl, phone));
    expect(login.response?.code).toBe(CODE.OK);
    return (login.response?.data as { accessToken: string }).accessToken;
  };

  it('accepts a session made on one process on the other', async () => {
    const accessToken = await signUpOn(a, uniquePhone());
    expect(await checkLogin(b, accessToken)).toBe(CODE.OK);
    const detail = await (await clientOf(b, accessToken)).call(userDetail, {});
    expect(detail.response?.code).toBe(CODE.OK);
    // Logged out on B: gone on A too.
    expect((await (await clientOf(b, accessToken)).call(logout, {})).response?.code).toBe(CODE.OK);
    expect(await checkLogin(a, accessToken)).toBe(CODE.UNAUTHORIZED);
  });

  it('answers the identical bytes of a request one process accepted as a replay on the other, and lets one copy of a burst through', async () => {
    const clientA = await clientOf(a);
    const captured = await clientA.prepare(getAppDownloadUrl, {});
    expect((await clientA.send(captured)).response?.code).toBe(CODE.OK);
    const replayed = await clientA.send({ ...captured, url: `${b.baseUrl}${captured.path}` });
    expect(replayed.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.REPLAY });

    // Twenty copies of a new request, to both processes at once: exactly one is served.
    const burst = await clientA.prepare(getAppDownloadUrl, {});
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => clientA.send({ ...burst, url: `${(i % 2 === 0 ? a : b).baseUrl}${burst.path}` })));
    expect(answers.filter((answer) => answer.response?.code === CODE.OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.response?.subcode === SUBCODE.REPLAY)).toHaveLength(19);
  });

  it('keeps one SMS cooldown per phone across both processes, also for parallel sends', async () => {
    const phone = uniquePhone();
    const [clientA, clientB] = await Promise.all([clientOf(a), clientOf(b)]);
    const sends = await Promise.all(Array.from({ length: 10 }, (_, i) => sendCode(i % 2 === 0 ? clientA : clientB, { phone, purpose: 'login' })));
    expect(sends.filter((send) => send.response?.code === CODE.OK)).toHaveLength(1);
    const cooling = sends.filter((send) => send.response?.code === CODE.RETRY_LATER);
    expect(cooling).toHaveLength(9);
    for (const send of cooling) expect(send.response?.data).toMatchObject({ reason: 'cooldown' });
    // One message went out, from whichever process won.
    const outboxes = await Promise.all(
      [a, b].map(async (server) => (await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).json()) as { messages: unknown[] }),
    );
    expect(outboxes.reduce((n, box) => n + box.messages.length, 0)).toBe(1);
  });

  it('keeps the hourly cap of a client address across both processes, also for parallel sends', async () => {
    const [clientA, clientB] = await Promise.all([clientOf(a), clientOf(b)]);
    const sends = await Promise.all(
      Array.from({ length: HOURLY_CAP_PER_ADDRESS + 10 }, (_, i) =>
        callFrom(i % 2 === 0 ? clientA : clientB, '198.51.100.60', sendSmsCode, { phone: uniquePhone(), purpose: 'login' }),
      ),
    );
    expect(sends.filter((send) => send.response?.code === CODE.OK)).toHaveLength(HOURLY_CAP_PER_ADDRESS);
    const capped = sends.filter((send) => send.response?.code !== CODE.OK);
    for (const send of capped) expect(send.response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.SMS_RATE_LIMITED });
  });

  it("keeps the owner's daily cap of a phone across two instances, the cooldowns passed on the injected clock", async () => {
    const clock = testClock();
    const [c, d] = (await startInstances(clock)) as [{ baseUrl: string; close(): Promise<void> }, { baseUrl: string; close(): Promise<void> }];
    try {
      const phone = uniquePhone();
      const accessToken = await signUpOn(c, phone, clock);
      // With the phone's session the sends are the owner's (the login code before was a stranger's).
      const [ownerC, ownerD] = await Promise.all([clientOf(c, accessToken, clock), clientOf(d, accessToken, clock)]);
      expect((await sendCode(ownerC, { purpose: 'deregister' })).response?.code).toBe(CODE.OK);
      clock.advance(COOLDOWN_SECONDS * 1000 + 1);
      expect((await sendCode(ownerD, { purpose: 'deregister' })).response?.code).toBe(CODE.OK);
      clock.advance(COOLDOWN_SECONDS * 1000 + 1);
      for (const client of [ownerC, ownerD])
        expect((await sendCode(client, { purpose: 'deregister' })).response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, subcode: SUBCODE.SMS_DAILY_LIMIT });
    } finally {
      await Promise.all([c.close(), d.close()]);
    }
  });

  it('locks verification after wrong codes spread over both processes', async () => {
    const phone = uniquePhone();
    const [clientA, clientB] = await Promise.all([clientOf(a), clientOf(b)]);
    expect((await sendCode(clientA, { phone, purpose: 'login' })).response?.code).toBe(CODE.OK);
    const right = await latestCode(a.baseUrl, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) answers.push((await logIn(i % 2 === 0 ? clientB : clientA, phone, wrong)).response?.subcode);
    expect(answers).toEqual([SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_CODE_WRONG, SUBCODE.SMS_VERIFY_LOCKED]);
    // The right code is refused on both while the lock holds.
    for (const client of [clientA, clientB]) expect((await logIn(client, phone, right)).response?.subcode).toBe(SUBCODE.SMS_VERIFY_LOCKED);
  });

  it('revokes on both processes every session of an account deregistered on one', async () => {
    const phone = uniquePhone();
    const first = await signUpOn(a, phone);
    // A second session, made on B from an authorisation code minted on A (no second SMS code needed).
    const minted = (await (await clientOf(a, first)).call(authorizedCode, {})).response?.data as { authCode: string };
    const second = ((await (await clientOf(b)).call(authorizedLogin, { authCode: minted.authCode })).response?.data as { accessToken: string }).accessToken;
    for (const server of [a, b]) for (const token of [first, second]) expect(await checkLogin(server, token)).toBe(CODE.OK);

    // The deregistration code goes to the owner's own bucket (a session of the phone): no cooldown from
    // the login code, which was sent before this address had logged in with the phone.
    const owner = await clientOf(b, second);
    expect((await sendCode(owner, { purpose: 'deregister' })).response?.code).toBe(CODE.OK);
    expect((await owner.call(cancelAccount, { smsCode: await latestCode(b.baseUrl, phone) })).response?.code).toBe(CODE.OK);

    for (const server of [a, b]) for (const token of [first, second]) expect(await checkLogin(server, token)).toBe(CODE.UNAUTHORIZED);
  });
});
