// SMS sending and the log rules (docs/operations.md "Logs"): the sandbox announces each SMS in the server log (masked number, purpose,
// where to read it) without the code; codes, full numbers, tokens and authorisation codes of the whole
// login journey never reach a log line; the outbox itself is where a developer reads the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signUp } from '../support/accounts.js';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { authorizedCode, authorizedLogin } from '@tyd/protocol';

const PHONE = '13912345678';

describe('sms and login logging', () => {
  let t: TestApp;
  const { stream, lines } = captureLogLines();

  beforeAll(async () => {
    t = await startTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('announces sandbox messages without their code, and logs no secret of the journey', async () => {
    const client = await t.client();
    const login = await signUp(client, t.baseUrl, PHONE);
    const { accessToken } = login.response?.data as { accessToken: string };
    const { authCode } = (await client.call(authorizedCode, {})).response?.data as { authCode: string };
    await client.call(authorizedLogin, { authCode });
    const code = await latestCode(t.baseUrl, PHONE);

    const announced = lines.map((l) => JSON.parse(l) as { msg: string; sms?: { to: string; purpose: string; text: string } }).find((l) => l.sms);
    expect(announced?.msg).toContain('GET /sandbox/sms?phone=');
    expect(announced?.sms).toMatchObject({ to: '139****5678', purpose: 'login' });
    expect(announced?.sms?.text).toContain('******');

    const all = lines.join('\n');
    for (const secret of [code, PHONE, accessToken, authCode]) expect(all).not.toContain(secret);
  });
});
