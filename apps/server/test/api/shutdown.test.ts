// Graceful shutdown (docs/operations.md "Health and shutdown"): on SIGTERM the server stops accepting connections, lets a
// request that is already in flight finish and answer, then exits 0.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

describe('graceful shutdown', () => {
  let testDb: TestDatabase;
  let server: ChildServer;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    server = await startChildServer({ DATA_DIR: testDb.dataDir, WEB_DIST: join(testDb.dataDir, 'none') });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it('finishes an in-flight request after SIGTERM, then exits 0', async () => {
    const url = new URL(server.baseUrl);
    let exited: Promise<number | null> | undefined;
    // A request whose body is still arriving when the signal comes.
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/tydApi/v1/user/check-login',
          headers: { 'content-type': 'application/json', 'content-length': '20' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', fail);
      req.write('{"data":');
      // Sequencing only: the server has the request before the signal, and the rest after it.
      setTimeout(() => {
        exited = server.stop();
        setTimeout(() => req.end('"AAAAAAAAA"}'), 300);
      }, 500);
    });
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ code: '400', subcode: '4010' });
    expect(await exited).toBe(0);
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
  });
});
