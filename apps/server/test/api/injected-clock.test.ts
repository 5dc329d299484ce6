// One injected clock (plugins/clock.ts): the pipeline's timestamp window, x-server-time and the services'
// rules follow the clock buildApp is given, together. Before, the pipeline read Date.now while the
// services read the injected clock, so a test could move code expiry but not the window it was judged in.
import { APP_IDS, CODE, HEADER, SUBCODE, checkLogin, sendSmsCode, userLoginV1 } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { AGREEMENT_VERSION, latestCode, outbox, testClock, type TestClock } from '../support/accounts.js';
import { uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;

describe('one injected clock', () => {
  let t: TestApp;
  let clock: TestClock;
  /** Stamps x-t with the injected clock, as a client that has applied its 4001 offset does. */
  let client: ApiClient;
  /** Stamps x-t with the machine's clock, which the injected one leaves behind. */
  let wallClient: ApiClient;

  beforeAll(async () => {
    clock = testClock();
    t = await startTestApp({ clock });
    client = await t.client();
    wallClient = new ApiClient(t.baseUrl, client.keys);
    await wallClient.loadPage();
    expect(client.keys.appId).toBe(APP_IDS.web);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('judges x-t by the injected clock and answers it as x-server-time', async () => {
    clock.advance(10 * MINUTE);
    const stale = await wallClient.call(checkLogin, {});
    expect(stale.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.CLOCK_SKEW });
    expect(stale.headers.get(HEADER.serverTime)).toBe(String(clock()));

    const corrected = await client.call(checkLogin, {});
    expect(corrected.response?.code).toBe(CODE.UNAUTHORIZED);
    expect(corrected.headers.get(HEADER.serverTime)).toBe(String(clock()));
  });

  it('expires an SMS code by the same clock that accepts the request', async () => {
    const phone = uniquePhone();
    expect((await client.call(sendSmsCode, { phone, purpose: 'login' })).response?.code).toBe('200');
    const code = await latestCode(t.baseUrl, phone);
    // The sandbox outbox dates the message by the same clock.
    expect((await outbox(t.baseUrl, phone))[0]?.sentAt).toBe(clock());
    clock.advance(5 * MINUTE);
    // The request itself is inside the window (x-t is the moved clock), so what refuses it is the rule.
    const late = await client.call(userLoginV1, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION });
    expect(late.response).toMatchObject({ code: CODE.BAD_REQUEST, subcode: SUBCODE.SMS_CODE_EXPIRED });
    // The machine's clock is now 15 minutes behind: the pipeline refuses it before any rule runs.
    const wall = await wallClient.call(userLoginV1, { phone, smsCode: code, agreementVersion: AGREEMENT_VERSION });
    expect(wall.response?.subcode).toBe(SUBCODE.CLOCK_SKEW);
  });
});
