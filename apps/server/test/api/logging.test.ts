// Logs (docs/operations.md "Logs"): JSON lines with request ids, and tokens, SMS codes, phone, ID and card
// numbers never unmasked, whichever way they reach a log line.
import { HEADER, checkLogin } from '@tyd/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubText } from '../../src/logging.js';
import { createSession, createUser } from '../support/factories.js';
import { captureLogLines } from '../support/log-capture.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PHONE = '13812345678';
const ID_NUMBER = '11010119900307123X';
const CARD = '6222021234567890123';
const SMS_CODE = '493817';

describe('logging', () => {
  let t: TestApp;
  const { stream, lines } = captureLogLines();

  beforeAll(async () => {
    t = await startTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('masks the number patterns in any text', () => {
    expect(scrubText(`call ${PHONE} id ${ID_NUMBER} card ${CARD} code ${SMS_CODE}`)).toBe(
      'call 138****5678 id 110***********123X card 6222****0123 code ******',
    );
  });

  it('never writes secrets or personal numbers, whichever way they arrive', async () => {
    const user = await createUser(t.app.accounts.repos, { phone: PHONE });
    const { accessToken } = await createSession(t.app.accounts.repos, user);
    const client = await t.client();
    // In a URL query, headers and cookies of page and API requests.
    await fetch(`${t.baseUrl}/login?phone=${PHONE}&id=${ID_NUMBER}&card=${CARD}&code=${SMS_CODE}&token=${accessToken}`, {
      headers: { accept: 'text/html', [HEADER.accessToken]: accessToken, cookie: `x-access-token=${accessToken}` },
    });
    await client.call(checkLogin, {}, { accessToken });
    await client.call(checkLogin, { phone: PHONE, idNumber: ID_NUMBER, cardNumber: CARD, smsCode: SMS_CODE }, { accessToken, raw: true });
    await fetch(`${t.baseUrl}/tydApi/v1/user/${PHONE}`, { method: 'POST', headers: { [HEADER.accessToken]: accessToken }, body: `{"data":"${CARD}"}` });
    // And through application log calls: structured fields, nested objects, errors and messages.
    t.app.log.error(
      {
        err: new Error(`failed for ${PHONE} with ${CARD}`),
        phone: PHONE,
        smsCode: SMS_CODE,
        user: { idNumber: ID_NUMBER, token: accessToken },
        headers: { cookie: accessToken },
      },
      `login ${PHONE} code ${SMS_CODE} id ${ID_NUMBER} token ${accessToken}`,
    );
    await new Promise((r) => setImmediate(r));

    const output = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [PHONE, ID_NUMBER, CARD, SMS_CODE, accessToken, t.secrets.appSecrets.web]) expect(output).not.toContain(secret);
    // Still useful: masked forms and request ids are there, every line is JSON.
    expect(output).toContain('138****5678');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.filter((l) => typeof l.reqId === 'string').length).toBeGreaterThan(3);
  });
});
