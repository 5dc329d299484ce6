// Request timeout (docs/operations.md "Health and shutdown"): a client that stops sending its request does not hold the
// server; it gets 408 and the connection is closed. (Behaviour only: no duration is asserted.)
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('request timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { HTTP_REQUEST_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 408 and closes a request whose body never arrives', async () => {
    const url = new URL(t.baseUrl);
    const answer = await new Promise<string>((done, fail) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write('POST /tydApi/v1/user/check-login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"data":');
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => done(text));
      socket.on('error', fail);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});
