// The in-process request store at its bound (plugins/request-kv.ts, docs/operations.md "Short-lived
// state"): it forgets its oldest entries instead of refusing calls, and the pipeline refuses any timestamp
// whose nonce it may have forgotten (4001, api-pipeline.ts step 3), so honest callers keep being served at
// any rate while every replay is still refused. Reduced scale, an injected clock: the bound is 1,000
// entries, which the old refusing store could hold for 1,000 / 361 s ≈ 2.8 calls/s; the calls here come at
// 6.7 per second of the server's clock for 300 s (so the store remembers about the last 150 s).
import { CODE, HEADER, SUBCODE, getAppDownloadUrl } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult, PreparedRequest } from '../support/api-client.js';
import { testClock } from '../support/accounts.js';
import { nodeCall } from '../support/node-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENDPOINT = getAppDownloadUrl;
const BOUND = 1_000;
const CALLS = 2_000;
const STEP_MS = 150;
/** Callers, each with its own address (and so its own address budget counter per minute). */
const ADDRESSES = 20;

const clock = testClock();
const addressOf = (i: number) => `10.1.${i % ADDRESSES}.1`;

describe('the request store at its bound', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestApp({
      clock,
      env: { TRUST_PROXY: '1', REQUEST_KV_MAX_ENTRIES: String(BOUND), API_RATE_PER_ADDRESS_PER_MINUTE: '100000', API_RATE_PER_SESSION_PER_MINUTE: '100000' },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (prepared: PreparedRequest, ip: string): Promise<ApiResult> =>
    client.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': ip } });

  it('serves every honest call far above the rate it can remember, and still refuses every replay', { timeout: 180_000 }, async () => {
    const old = (1_000 * BOUND) / 361_000;
    expect(1_000 / STEP_MS).toBeGreaterThan(2 * old);

    // Captured requests, sent once (served) and kept to be replayed, with the server time they were sent at.
    const captured: Array<{ prepared: PreparedRequest; ip: string; sentAt: number }> = [];
    const codes = new Map<string, number>();
    for (let i = 0; i < CALLS; i++) {
      clock.advance(STEP_MS);
      let code: string;
      if (i % 100 === 99) {
        const prepared = await client.prepare(ENDPOINT, {});
        code = (await send(prepared, addressOf(i))).response?.code ?? 'invalid';
        captured.push({ prepared, ip: addressOf(i), sentAt: clock() });
      } else {
        code = (await nodeCall(client, addressOf(i), ENDPOINT, {}))?.code ?? 'invalid';
      }
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ [CODE.OK]: CALLS });

    // Full, forgetting, and still ready: a full request store is no reason to leave the load balancer.
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { capacity: Array<{ store: string; entries: number; full: boolean; whenFull: string; forgottenLive: number }> };
    const requests = body.capacity.find((c) => c.store === 'requests');
    expect(requests).toMatchObject({ entries: BOUND, full: true, whenFull: 'forget-oldest' });
    expect(requests?.forgottenLive).toBeGreaterThan(CALLS - BOUND);

    // Every captured request replayed from another address: never served. Those the store still holds are
    // refused as seen (4002); older ones inside the 300 s window, whose nonces it has forgotten, as stale
    // (4001 with x-server-time, which an honest client answers by retrying with a fresh x-t).
    const now = clock();
    const outcomes: Array<{ age: number; subcode: string | undefined }> = [];
    for (const c of captured) {
      const replayed = await send(c.prepared, '198.51.100.9');
      expect(replayed.response?.code).toBe(CODE.BAD_REQUEST);
      outcomes.push({ age: now - c.sentAt, subcode: replayed.response?.subcode });
      if (replayed.response?.subcode === SUBCODE.CLOCK_SKEW) expect(Number(replayed.headers.get(HEADER.serverTime))).toBe(now);
    }
    const seen = outcomes.filter((o) => o.subcode === SUBCODE.REPLAY);
    const stale = outcomes.filter((o) => o.subcode === SUBCODE.CLOCK_SKEW);
    expect(seen.length + stale.length).toBe(captured.length);
    // About the last 150 s of calls fit in 1,000 entries (a few are counters): the newest captures are
    // still known, and forgotten ones still within the 300 s window are among the stale.
    expect(seen.map((o) => o.age)).toContain(0);
    expect(stale.some((o) => o.age < 300_000)).toBe(true);
    expect(Math.max(...seen.map((o) => o.age))).toBeLessThan(Math.min(...stale.map((o) => o.age)));

    // A caller whose clock lags by more than the store remembers is refused once and served on the retry.
    const lagging = await send(await client.prepare(ENDPOINT, {}, { timestamp: String(now - 200_000) }), addressOf(1));
    expect(lagging.response?.subcode).toBe(SUBCODE.CLOCK_SKEW);
    const serverTime = lagging.headers.get(HEADER.serverTime) ?? '';
    expect((await send(await client.prepare(ENDPOINT, {}, { timestamp: serverTime }), addressOf(1))).response?.code).toBe(CODE.OK);
  });

  it('serves one of 20 parallel copies of a request at the bound, and refuses the others as seen', async () => {
    for (let round = 0; round < 5; round++) {
      clock.advance(STEP_MS);
      const prepared = await client.prepare(ENDPOINT, {});
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(prepared, addressOf(i))));
      const subcodes = answers.map((a) => a.response?.subcode ?? a.response?.code);
      expect(subcodes.filter((s) => s === CODE.OK)).toHaveLength(1);
      expect(subcodes.filter((s) => s === SUBCODE.REPLAY)).toHaveLength(19);
    }
  });

  it('keeps the nonce of a call stamped ahead of the server clock: never forgotten, its replay refused as seen', { timeout: 60_000 }, async () => {
    // A request stamped 60 s ahead (the most the window allows) lives longest in the store. Forgetting it
    // would mean refusing every timestamp up to its own (api-pipeline.ts step 3), so it is kept apart and
    // never forgotten, while the store forgets everything that arrived around it; its replay inside the
    // window is refused as seen. (Honest calls stay served as long as the store holds more than a few
    // seconds of traffic: docs/operations.md sizes it.)
    const ahead = await client.prepare(ENDPOINT, {}, { timestamp: String(clock() + 60_000) });
    expect((await send(ahead, addressOf(2))).response?.code).toBe(CODE.OK);
    const forgotten = () => t.app.requestKv.forgottenThrough?.() ?? -Infinity;
    const arrivedAt = clock();
    let calls = 0;
    while (forgotten() < arrivedAt + 300_000) {
      clock.advance(STEP_MS);
      expect((await nodeCall(client, addressOf(calls), ENDPOINT, {}))?.code).toBe(CODE.OK);
      calls += 1;
      expect(calls).toBeLessThan(2 * BOUND);
    }
    // Still inside its window (sent less than 300 s ago by its own timestamp), yet not served again.
    expect(clock() - Number(ahead.context.timestamp)).toBeLessThan(300_000);
    expect((await send(ahead, '198.51.100.9')).response?.subcode).toBe(SUBCODE.REPLAY);
    expect((await nodeCall(client, addressOf(3), ENDPOINT, {}))?.code).toBe(CODE.OK);
  });
});

// A flood stamped ahead of the server clock (docs/operations.md "Short-lived state", "A flood stamped
// ahead"): nonces stamped ahead are kept apart, never forgotten, in a share of the bound of their own, so
// the store never has to refuse a call stamped with the server's time. Before, one address sending calls
// stamped 59 s ahead made the store forget nonces that expire 360 s on, and every honest call was refused
// 4001 (retry included) until the flood's timestamps had passed, 55 s after it ended.
describe('a flood stamped ahead of the server clock', () => {
  let t: TestApp;
  let client: ApiClient;
  const floodClock = testClock();
  const FLOOD_ADDRESS = '203.0.113.66';
  const HONEST_ADDRESS = '198.51.100.23';
  beforeAll(async () => {
    // The default request budgets: one address may make 1,200 calls a minute, more than the bound.
    t = await startTestApp({ clock: floodClock, env: { TRUST_PROXY: '1', REQUEST_KV_MAX_ENTRIES: String(BOUND) } });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (prepared: PreparedRequest, ip: string): Promise<ApiResult> =>
    client.send({ ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': ip } });

  it('keeps serving an honest caller during and after a flood from one address stamped 59 s ahead', { timeout: 120_000 }, async () => {
    const honest = async () => (await nodeCall(client, HONEST_ADDRESS, ENDPOINT, {}))?.code;
    const flooded = new Map<string, number>();
    const served: PreparedRequest[] = [];
    // 1,150 calls in 46 s of the server's clock, each stamped 59 s ahead: more nonces than the store holds.
    for (let i = 0; i < 1_150; i++) {
      floodClock.advance(40);
      const stamp = String(floodClock() + 59_000);
      let answer;
      if (i % 50 === 0) {
        const prepared = await client.prepare(ENDPOINT, {}, { timestamp: stamp });
        answer = (await send(prepared, FLOOD_ADDRESS)).response;
        if (answer?.code === CODE.OK) served.push(prepared);
      } else {
        answer = await nodeCall(client, FLOOD_ADDRESS, ENDPOINT, {}, { timestamp: stamp });
      }
      const outcome = answer?.subcode ?? answer?.code ?? 'invalid';
      flooded.set(outcome, (flooded.get(outcome) ?? 0) + 1);
      if (i % 100 === 99) expect(await honest(), `during the flood, call ${i}`).toBe(CODE.OK);
    }
    // The flood got its share of the store stamped ahead, then 4001 (adopt the server's clock); never more.
    expect(flooded.get(CODE.OK)).toBeGreaterThan(0);
    expect(flooded.get(SUBCODE.CLOCK_SKEW)).toBeGreaterThan(0);
    expect([...flooded.keys()].sort()).toEqual([CODE.OK, SUBCODE.CLOCK_SKEW].sort());

    // After it: the honest caller's calls pass at once and on, through the minute its timestamps cover.
    for (let second = 0; second <= 65; second += 5) {
      expect(await honest(), `${second} s after the flood`).toBe(CODE.OK);
      floodClock.advance(5_000);
    }
    // A caller whose clock runs 30 s ahead is told the server's time once, and served on its retry.
    const ahead = await send(await client.prepare(ENDPOINT, {}, { timestamp: String(floodClock() + 30_000) }), HONEST_ADDRESS);
    if (ahead.response?.code !== CODE.OK) {
      expect(ahead.response?.subcode).toBe(SUBCODE.CLOCK_SKEW);
      const serverTime = ahead.headers.get(HEADER.serverTime) ?? '';
      expect((await send(await client.prepare(ENDPOINT, {}, { timestamp: serverTime }), HONEST_ADDRESS)).response?.code).toBe(CODE.OK);
    }
    // And the flood's served calls, replayed from elsewhere inside their window, are still refused as seen.
    expect(served.length).toBeGreaterThan(0);
    for (const prepared of served) expect((await send(prepared, '192.0.2.7')).response?.subcode).toBe(SUBCODE.REPLAY);
  });
});
