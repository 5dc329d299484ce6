// Parity of the server's node:crypto envelope with @tyd/protocol: the protocol's JSON vectors (exact bytes)
// and every tamper in them (same rejection reason), plus round trips with the protocol's own functions.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  EnvelopeError,
  fromBase64,
  generateServerKeyPair,
  importServerPrivateKey,
  openRequest,
  openResponse,
  parseResponseBlob,
  randomNonce,
  sealRequest,
  toBase64,
  type BlobMutation,
  type EnvelopeVectorFile,
  type RequestContext,
} from '@tyd/protocol';
import { describe, expect, it } from 'vitest';
import { importNodeServerKey, openRequestNode, sealResponseNode, type NodeServerKey } from './node-envelope.js';

const vectorsPath = createRequire(import.meta.url).resolve('@tyd/protocol/vectors/envelope.json');
const file = JSON.parse(readFileSync(vectorsPath, 'utf8')) as EnvelopeVectorFile;
const servers = Object.fromEntries(Object.entries(file.servers).map(([name, s]) => [name, importNodeServerKey(s.privateKey)]));
const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

function mutate(blob: Uint8Array, m: BlobMutation): Uint8Array[] {
  switch (m.op) {
    case 'flip':
      return Array.from({ length: m.to - m.from + 1 }, (_, k) => {
        const b = blob.slice();
        b[m.from + k] = b[m.from + k]! ^ m.mask;
        return b;
      });
    case 'truncate':
      return [blob.slice(0, m.length)];
    case 'append':
      return [Uint8Array.from([...blob, ...hex(m.hex)])];
    case 'set': {
      const b = blob.slice();
      b.set(hex(m.hex), m.offset);
      return [b];
    }
  }
}

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvelopeError) return error.reason;
    throw error;
  }
  return 'opened';
}

describe('node envelope against the protocol vectors', () => {
  it('has vectors to check', () => {
    expect(file.vectors.length).toBeGreaterThan(0);
  });

  for (const v of file.vectors) {
    const keyFor = (kid: string): NodeServerKey | undefined => (kid === v.keyId ? servers[v.server] : undefined);

    it(`${v.name}: opens the request and seals the exact response`, () => {
      const opened = openRequestNode({ data: v.requestData, context: v.context, keyFor });
      expect(opened.payload).toEqual(v.payload);
      expect(opened.keyId).toBe(v.keyId);
      expect(opened.responseKey.toString('hex')).toBe(v.responseKeyHex);
      expect(sealResponseNode({ responseKey: opened.responseKey, context: v.context, body: v.response.body, iv: hex(v.response.ivHex) })).toBe(v.response.data);
    });

    it(`${v.name}: rejects every request tamper for the protocol's reason`, () => {
      expect(v.requestTampers.length).toBeGreaterThan(0);
      for (const t of v.requestTampers) {
        const context = { ...v.context, ...t.context } as RequestContext;
        const ring = t.keyring ?? { [v.keyId]: v.server };
        const keyForTamper = (kid: string) => (Object.hasOwn(ring, kid) ? servers[ring[kid]!] : undefined);
        const datas = t.data !== undefined ? [t.data] : t.mutate ? mutate(fromBase64(v.requestData), t.mutate).map((b) => toBase64(b)) : [v.requestData];
        for (const [i, data] of datas.entries()) {
          expect(
            reasonOf(() => openRequestNode({ data, context, keyFor: keyForTamper })),
            `${t.name} #${i}`,
          ).toBe(t.reason);
        }
      }
    });
  }
});

describe('node envelope with the protocol client', () => {
  it('opens what sealRequest sealed, and openResponse opens its answer', async () => {
    const pair = await generateServerKeyPair();
    const key = importNodeServerKey(pair.privateKey);
    const context: RequestContext = {
      method: 'POST',
      path: '/tydApi/v1/user/check-login',
      timestamp: String(Date.now()),
      appId: 'tyd-h5',
      nonce: randomNonce(),
    };
    const payload = { phone: '13812345678', nested: { list: [1, '二', null] } };
    const { data, responseKey } = await sealRequest({ serverPublicKey: pair.publicKey, keyId: 'k1', context, payload });
    const opened = openRequestNode({ data, context, keyFor: (kid) => (kid === 'k1' ? key : undefined) });
    expect(opened.payload).toEqual(payload);
    const body = { code: '200', msg: '成功', data: { loggedIn: true, phone: '138****5678' } };
    expect(await openResponse({ responseKey, context, data: sealResponseNode({ responseKey: opened.responseKey, context, body }) })).toEqual(body);
    expect(reasonOf(() => openRequestNode({ data, context, keyFor: () => undefined }))).toBe('unknown-key');
    expect(reasonOf(() => openRequestNode({ data, context: { ...context, nonce: randomNonce() }, keyFor: () => key }))).toBe('decrypt-failed');
  });
});

describe('node envelope refusal order without a key', () => {
  // The point is judged before the key id (docs/protocol.md §5): a point off the curve is 'malformed' even
  // under a key id the server does not hold, in both implementations, though node:crypto has no agreement
  // to run then.
  const v = file.vectors[0]!;
  const offCurve = fromBase64(v.requestData);
  const pointStart = 2 + v.keyId.length;
  offCurve.set(new Uint8Array(32), pointStart + 1);
  const data = toBase64(offCurve);

  it('is malformed for a point off the curve under an unknown key id', async () => {
    expect(reasonOf(() => openRequestNode({ data, context: v.context, keyFor: () => undefined }))).toBe('malformed');
    await expect(openRequest({ data, context: v.context, privateKeyFor: () => undefined })).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('is unknown-key for a point on the curve under an unknown key id', async () => {
    expect(reasonOf(() => openRequestNode({ data: v.requestData, context: v.context, keyFor: () => undefined }))).toBe('unknown-key');
    await expect(openRequest({ data: v.requestData, context: v.context, privateKeyFor: () => undefined })).rejects.toMatchObject({ reason: 'unknown-key' });
    const known = await importServerPrivateKey(file.servers[v.server]!.privateKey);
    await expect(openRequest({ data, context: v.context, privateKeyFor: () => known })).rejects.toMatchObject({ reason: 'malformed' });
  });
});

describe('node envelope response IVs', () => {
  it('never repeats an IV across several refills of the IV buffer, and every answer opens', async () => {
    const pair = await generateServerKeyPair();
    const key = importNodeServerKey(pair.privateKey);
    const context: RequestContext = {
      method: 'POST',
      path: '/tydApi/v1/user/check-login',
      timestamp: String(Date.now()),
      appId: 'tyd-h5',
      nonce: randomNonce(),
    };
    const { data, responseKey } = await sealRequest({ serverPublicKey: pair.publicKey, keyId: 'k1', context, payload: {} });
    const opened = openRequestNode({ data, context, keyFor: () => key });
    const body = { code: '200', msg: '成功' };
    const answers = Array.from({ length: 1_200 }, () => sealResponseNode({ responseKey: opened.responseKey, context, body }));
    const ivs = new Set(answers.map((answer) => toBase64(parseResponseBlob(answer).iv)));
    expect(ivs.size).toBe(answers.length);
    for (const answer of [answers[0]!, answers[341]!, answers[342]!, answers.at(-1)!]) {
      expect(await openResponse({ responseKey, context, data: answer })).toEqual(body);
    }
  });
});
