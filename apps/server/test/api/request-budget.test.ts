// Abuse limits in front of the envelope (api-pipeline.ts step 0) and the in-process request store
// (plugins/request-kv.ts): one address flooding at full speed cannot fill the nonce store for everyone
// else, a session has its own budget which only fresh calls spend (not replays), and a filled store
// forgets its oldest entries, is reported by /readyz and the log, and leaves the security state (SMS
// codes, locks) alone (request-store.test.ts attacks the forgetting). Loopback only: addresses come from X-Forwarded-For
// behind TRUST_PROXY=1, and the flood is a bounded loop.
import { CODE, HEADER, SUBCODE, getAppDownloadUrl, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client.js';
import { callFrom, testClock } from '../support/accounts.js';
import { createSession, createUser } from '../support/factories.js';
import { captureLogLines } from '../support/log-capture.js';
import { nodeCall } from '../support/node-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENDPOINT = getAppDownloadUrl;
const FLOOD = 3_000;
const CONCURRENCY = 16;
const BUDGET = 100;

// The budget windows are fixed minutes of the server's one clock (docs/architecture.md "One clock"): the
// app and its client share an injected clock that moves only when a test moves it.
const clock = testClock();

/** Start a test at the beginning of a window, so it never straddles two. */
function freshMinute(): void {
  clock.advance(60_000 - (clock() % 60_000));
}

describe('request budget', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestApp({
      clock,
      env: {
        TRUST_PROXY: '1',
        API_RATE_PER_ADDRESS_PER_MINUTE: String(BUDGET),
        API_RATE_PER_SESSION_PER_MINUTE: '10',
        REQUEST_KV_MAX_ENTRIES: '1000',
        KV_MAX_ENTRIES: '1000',
      },
    });
    client = await t.client();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps another address at a zero error rate while one address floods at full speed', { timeout: 120_000 }, async () => {
    const flooder = '198.51.100.66';
    const flooded: string[] = [];
    let sent = 0;
    const worker = async () => {
      while (sent < FLOOD) {
        sent += 1;
        flooded.push((await nodeCall(client, flooder, ENDPOINT, {}))?.code ?? 'invalid');
      }
    };
    const bystander: string[] = [];
    const bystanderCall = async () => bystander.push((await nodeCall(client, '203.0.113.10', ENDPOINT, {}))?.code ?? 'invalid');
    const flood = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // The other user's calls are spread over the whole flood (one per 75 flood requests), then a few after.
    for (let i = 0; i < FLOOD / 75; i++) {
      while (sent < i * 75) await new Promise((r) => setTimeout(r, 2));
      await bystanderCall();
    }
    await flood;
    for (let i = 0; i < 5; i++) await bystanderCall();

    expect(bystander.filter((code) => code !== CODE.OK)).toEqual([]);
    // The flooder got its budget (two windows at most, should the minute turn) and then 429s, never a fault.
    const served = flooded.filter((code) => code === CODE.OK).length;
    expect(served).toBeGreaterThanOrEqual(BUDGET);
    expect(served).toBeLessThanOrEqual(2 * BUDGET);
    expect(flooded.filter((code) => code !== CODE.OK && code !== CODE.TOO_MANY_REQUESTS)).toEqual([]);
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
  });

  it('answers 429 in plaintext with a retry-after before opening the envelope', async () => {
    freshMinute();
    const ip = '198.51.100.70';
    for (let i = 0; i < BUDGET; i++) await nodeCall(client, ip, ENDPOINT, {});
    const refused = await callFrom(client, ip, ENDPOINT, {});
    expect(refused.kind).toBe('plain');
    expect(refused.response).toMatchObject({ code: CODE.TOO_MANY_REQUESTS, msg: '请求过于频繁，请稍后重试', data: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A whole IPv6 /64 is one address.
    for (let i = 0; i < BUDGET; i++) await nodeCall(client, `2001:db8:1:2::${(i + 1).toString(16)}`, ENDPOINT, {});
    expect((await nodeCall(client, '2001:db8:1:2:ffff::1', ENDPOINT, {}))?.code).toBe(CODE.TOO_MANY_REQUESTS);
    expect((await nodeCall(client, '2001:db8:1:3::1', ENDPOINT, {}))?.code).toBe(CODE.OK);
  });

  it('gives each session its own budget, whatever addresses it calls from', async () => {
    freshMinute();
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const other = await createSession(t.app.accounts.repos, await createUser(t.app.accounts.repos));
    const codes: string[] = [];
    for (let i = 0; i < 15; i++) codes.push((await callFrom(client, `192.0.2.${i + 1}`, checkLogin, {}, { accessToken })).response?.code ?? 'invalid');
    expect(codes.slice(0, 10)).toEqual(Array<string>(10).fill(CODE.OK));
    expect(codes.slice(10)).toEqual(Array<string>(5).fill(CODE.TOO_MANY_REQUESTS));
    // The same budget counts the token in the cookie.
    client.cookies.set('x-access-token', accessToken);
    try {
      expect((await callFrom(client, '192.0.2.99', checkLogin, {})).response?.code).toBe(CODE.TOO_MANY_REQUESTS);
    } finally {
      client.cookies.delete('x-access-token');
    }
    expect((await callFrom(client, '192.0.2.100', checkLogin, {}, { accessToken: other.accessToken })).response?.code).toBe(CODE.OK);
  });

  it("spends a session's budget only on fresh calls: replayed and forged copies leave the user's minute whole", async () => {
    freshMinute();
    const user = await createUser(t.app.accounts.repos);
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    // A captured call, served once (it counts), then 40 replays of it from an attacker's addresses, 20 of
    // them in parallel, and 10 forgeries carrying the token with a wrong signature: all refused before the
    // session budget is counted.
    const captured = await client.prepare(checkLogin, {}, { accessToken });
    const from = (ip: string) => client.send({ ...captured, headers: { ...captured.headers, 'x-forwarded-for': ip } });
    expect((await from('198.51.100.80')).response?.code).toBe(CODE.OK);
    const replays = [];
    for (let i = 0; i < 20; i++) replays.push(await from(`198.51.100.${81 + (i % 3)}`));
    replays.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => from(`198.51.100.${84 + (i % 3)}`)))));
    expect(replays.map((r) => r.response?.subcode)).toEqual(Array<string>(40).fill(SUBCODE.REPLAY));
    for (let i = 0; i < 10; i++) {
      const forged = await client.prepare(checkLogin, {}, { accessToken });
      const sign = forged.headers[HEADER.sign]!;
      const tampered = { ...forged.headers, [HEADER.sign]: `${sign.startsWith('A') ? 'B' : 'A'}${sign.slice(1)}`, 'x-forwarded-for': '198.51.100.90' };
      expect((await client.send({ ...forged, headers: tampered })).response?.subcode).toBe(SUBCODE.BAD_SIGNATURE);
    }
    // The user's own minute: 10 calls in all, the captured one among them, so 9 more, then 429.
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await callFrom(client, '192.0.2.200', checkLogin, {}, { accessToken })).response?.code ?? 'invalid');
    expect(codes).toEqual([...Array<string>(9).fill(CODE.OK), CODE.TOO_MANY_REQUESTS]);
  });
});

describe('a full request store', () => {
  it(
    'forgets its oldest entries instead of refusing, is reported by /readyz and the log, and leaves the security state store alone',
    { timeout: 60_000 },
    async () => {
      const { stream, lines } = captureLogLines();
      const t = await startTestApp({ logStream: stream, env: { TRUST_PROXY: '1', REQUEST_KV_MAX_ENTRIES: '1000', KV_MAX_ENTRIES: '1000' } });
      try {
        const client = await t.client();
        // Many addresses, each well inside its budget: a nonce and a counter each, 1,200 entries in all.
        const codes: string[] = [];
        for (let i = 0; i < 600; i++) codes.push((await nodeCall(client, `10.${(i >> 8) & 255}.${i & 255}.1`, ENDPOINT, {}))?.code ?? 'invalid');
        expect(codes.filter((code) => code !== CODE.OK)).toEqual([]);

        const ready = await fetch(`${t.baseUrl}/readyz`);
        expect(ready.status).toBe(200);
        const body = (await ready.json()) as { capacity: unknown };
        expect(body.capacity).toEqual([
          {
            store: 'requests',
            entries: 1000,
            maxEntries: 1000,
            full: true,
            whenFull: 'forget-oldest',
            forgottenLive: 200,
            keptEntries: 0,
            maxKeptEntries: 100,
          },
          {
            store: 'state',
            entries: expect.any(Number),
            maxEntries: 1000,
            full: false,
            whenFull: 'refuse',
            forgottenLive: 0,
            keptEntries: 0,
            maxKeptEntries: 0,
          },
        ]);
        const warned = lines
          .map((l) => JSON.parse(l) as { level: number; msg: string; store?: string })
          .filter((l) => l.level === 40 && l.msg === 'short-lived store above 80% of its bound');
        expect(warned.map((l) => l.store)).toEqual(['requests']);
        // An SMS lock still gets written: the state store has its own bound.
        expect(await t.app.kv.setIfAbsent('sms:lock:test', String(Date.now() + 60_000), 60_000)).toBe(true);
      } finally {
        await t.close();
      }
    },
  );
});
