// Timeouts towards PostgreSQL and Redis: a black-holed link (a peer that accepts TCP connections and never
// answers, simulated on 127.0.0.1) must not hang API calls or /readyz. The API answers a coded error and
// /readyz answers 503, each well before the 10 s these tests allow (a generous bound, not a measurement);
// once the link carries answers again, the server recovers without a restart.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { CODE, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, createUser, uniquePhone } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const BOUND = { timeout: 10_000 };
const FAST = { READINESS_TIMEOUT_MS: '500' };

/** A TCP peer on 127.0.0.1 that forwards to `target`, or, while black-holed, swallows everything. */
async function blackHole(target?: { port: number }): Promise<{ port: number; set(on: boolean): void; close(): Promise<void> }> {
  let swallowing = target === undefined;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => client.destroy());
    if (swallowing || !target) return;
    const upstream = connect(target.port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('data', (chunk: Buffer) => void (swallowing || upstream.write(chunk)));
    upstream.on('data', (chunk: Buffer) => void (swallowing || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return {
    port: address.port,
    set: (on) => {
      swallowing = on;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('Redis behind a black hole', () => {
  let hole: Awaited<ReturnType<typeof blackHole>>;
  let t: TestApp;
  beforeAll(async () => {
    hole = await blackHole();
    t = await startTestApp({ env: { ...FAST, REDIS_URL: `redis://127.0.0.1:${hole.port}`, REDIS_CONNECT_TIMEOUT_MS: '500', REDIS_COMMAND_TIMEOUT_MS: '500' } });
  });
  afterAll(async () => {
    await t?.close();
    await hole?.close();
  });

  it('answers API calls with a coded error and /readyz with 503 instead of hanging', BOUND, async () => {
    const client = await t.client();
    const result = await client.call(checkLogin, {});
    expect(result.status).toBe(500);
    expect(result.response).toMatchObject({ code: CODE.SERVER_BUSY, msg: '服务器繁忙，请稍后重试' });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', kv: 'unreachable' });
  });
});

describe('PostgreSQL behind a black hole', () => {
  let hole: Awaited<ReturnType<typeof blackHole>>;
  let t: TestApp;
  beforeAll(async () => {
    hole = await blackHole({ port: 5432 });
    t = await startTestApp({
      engine: 'postgres',
      env: { ...FAST, DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '500' },
      databaseUrl: (url) => url.replace(/:\/\/([^@/]*@)?[^/]+\//, `://$1127.0.0.1:${hole.port}/`),
    });
  });
  afterAll(async () => {
    await t?.close();
    await hole?.close();
  });

  it('answers API calls with a coded error and /readyz with 503, then recovers when answers flow again', BOUND, async () => {
    const user = await createUser(t.app.accounts.repos, { phone: uniquePhone() });
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    expect((await client.call(checkLogin, {}, { accessToken })).response?.code).toBe('200');

    hole.set(true);
    // Several at once: every pooled connection and new ones are caught in the hole.
    const calls = await Promise.all(Array.from({ length: 3 }, () => client.call(checkLogin, {}, { accessToken })));
    for (const call of calls) expect(call.response).toMatchObject({ code: CODE.SERVER_BUSY, msg: '服务器繁忙，请稍后重试' });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });

    hole.set(false);
    // Connections whose query timed out were dropped, not reused: fresh ones answer.
    expect((await fetch(`${t.baseUrl}/readyz`)).status).toBe(200);
    expect((await client.call(checkLogin, {}, { accessToken })).response?.code).toBe('200');
  });
});
