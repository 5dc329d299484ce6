import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64.js';
import {
  classifyResponseBody,
  generateServerKeyPair,
  importServerPrivateKey,
  importServerPublicKey,
  openRequest,
  openResponse,
  readSealedBody,
  sealRequest,
  sealResponse,
} from './envelope.js';
import { requestAad, responseAad, type RequestContext } from './envelope-layout.js';
import { EnvelopeError, ProtocolTypeError } from './errors.js';
import { randomNonce } from './random.js';

const context: RequestContext = {
  method: 'POST',
  path: '/tydApi/v1/user/check-login',
  timestamp: '1763740800000',
  appId: 'tyd-h5',
  nonce: randomNonce(),
};

async function serverKeys() {
  const pair = await generateServerKeyPair();
  return { ...pair, privateKey: await importServerPrivateKey(pair.privateKey) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('envelope round trip', () => {
  it('opens what it seals, both directions, with fresh randomness each time', async () => {
    const server = await serverKeys();
    const payload = { phone: '13812345678', 名字: '张三' };
    const a = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload });
    const b = await sealRequest({ serverPublicKey: await importServerPublicKey(server.publicKey), keyId: 'k1', context, payload });
    expect(a.data).not.toBe(b.data);
    const opened = await openRequest({ data: a.data, context, privateKeyFor: (kid) => (kid === 'k1' ? server.privateKey : undefined) });
    expect(opened.payload).toEqual(payload);
    expect(opened.keyId).toBe('k1');

    const body = { code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } };
    const sealed = await sealResponse({ responseKey: opened.responseKey, context, body });
    expect(await openResponse({ responseKey: a.responseKey, context, data: sealed })).toEqual(body);
    // Another request's response key cannot open it.
    await expect(openResponse({ responseKey: b.responseKey, context, data: sealed })).rejects.toMatchObject({ reason: 'decrypt-failed' });
  });

  it("encrypts '{}' when there is no payload", async () => {
    const server = await serverKeys();
    const { data } = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload: undefined });
    const opened = await openRequest({ data, context, privateKeyFor: async () => server.privateKey });
    expect(opened.payload).toEqual({});
    // suite + kid length + kid + point + iv + ciphertext('{}') + tag
    expect(fromBase64(data).length).toBe(1 + 1 + 2 + 65 + 12 + 2 + 16);
  });

  it('lays out the request blob as suite | kidLen | kid | epk | iv | ciphertext||tag', async () => {
    const server = await serverKeys();
    const iv = Uint8Array.from({ length: 12 }, (_, i) => i);
    const { data } = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'key_2026-A', context, payload: { a: 1 }, iv });
    const blob = fromBase64(data);
    expect(blob[0]).toBe(1);
    expect(blob[1]).toBe(10);
    expect(String.fromCharCode(...blob.subarray(2, 12))).toBe('key_2026-A');
    expect(blob[12]).toBe(0x04);
    expect([...blob.subarray(77, 89)]).toEqual([...iv]);
    expect(blob.length).toBe(89 + '{"a":1}'.length + 16);
  });

  it('reports an unknown key id, a wrong server key and a wrong context', async () => {
    const server = await serverKeys();
    const other = await serverKeys();
    const { data } = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload: { a: 'long enough' } });
    const reason = async (p: Promise<unknown>) => ((await rejection(p)) as EnvelopeError).reason;
    expect(await reason(openRequest({ data, context, privateKeyFor: () => undefined }))).toBe('unknown-key');
    expect(await reason(openRequest({ data, context, privateKeyFor: () => other.privateKey }))).toBe('decrypt-failed');
    expect(await reason(openRequest({ data, context: { ...context, path: '/tydApi/v1/user/login' }, privateKeyFor: () => server.privateKey }))).toBe(
      'decrypt-failed',
    );
    expect(await reason(openRequest({ data: data.slice(0, -4), context, privateKeyFor: () => server.privateKey }))).toBe('decrypt-failed');
    expect(await reason(openRequest({ data: `${data}\n`, context, privateKeyFor: () => server.privateKey }))).toBe('malformed');
    expect(await reason(openRequest({ data: '', context, privateKeyFor: () => server.privateKey }))).toBe('malformed');
  });

  it('builds the AAD strings of the contract', () => {
    expect(requestAad(context, 'k1')).toBe(`TYD-ENV-1\nPOST\n/tydApi/v1/user/check-login\n1763740800000\ntyd-h5\n${context.nonce}\nk1`);
    expect(responseAad(context)).toBe(`TYD-ENV-1 response\n/tydApi/v1/user/check-login\n1763740800000\n${context.nonce}`);
  });
});

describe('envelope input validation', () => {
  it('names the wrong argument', async () => {
    const server = await serverKeys();
    const seal = (overrides: Record<string, unknown>) =>
      rejection(sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload: {}, ...overrides } as never));
    const argumentOf = async (p: Promise<unknown>) => {
      const error = await p;
      expect(error).toBeInstanceOf(ProtocolTypeError);
      return (error as ProtocolTypeError).argument;
    };
    expect(await argumentOf(seal({ keyId: '' }))).toBe('keyId');
    expect(await argumentOf(seal({ keyId: 'a'.repeat(33) }))).toBe('keyId');
    expect(await argumentOf(seal({ keyId: 'k 1' }))).toBe('keyId');
    expect(await argumentOf(seal({ serverPublicKey: 'AAAA' }))).toBe('publicKey');
    expect(await argumentOf(seal({ serverPublicKey: 42 }))).toBe('serverPublicKey');
    expect(await argumentOf(seal({ serverPublicKey: server.privateKey }))).toBe('serverPublicKey');
    expect(await argumentOf(seal({ iv: new Uint8Array(11) }))).toBe('iv');
    expect(await argumentOf(seal({ payload: 1n }))).toBe('payload');
    expect(await argumentOf(seal({ payload: () => 1 }))).toBe('payload');
    expect(await argumentOf(seal({ ephemeralPrivateKey: 'AAAA' }))).toBe('ephemeralPrivateKey');
    expect(await argumentOf(seal({ context: null }))).toBe('context');
    expect(await argumentOf(seal({ context: { ...context, path: 'tydApi' } }))).toBe('context.path');
    expect(await argumentOf(seal({ context: { ...context, path: '/a\nb' } }))).toBe('context.path');
    expect(await argumentOf(seal({ context: { ...context, timestamp: 1763740800000 } }))).toBe('context.timestamp');
    expect(await argumentOf(seal({ context: { ...context, timestamp: '01' } }))).toBe('context.timestamp');
    expect(await argumentOf(seal({ context: { ...context, appId: '' } }))).toBe('context.appId');
    expect(await argumentOf(seal({ context: { ...context, nonce: 'short' } }))).toBe('context.nonce');
    expect(await argumentOf(seal({ context: { ...context, method: 'post' } }))).toBe('context.method');
    expect(await argumentOf(rejection(importServerPrivateKey('AAAA')))).toBe('privateKey');
    expect(await argumentOf(rejection(openRequest({ data: 1, context, privateKeyFor: () => undefined } as never)))).toBe('data');
    expect(await argumentOf(rejection(openRequest({ data: '', context, privateKeyFor: null } as never)))).toBe('privateKeyFor');
  });

  it('rejects a privateKeyFor that returns something other than a private P-256 key', async () => {
    const server = await serverKeys();
    const { data } = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload: {} });
    const publicKey = await importServerPublicKey(server.publicKey);
    const error = await rejection(openRequest({ data, context, privateKeyFor: () => publicKey }));
    expect(error).toMatchObject({ name: 'ProtocolTypeError', argument: 'privateKeyFor' });
  });

  it('rejects a response body that is not an ApiResponse, and a response key of the wrong kind', async () => {
    const server = await serverKeys();
    const { responseKey } = await sealRequest({ serverPublicKey: server.publicKey, keyId: 'k1', context, payload: {} });
    await expect(sealResponse({ responseKey, context, body: { msg: 'x' } as never })).rejects.toMatchObject({ argument: 'body' });
    await expect(sealResponse({ responseKey: server.privateKey, context, body: { code: '200', msg: '' } })).rejects.toMatchObject({
      argument: 'responseKey',
    });
  });
});

describe('body helpers', () => {
  it('reads exactly {"data": string}', () => {
    expect(readSealedBody({ data: 'AQ==' })).toBe('AQ==');
    for (const bad of [null, 'AQ==', { data: 1 }, { data: 'AQ==', extra: 1 }, [], {}]) {
      expect(() => readSealedBody(bad)).toThrow(EnvelopeError);
    }
  });

  it('classifies response bodies by the contract rule', () => {
    expect(classifyResponseBody({ code: '401', msg: '登录已失效，请重新登录' })).toEqual({
      kind: 'plain',
      response: { code: '401', msg: '登录已失效，请重新登录' },
    });
    expect(classifyResponseBody({ data: toBase64(Uint8Array.of(1)) })).toEqual({ kind: 'sealed', data: 'AQ==' });
    expect(classifyResponseBody({ code: 200 })).toEqual({ kind: 'invalid' });
    expect(classifyResponseBody({ data: { code: '200' } })).toEqual({ kind: 'invalid' });
    expect(classifyResponseBody('<html>')).toEqual({ kind: 'invalid' });
    expect(classifyResponseBody(null)).toEqual({ kind: 'invalid' });
  });
});
