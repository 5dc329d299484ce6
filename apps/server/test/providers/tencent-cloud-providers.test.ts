// The http verification providers against a fake Tencent Cloud endpoint on 127.0.0.1: what they send (a
// TC3-HMAC-SHA256 signature the fake verifies, the action, version and payload), how each vendor answer
// becomes a typed outcome, and every failure (timeout, 5xx, malformed answers, vendor error codes)
// becoming ProviderUnavailable, answered 502/4501, with no personal data in its message; the OCR's wrong side
// answered 4614 through idcard-ocr.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config/index.js';
import { ProviderUnavailable, providerUnavailable } from '../../src/providers/provider-error.js';
import { tc3Signature } from '../../src/providers/tencent-cloud/tc3-signature.js';
import { createSession, createUser } from '../support/factories.js';
import { cardPhoto, readSide } from '../support/identity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { certificationInfo } from '@tyd/protocol';

const SECRET_ID = 'AKIDtestSecretId0123456789';
const SECRET_KEY = 'testSecretKey0123456789abcdef';
const ID_NUMBER = '11010519491231002X';
const CARD = '6222020200112233445';
const PHONE = '13812345678';
const NAME = '张三';
const image = { bytes: Buffer.from('a photo'), contentType: 'image/jpeg' as const, width: 1200, height: 800 };

interface Received {
  headers: IncomingMessage['headers'];
  payload: Record<string, unknown>;
  signatureValid: boolean;
}
type Answer = { status?: number; body: unknown } | 'hang';

describe('http verification providers (Tencent Cloud API 3.0)', () => {
  let vendor: Server;
  let answer: (action: string) => Answer;
  let received: Received[] = [];
  let t: TestApp;

  beforeAll(async () => {
    vendor = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        // Verify the signature as the vendor does: recompute it from the request as received.
        const auth =
          /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
            req.headers.authorization ?? '',
          );
        const names = auth?.[4]?.split(';') ?? [];
        const expected = tc3Signature({
          secretKey: SECRET_KEY,
          service: auth?.[3] ?? '',
          timestamp: Number(req.headers['x-tc-timestamp']),
          headers: names.map((name) => [name, name === 'x-tc-action' ? String(req.headers[name]).toLowerCase() : String(req.headers[name])] as const),
          body,
        });
        received.push({
          headers: req.headers,
          payload: JSON.parse(body) as Record<string, unknown>,
          signatureValid: auth?.[1] === SECRET_ID && auth[5] === expected.signature && auth[4] === 'content-type;host;x-tc-action',
        });
        const reply = answer(String(req.headers['x-tc-action']));
        if (reply === 'hang') return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((done) => vendor.listen(0, '127.0.0.1', done));
    const address = vendor.address();
    if (typeof address !== 'object' || !address) throw new Error('no vendor address');
    const url = `http://127.0.0.1:${address.port}`;
    const env: Record<string, string> = { FACE_HTTP_RULE_ID: '1' };
    for (const prefix of ['OCR', 'FACE', 'BANKCARD']) {
      Object.assign(env, {
        [`${prefix}_PROVIDER`]: 'http',
        [`${prefix}_HTTP_URL`]: url,
        [`${prefix}_HTTP_SECRET_ID`]: SECRET_ID,
        [`${prefix}_HTTP_SECRET_KEY`]: SECRET_KEY,
        [`${prefix}_HTTP_TIMEOUT_MS`]: '1500',
      });
    }
    t = await startTestApp({ env });
  });
  afterAll(async () => {
    await t?.close();
    vendor?.closeAllConnections();
    await new Promise((done) => vendor?.close(done));
  });
  beforeEach(() => {
    received = [];
  });

  const ok = (fields: Record<string, unknown>): Answer => ({ body: { Response: { ...fields, RequestId: 'r-1' } } });
  const vendorError = (code: string): Answer => ({
    body: { Response: { Error: { Code: code, Message: `echo ${NAME} ${ID_NUMBER} ${CARD} ${PHONE}` }, RequestId: 'r-2' } },
  });

  /** The ProviderUnavailable a call ends in; its message must carry nothing personal. */
  async function unavailable(call: () => Promise<unknown>): Promise<ProviderUnavailable> {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ProviderUnavailable)) throw new Error(`expected ProviderUnavailable, got ${String(error)}`);
    for (const secret of [NAME, ID_NUMBER, CARD, PHONE, SECRET_KEY]) expect(error.message).not.toContain(secret);
    expect(providerUnavailable(error).toResponse()).toMatchObject({ code: '502', subcode: '4501', submsg: '认证服务暂时不可用，请稍后重试' });
    return error;
  }

  it('OCR reads the portrait side, signed as the vendor checks it', async () => {
    answer = () => ok({ Name: NAME, Sex: '女', Nation: '汉', Birth: '1949/12/31', Address: '北京市朝阳区某路1号', IdNum: ID_NUMBER });
    const result = await t.app.ocrProvider.recognizeIdCard(image, 'portrait');
    expect(result).toEqual({
      outcome: 'recognized',
      side: 'portrait',
      name: NAME,
      sex: '女',
      ethnicity: '汉',
      birthDate: '1949-12-31',
      address: '北京市朝阳区某路1号',
      idNumber: ID_NUMBER,
    });
    const [request] = received;
    expect(request?.signatureValid).toBe(true);
    expect(request?.headers).toMatchObject({
      'x-tc-action': 'IDCardOCR',
      'x-tc-version': '2018-11-19',
      'x-tc-region': 'ap-guangzhou',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(request?.payload).toMatchObject({ ImageBase64: image.bytes.toString('base64'), CardSide: 'FRONT' });
    // The vendor's photo warnings are asked for.
    expect(JSON.parse(String(request?.payload.Config))).toMatchObject({ CopyWarn: true, ReshootWarn: true, TempIdWarn: true, Quality: true });
  });

  it("OCR passes the vendor's photo warnings on (AdvancedInfo.WarnInfos, Quality)", async () => {
    answer = () =>
      ok({
        Name: NAME,
        Sex: '女',
        Nation: '汉',
        Birth: '1949/12/31',
        Address: '北京市朝阳区某路1号',
        IdNum: ID_NUMBER,
        AdvancedInfo: JSON.stringify({ WarnInfos: [-9102, -9107], Quality: 30 }),
      });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'portrait')).toMatchObject({ outcome: 'recognized', warnings: ['photocopy', 'glare', 'blurred'] });
    answer = () => ok({ Authority: '北京市公安局朝阳分局', ValidDate: '2015.07.21-长期', AdvancedInfo: JSON.stringify({ WarnInfos: [-9104], Quality: 90 }) });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).toMatchObject({ warnings: ['temporary'] });
    answer = () => ok({ Authority: '北京市公安局朝阳分局', ValidDate: '2015.07.21-长期', AdvancedInfo: 'not json' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).not.toHaveProperty('warnings');
  });

  it('OCR reads the emblem side, long-term validity included', async () => {
    answer = () => ok({ Authority: '北京市公安局朝阳分局', ValidDate: '2015.07.21-长期' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).toEqual({
      outcome: 'recognized',
      side: 'emblem',
      authority: '北京市公安局朝阳分局',
      validFrom: '2015-07-21',
      validTo: 'long-term',
    });
    expect(received[0]?.payload.CardSide).toBe('BACK');
    answer = () => ok({ Authority: '北京市公安局朝阳分局', ValidDate: '2015.07.21-2035.07.21' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).toMatchObject({ validTo: '2035-07-21' });
  });

  it('OCR: no card, a misread number or an unreadable date is "unreadable", not a pass', async () => {
    answer = () => vendorError('FailedOperation.ImageNoIdCard');
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'portrait')).toEqual({ outcome: 'unreadable' });
    answer = () => ok({ Name: NAME, Sex: '女', Nation: '汉', Birth: '1949/12/31', Address: 'x', IdNum: '110105194912310021' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'portrait')).toEqual({ outcome: 'unreadable' });
    answer = () => ok({ Authority: 'x', ValidDate: '2015.07-长期' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).toEqual({ outcome: 'unreadable' });
  });

  it("OCR: the vendor's own trouble (not opened, arrears, daily count, engine timeout, download, unknown) is the provider unavailable, not a bad photo", async () => {
    for (const code of [
      'FailedOperation.UnOpenError',
      'FailedOperation.ArrearsError',
      'FailedOperation.CountLimitError',
      'FailedOperation.EngineRecognizeTimeout',
      'FailedOperation.DownLoadError',
      'FailedOperation.UnKnowError',
    ]) {
      answer = () => vendorError(code);
      expect((await unavailable(() => t.app.ocrProvider.recognizeIdCard(image, 'portrait'))).reason, code).toBe('vendor-error');
    }
    for (const code of ['FailedOperation.ImageBlur', 'FailedOperation.ImageDecodeFailed', 'FailedOperation.MultiCardError']) {
      answer = () => vendorError(code);
      expect(await t.app.ocrProvider.recognizeIdCard(image, 'portrait'), code).toEqual({ outcome: 'unreadable' });
    }
  });

  it('OCR: a photo of the other side than CardSide (FailedOperation.CardSideError) is "wrong-side", answered 4614', async () => {
    answer = () => vendorError('FailedOperation.CardSideError');
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'portrait')).toEqual({ outcome: 'wrong-side' });
    expect(await t.app.ocrProvider.recognizeIdCard(image, 'emblem')).toEqual({ outcome: 'wrong-side' });
    // Through idcard-ocr: the refusal names the side asked for, and the photo is not kept.
    const user = await createUser(t.app.accounts.repos);
    const client = await t.client();
    client.accessToken = (await createSession(t.app.accounts.repos, user)).accessToken;
    for (const side of ['portrait', 'emblem'] as const) {
      expect(await readSide(client, side, cardPhoto())).toMatchObject({ code: '400', subcode: '4614', data: { expectedSide: side } });
      expect(received.at(-1)?.payload.CardSide).toBe(side === 'portrait' ? 'FRONT' : 'BACK');
    }
    expect((await sql`select id from uploads where user_id = ${user.id}`.execute(t.app.database.db)).rows).toEqual([]);
    expect((await client.call(certificationInfo, {})).response).toMatchObject({
      data: { state: 'not-started', documents: { portrait: false, emblem: false } },
    });
  });

  it('every failure to answer is ProviderUnavailable with its reason', async () => {
    const ocr = () => t.app.ocrProvider.recognizeIdCard(image, 'portrait');
    answer = () => 'hang';
    expect((await unavailable(ocr)).reason).toBe('timeout');
    answer = () => ({ status: 503, body: 'upstream down' });
    expect((await unavailable(ocr)).reason).toBe('http-status');
    answer = () => ({ body: '<html>gateway</html>' });
    expect((await unavailable(ocr)).reason).toBe('bad-answer');
    answer = () => ({ body: { Data: {} } });
    expect((await unavailable(ocr)).reason).toBe('bad-answer');
    answer = () => ok({ Name: 42 });
    expect((await unavailable(ocr)).reason).toBe('bad-answer');
    answer = () => ({ body: { Response: { Error: { Message: 'no code' } } } });
    expect((await unavailable(ocr)).reason).toBe('bad-answer');
    for (const code of [
      'InternalError',
      'RequestLimitExceeded',
      'AuthFailure.SignatureFailure',
      'ResourceUnavailable.InArrears',
      'LimitExceeded.TooLargeFileError',
    ]) {
      answer = () => vendorError(code);
      const error = await unavailable(ocr);
      expect([error.reason, error.message]).toEqual(['vendor-error', `ocr provider vendor-error: ${code}`]);
    }
  });

  it('face: a session from DetectAuth, then pending, passed or failed from GetDetectInfoEnhanced', async () => {
    answer = () => ok({ Url: 'https://faceid.example.com/h5?token=t1', BizToken: 'biz-token-1' });
    expect(await t.app.faceProvider.createFaceSession({ name: NAME, idNumber: ID_NUMBER }, 'https://app.example.com/back')).toEqual({
      sessionId: 'biz-token-1',
      url: 'https://faceid.example.com/h5?token=t1',
    });
    expect(received[0]?.signatureValid).toBe(true);
    expect(received[0]?.headers['x-tc-action']).toBe('DetectAuth');
    expect(received[0]?.headers['x-tc-region']).toBeUndefined();
    expect(received[0]?.payload).toEqual({ RuleId: '1', IdCard: ID_NUMBER, Name: NAME, RedirectUrl: 'https://app.example.com/back' });

    const results: Array<[unknown, unknown]> = [
      [ok({ Text: { ErrCode: null } }), { outcome: 'pending' }],
      [ok({ Text: { ErrCode: 0, Sim: '95.52' } }), { outcome: 'passed', similarity: 95.52 }],
      [ok({ Text: { ErrCode: 17 } }), { outcome: 'pending' }],
      [ok({ Text: { ErrCode: 2016, Sim: '30.00' } }), { outcome: 'failed', reason: 'face-mismatch' }],
      [ok({ Text: { ErrCode: 1002 } }), { outcome: 'failed', reason: 'liveness' }],
      [ok({ Text: { ErrCode: 2004 } }), { outcome: 'failed', reason: 'liveness' }],
      [ok({ Text: { ErrCode: 2006 } }), { outcome: 'failed', reason: 'identity-mismatch' }],
      [ok({ Text: { ErrCode: 2005 } }), { outcome: 'failed', reason: 'identity-mismatch' }],
      [ok({ Text: { ErrCode: 15 } }), { outcome: 'failed', reason: 'expired' }],
      [vendorError('InvalidParameterValue.BizTokenExpired'), { outcome: 'failed', reason: 'expired' }],
    ];
    for (const [vendorAnswer, expected] of results) {
      answer = () => vendorAnswer as Answer;
      expect(await t.app.faceProvider.getFaceResult('biz-token-1')).toEqual(expected);
    }
    expect(received.at(-1)?.payload).toEqual({ BizToken: 'biz-token-1', RuleId: '1', InfoType: '0' });
  });

  it('face: an answer it cannot trust is ProviderUnavailable', async () => {
    answer = () => ok({ Url: 'http://plain.example.com/h5', BizToken: 'b' });
    expect((await unavailable(() => t.app.faceProvider.createFaceSession({ name: NAME, idNumber: ID_NUMBER }, 'https://a.example.com/'))).reason).toBe(
      'bad-answer',
    );
    answer = () => vendorError('FailedOperation.RuleNotExist');
    expect((await unavailable(() => t.app.faceProvider.createFaceSession({ name: NAME, idNumber: ID_NUMBER }, 'https://a.example.com/'))).reason).toBe(
      'vendor-error',
    );
    answer = () => ok({ Text: { ErrCode: '0' } });
    expect((await unavailable(() => t.app.faceProvider.getFaceResult('b'))).reason).toBe('bad-answer');
    answer = () => ok({ Text: { ErrCode: 0, Sim: 'high' } });
    expect((await unavailable(() => t.app.faceProvider.getFaceResult('b'))).reason).toBe('bad-answer');
    // The vendor's own engine or data source failed: not the user's face.
    answer = () => ok({ Text: { ErrCode: 1001 } });
    expect((await unavailable(() => t.app.faceProvider.getFaceResult('b'))).reason).toBe('vendor-error');
  });

  it('bank card: the four elements sent, each Result code mapped', async () => {
    const elements = { name: NAME, idNumber: ID_NUMBER, cardNumber: CARD, phone: PHONE };
    const cases: Array<[string, unknown]> = [
      ['0', { outcome: 'verified' }],
      ['-1', { outcome: 'mismatch', field: 'holder' }],
      ['-4', { outcome: 'mismatch', field: 'card-number' }],
      ['-5', { outcome: 'mismatch', field: 'phone' }],
      ['-11', { outcome: 'unusable', reason: 'frozen' }],
      ['-13', { outcome: 'unusable', reason: 'lost' }],
      ['-14', { outcome: 'unusable', reason: 'expired' }],
      ['-7', { outcome: 'unusable', reason: 'no-card-not-present' }],
    ];
    for (const [code, expected] of cases) {
      answer = () => ok({ Result: code, Description: 'bank text' });
      expect(await t.app.bankCardProvider.verifyFourElements(elements), code).toEqual(expected);
    }
    expect(received[0]?.signatureValid).toBe(true);
    expect(received[0]?.headers).toMatchObject({ 'x-tc-action': 'BankCard4EVerification', 'x-tc-version': '2018-03-01' });
    expect(received[0]?.payload).toEqual({ Name: NAME, BankCard: CARD, Phone: PHONE, IdCard: ID_NUMBER, CertType: 0 });
    for (const [code, reason] of [
      ['-18', 'vendor-error'],
      ['7', 'bad-answer'],
      ['toString', 'bad-answer'],
    ] as const) {
      answer = () => ok({ Result: code });
      expect((await unavailable(() => t.app.bankCardProvider.verifyFourElements(elements))).reason).toBe(reason);
    }
    answer = () => vendorError('FailedOperation.UnKnown');
    expect((await unavailable(() => t.app.bankCardProvider.verifyFourElements(elements))).reason).toBe('vendor-error');
  });
});

describe('verification provider configuration', () => {
  const production = {
    NODE_ENV: 'production',
    TYD_SERVER_KEYS: '[{"kid":"k1","publicKey":"' + 'A'.repeat(87) + '","privateKey":"' + 'A'.repeat(60) + '"}]',
    TYD_APP_SECRET_WEB: 'a'.repeat(43),
    TYD_APP_SECRET_IOS: 'b'.repeat(43),
    TYD_APP_SECRET_ANDROID: 'c'.repeat(43),
    TYD_COOKIE_SECRET: 'd'.repeat(43),
    TYD_PHONE_HASH_KEY: 'e'.repeat(43),
    TYD_DATA_KEY: 'f'.repeat(43),
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'https://sms.example.com/send',
    SMS_HTTP_TEMPLATE_ID: 'T1',
  };
  const http = (prefix: string, url = 'https://api.example.com') => ({
    [`${prefix}_PROVIDER`]: 'http',
    [`${prefix}_HTTP_URL`]: url,
    [`${prefix}_HTTP_SECRET_ID`]: SECRET_ID,
    [`${prefix}_HTTP_SECRET_KEY`]: SECRET_KEY,
  });

  it('refuses the sandboxes and plain http in production, and http without credentials anywhere', () => {
    expect(() => parseConfig(production)).toThrow(/OCR_PROVIDER: the sandbox[\s\S]*FACE_PROVIDER: the sandbox[\s\S]*BANKCARD_PROVIDER: the sandbox/);
    const all = { ...production, ...http('OCR'), ...http('FACE'), ...http('BANKCARD'), FACE_HTTP_RULE_ID: '1' };
    expect(parseConfig(all).verification.ocr).toEqual({
      mode: 'http',
      http: { url: 'https://api.example.com', secretId: SECRET_ID, secretKey: SECRET_KEY, region: 'ap-guangzhou', timeoutMs: 8_000 },
    });
    expect(() => parseConfig({ ...all, ...http('BANKCARD', 'http://api.example.com') })).toThrow(/BANKCARD_HTTP_URL: must be https/);
    expect(() => parseConfig({ OCR_PROVIDER: 'http' })).toThrow(ConfigError);
    expect(() => parseConfig({ OCR_PROVIDER: 'http' })).toThrow(/OCR_HTTP_SECRET_ID, OCR_HTTP_SECRET_KEY: required/);
    expect(() => parseConfig({ ...http('FACE') })).toThrow(/FACE_HTTP_RULE_ID: required/);
    expect(parseConfig({}).verification).toEqual({ ocr: { mode: 'sandbox' }, face: { mode: 'sandbox', ruleId: undefined }, bankCard: { mode: 'sandbox' } });
  });
});
