// Generates vectors/envelope.json and vectors/signing.json from fixed inputs with an independent
// implementation (node:crypto: OpenSSL's ECDH, HKDF, AES-GCM, HMAC), and cross-checks the library
// against every value and every tamper before writing. Tests never run this; they read the JSON.
//
//   npx tsx packages/protocol/scripts/generate-vectors.ts          # check: committed files are reproduced
//   npx tsx packages/protocol/scripts/generate-vectors.ts --write  # regenerate deliberately
import { createCipheriv, createDecipheriv, createECDH, createHash, createHmac, createPrivateKey, hkdfSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  APP_IDS,
  CLIENT_VERSION,
  PROTOCOL_VERSION,
  canonicalSignString,
  importServerPrivateKey,
  openRequest,
  openResponse,
  requestAad,
  responseAad,
  sealRequest,
  sealResponse,
  signRequest,
  verifyRequestSignature,
  type ApiResponse,
  type EnvelopeErrorReason,
  type RequestContext,
  type SignFields,
} from '../src/index.js';
import type { BlobMutation, EnvelopeTamper, EnvelopeVector, EnvelopeVectorFile, SigningVector, SigningVectorFile } from '../src/vector-types.js';

const VECTORS_DIR = resolve(import.meta.dirname, '../vectors');

// ---------- independent reference implementation (node:crypto) ----------

const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const sha256 = (input: string | Buffer): Buffer => createHash('sha256').update(input).digest();
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const b64url = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const big = (b: Uint8Array): bigint => BigInt(`0x${hex(b) || '0'}`);

/** SEC 1 §3.2.2.1-style check: y^2 = x^3 - 3x + b (mod p), coordinates in range. */
function onP256(point: Uint8Array): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  const x = big(point.subarray(1, 33));
  const y = big(point.subarray(33));
  if (x >= P256_P || y >= P256_P) return false;
  const mod = (v: bigint) => ((v % P256_P) + P256_P) % P256_P;
  return mod(y * y) === mod(x * x * x - 3n * x + P256_B);
}

interface RefKey {
  scalar: Buffer;
  point: Buffer;
  pkcs8: Buffer;
}

/** A fixed P-256 key whose scalar is SHA-256(label) (checked to be in 1..n-1). */
function fixedKey(label: string): RefKey {
  const scalar = sha256(label);
  const d = big(scalar);
  if (d === 0n || d >= P256_N) throw new Error(`scalar for ${label} out of range`);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  const point = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', d: b64url(scalar), x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) };
  const pkcs8 = createPrivateKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'pkcs8' });
  return { scalar, point, pkcs8 };
}

function ecdhShared(scalar: Buffer, peerPoint: Uint8Array): Buffer {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  return ecdh.computeSecret(peerPoint);
}

const hkdf = (shared: Buffer, salt: Uint8Array, info: string): Buffer => Buffer.from(hkdfSync('sha256', shared, salt, info, 32));

function gcmSeal(key: Buffer, iv: Buffer, aad: string, plaintext: string): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
}

function gcmOpen(key: Buffer, iv: Uint8Array, aad: string, sealed: Uint8Array): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  } catch {
    return undefined;
  }
}

const refRequestAad = (c: RequestContext, kid: string) => ['TYD-ENV-1', c.method, c.path, c.timestamp, c.appId, c.nonce, kid].join('\n');
const refResponseAad = (c: RequestContext) => ['TYD-ENV-1 response', c.path, c.timestamp, c.nonce].join('\n');

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The reason the reference implementation gives for a request blob, or 'opens'. */
function refOpenRequest(blob: Buffer, context: RequestContext, keyring: Record<string, RefKey>): EnvelopeErrorReason | 'opens' {
  if (blob.length === 0) return 'malformed';
  if (blob[0] !== 1) return 'unknown-suite';
  if (blob.length < 2) return 'malformed';
  const kidLength = blob[1]!;
  if (kidLength < 1 || kidLength > 32) return 'malformed';
  const epkStart = 2 + kidLength;
  if (blob.length < epkStart + 65 + 12 + 16) return 'malformed';
  const kid = blob.subarray(2, epkStart).toString('latin1');
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(kid)) return 'malformed';
  const epk = blob.subarray(epkStart, epkStart + 65);
  if (!onP256(epk)) return 'malformed';
  const server = keyring[kid];
  if (server === undefined) return 'unknown-key';
  const shared = ecdhShared(server.scalar, epk);
  const key = hkdf(shared, epk, 'TYD-ENV-1 request');
  const plaintext = gcmOpen(key, blob.subarray(epkStart + 65, epkStart + 77), refRequestAad(context, kid), blob.subarray(epkStart + 77));
  if (plaintext === undefined) return 'decrypt-failed';
  return isJson(plaintext) ? 'opens' : 'malformed';
}

function refOpenResponse(blob: Buffer, context: RequestContext, key: Buffer): EnvelopeErrorReason | 'opens' {
  if (blob.length === 0) return 'malformed';
  if (blob[0] !== 1) return 'unknown-suite';
  if (blob.length < 1 + 12 + 16) return 'malformed';
  const plaintext = gcmOpen(key, blob.subarray(1, 13), refResponseAad(context), blob.subarray(13));
  if (plaintext === undefined) return 'decrypt-failed';
  return isJson(plaintext) ? 'opens' : 'malformed';
}

function mutations(blob: Buffer, m: BlobMutation): Buffer[] {
  switch (m.op) {
    case 'flip': {
      const out: Buffer[] = [];
      for (let i = m.from; i <= m.to; i++) {
        const b = Buffer.from(blob);
        b[i] = b[i]! ^ m.mask;
        out.push(b);
      }
      return out;
    }
    case 'truncate':
      return [blob.subarray(0, m.length)];
    case 'append':
      return [Buffer.concat([blob, Buffer.from(m.hex, 'hex')])];
    case 'set': {
      const b = Buffer.from(blob);
      Buffer.from(m.hex, 'hex').copy(b, m.offset);
      return [b];
    }
  }
}

/** Flip `mask` at every offset; consecutive offsets of one region with the same reason become one range. */
function flipRanges(
  blob: Buffer,
  mask: number,
  regions: Array<[string, number, number]>,
  reasonOf: (b: Buffer) => EnvelopeErrorReason | 'opens',
): EnvelopeTamper[] {
  const out: EnvelopeTamper[] = [];
  for (const [region, start, end] of regions) {
    let from = start;
    while (from <= end) {
      const reason = reasonOf(mutations(blob, { op: 'flip', from, to: from, mask })[0]!);
      if (reason === 'opens') throw new Error(`flip at ${from} still opens`);
      let to = from;
      while (to + 1 <= end && reasonOf(mutations(blob, { op: 'flip', from: to + 1, to: to + 1, mask })[0]!) === reason) to++;
      const where = from === to ? `byte ${from}` : `bytes ${from}..${to}`;
      out.push({ name: `xor 0x${mask.toString(16).padStart(2, '0')} into ${where} (${region})`, reason, mutate: { op: 'flip', from, to, mask } });
      from = to + 1;
    }
  }
  return out;
}

/** base64-level tampering of a data string; the reference (Buffer) decoder is lenient, so these are all 'malformed' by rule. */
function base64Tampers(data: string): EnvelopeTamper[] {
  const out: EnvelopeTamper[] = [
    { name: 'data is empty', reason: 'malformed', data: '' },
    { name: 'first character replaced by "!"', reason: 'malformed', data: `!${data.slice(1)}` },
    { name: 'trailing newline', reason: 'malformed', data: `${data}\n` },
    { name: 'space inserted', reason: 'malformed', data: `${data.slice(0, 8)} ${data.slice(8)}` },
  ];
  const padding = data.length - data.replace(/=+$/, '').length;
  if (padding > 0) {
    out.push({ name: 'padding removed', reason: 'malformed', data: data.replace(/=+$/, '') });
    // Last data character with a non-zero unused bit: decodes to the same bytes in lenient decoders.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const i = data.length - padding - 1;
    const bumped = alphabet[alphabet.indexOf(data[i]!) + 1] ?? 'A';
    out.push({ name: 'non-canonical trailing bits', reason: 'malformed', data: `${data.slice(0, i)}${bumped}${data.slice(i + 1)}` });
  } else {
    out.push({ name: 'spurious padding', reason: 'malformed', data: `${data}====` });
  }
  const urlSafe = data.replace(/\+/g, '-').replace(/\//g, '_');
  if (urlSafe !== data) out.push({ name: 'base64url alphabet instead of standard', reason: 'malformed', data: urlSafe });
  return out;
}

// ---------- fixed inputs ----------

const servers = { main: fixedKey('TYD-ENV-1 test vector server key main'), other: fixedKey('TYD-ENV-1 test vector server key other') };
const serverKeyIds: Record<keyof typeof servers, string> = { main: 'k2026a', other: 'k2026b' };
const secrets = {
  web: b64url(sha256('TYD test vector app secret web')),
  ios: b64url(sha256('TYD test vector app secret ios')),
  android: b64url(sha256('TYD test vector app secret android')),
};
const clientInfo = (os: string, inApp: boolean, app: string | null) => encodeURIComponent(JSON.stringify({ platform: 'h5', os, inApp, app }));
const ivOf = (start: number) => Buffer.from(Array.from({ length: 12 }, (_, i) => (start + i) & 0xff));
const nonceOf = (start: number) => b64url(Buffer.from(Array.from({ length: 16 }, (_, i) => (start + i * 7) & 0xff)));

interface Input {
  name: string;
  keyId: string;
  platform: keyof typeof APP_IDS;
  ephemeralLabel: string;
  context: Omit<RequestContext, 'appId'>;
  payload: unknown;
  requestIv: Buffer;
  response: ApiResponse;
  responseIv: Buffer;
  accessToken: string;
  clientInfo: string;
}

const inputs: Input[] = [
  {
    name: 'check-login from the web, no session, empty payload',
    keyId: serverKeyIds.main,
    platform: 'web',
    ephemeralLabel: 'TYD-ENV-1 test vector ephemeral 1',
    context: { method: 'POST', path: '/tydApi/v1/user/check-login', timestamp: '1763740800000', nonce: nonceOf(0) },
    payload: {},
    requestIv: ivOf(0),
    response: { code: '401', msg: '登录已失效，请重新登录' },
    responseIv: ivOf(100),
    accessToken: '',
    clientInfo: clientInfo('android', false, null),
  },
  {
    name: 'login from iOS inside the zhongduoduo app, Chinese text in both directions',
    keyId: serverKeyIds.main,
    platform: 'ios',
    ephemeralLabel: 'TYD-ENV-1 test vector ephemeral 2',
    context: { method: 'POST', path: '/tydApi/v1/user/login', timestamp: '1763740812345', nonce: nonceOf(1) },
    payload: { phone: '13812345678', smsCode: '123456', agreement: '通盈达隐私政策' },
    requestIv: ivOf(12),
    response: { code: '200', msg: '成功', data: { accessToken: 'at_0123456789abcdef', phone: '138****5678' } },
    responseIv: ivOf(112),
    accessToken: '',
    clientInfo: clientInfo('ios', true, 'zhongduoduo'),
  },
  {
    name: 'bank card binding from Android with a session and a 32-character key id',
    keyId: 'key_2026-11_rotation-B_0123456789'.slice(0, 32),
    platform: 'android',
    ephemeralLabel: 'TYD-ENV-1 test vector ephemeral 3',
    context: { method: 'POST', path: '/tydApi/v1/user/bind-bankcard', timestamp: '1763740899999', nonce: nonceOf(2) },
    payload: { cardNo: '6222020200112233445', mobile: '13912345678', amount: 12345.6, tags: ['a', 'b', null], nested: { ok: true } },
    requestIv: ivOf(24),
    response: { code: '406', subcode: '4002', msg: '操作过于频繁，请稍后再试', submsg: '请求已失效，请重试', data: { retryAfterSeconds: 60 } },
    responseIv: ivOf(124),
    accessToken: 'at_fedcba9876543210',
    clientInfo: clientInfo('android', true, 'planner'),
  },
];

// ---------- build and cross-check ----------

const failures: string[] = [];
function check(condition: boolean, what: string): void {
  if (!condition) failures.push(what);
}

async function libraryRequestReason(data: string, context: RequestContext, keyring: Record<string, CryptoKey>): Promise<string> {
  try {
    await openRequest({ data, context, privateKeyFor: (kid) => keyring[kid] });
    return 'opens';
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}

async function libraryResponseReason(data: string, context: RequestContext, key: CryptoKey): Promise<string> {
  try {
    await openResponse({ responseKey: key, context, data });
    return 'opens';
  } catch (error) {
    return (error as { reason?: string }).reason ?? String(error);
  }
}

async function build(): Promise<{ envelope: EnvelopeVectorFile; signing: SigningVectorFile }> {
  const libraryServers = {
    main: await importServerPrivateKey(b64url(servers.main.pkcs8)),
    other: await importServerPrivateKey(b64url(servers.other.pkcs8)),
  };
  const vectors: EnvelopeVector[] = [];
  const signingVectors: SigningVector[] = [];
  const clientResponseKeys: CryptoKey[] = [];
  const refResponseKeys: Buffer[] = [];

  for (const input of inputs) {
    const context: RequestContext = { ...input.context, appId: APP_IDS[input.platform] };
    const server = servers.main;
    const eph = fixedKey(input.ephemeralLabel);
    const plaintext = JSON.stringify(input.payload);
    const shared = ecdhShared(eph.scalar, server.point);
    const requestKey = hkdf(shared, eph.point, 'TYD-ENV-1 request');
    const responseKey = hkdf(shared, eph.point, 'TYD-ENV-1 response');
    const aad = refRequestAad(context, input.keyId);
    const sealed = gcmSeal(requestKey, input.requestIv, aad, plaintext);
    const kid = Buffer.from(input.keyId, 'latin1');
    const blob = Buffer.concat([Buffer.from([1, kid.length]), kid, eph.point, input.requestIv, sealed]);
    const requestData = blob.toString('base64');
    const responsePlaintext = JSON.stringify(input.response);
    const respAad = refResponseAad(context);
    const responseSealed = gcmSeal(responseKey, input.responseIv, respAad, responsePlaintext);
    const responseBlob = Buffer.concat([Buffer.from([1]), input.responseIv, responseSealed]);
    refResponseKeys.push(responseKey);

    // The library must reproduce the reference exactly.
    const sealedByLibrary = await sealRequest({
      serverPublicKey: b64url(server.point),
      keyId: input.keyId,
      context,
      payload: input.payload,
      ephemeralPrivateKey: b64url(eph.pkcs8),
      iv: input.requestIv,
    });
    clientResponseKeys.push(sealedByLibrary.responseKey);
    check(sealedByLibrary.data === requestData, `${input.name}: sealRequest differs from the reference`);
    check(requestAad(context, input.keyId) === aad, `${input.name}: requestAad differs`);
    check(responseAad(context) === respAad, `${input.name}: responseAad differs`);
    const opened = await openRequest({ data: requestData, context, privateKeyFor: (k) => (k === input.keyId ? libraryServers.main : undefined) });
    check(JSON.stringify(opened.payload) === plaintext, `${input.name}: openRequest payload differs`);
    const responseData = responseBlob.toString('base64');
    check(
      (await sealResponse({ responseKey: opened.responseKey, context, body: input.response, iv: input.responseIv })) === responseData,
      `${input.name}: sealResponse differs from the reference`,
    );
    check(
      JSON.stringify(await openResponse({ responseKey: sealedByLibrary.responseKey, context, data: responseData })) === responsePlaintext,
      `${input.name}: openResponse differs`,
    );

    const epkStart = 2 + kid.length;
    const ivStart = epkStart + 65;
    const sealedStart = ivStart + 12;
    const keyring = { [input.keyId]: server };
    const requestRegions: Array<[string, number, number]> = [
      ['suite', 0, 0],
      ['key id length', 1, 1],
      ['key id', 2, epkStart - 1],
      ['ephemeral point prefix', epkStart, epkStart],
      ['ephemeral point x', epkStart + 1, epkStart + 32],
      ['ephemeral point y', epkStart + 33, ivStart - 1],
      ['iv', ivStart, sealedStart - 1],
      ['ciphertext', sealedStart, blob.length - 17],
      ['tag', blob.length - 16, blob.length - 1],
    ];
    const otherKid = `${input.keyId.slice(0, -1)}${input.keyId.endsWith('Z') ? 'Y' : 'Z'}`;
    const requestTampers: EnvelopeTamper[] = [
      ...flipRanges(blob, 0x01, requestRegions, (b) => refOpenRequest(b, context, keyring)),
      ...flipRanges(blob, 0x80, requestRegions, (b) => refOpenRequest(b, context, keyring)),
      { name: 'suite byte 0x00', reason: 'unknown-suite', mutate: { op: 'set', offset: 0, hex: '00' } },
      { name: 'suite byte 0x02 (a future suite)', reason: 'unknown-suite', mutate: { op: 'set', offset: 0, hex: '02' } },
      { name: 'key id length 0', reason: 'malformed', mutate: { op: 'set', offset: 1, hex: '00' } },
      { name: 'key id length 33', reason: 'malformed', mutate: { op: 'set', offset: 1, hex: '21' } },
      { name: 'compressed ephemeral point prefix 0x02', reason: 'malformed', mutate: { op: 'set', offset: epkStart, hex: '02' } },
      { name: 'ephemeral point x = 0 (not on the curve)', reason: 'malformed', mutate: { op: 'set', offset: epkStart + 1, hex: '00'.repeat(32) } },
      { name: 'truncated to 0 bytes', reason: 'malformed', mutate: { op: 'truncate', length: 0 } },
      { name: 'truncated to the suite byte', reason: 'malformed', mutate: { op: 'truncate', length: 1 } },
      { name: 'truncated after the key id', reason: 'malformed', mutate: { op: 'truncate', length: epkStart } },
      { name: 'truncated after the ephemeral point', reason: 'malformed', mutate: { op: 'truncate', length: ivStart } },
      { name: 'truncated after the iv', reason: 'malformed', mutate: { op: 'truncate', length: sealedStart } },
      { name: 'truncated one byte short of a tag', reason: 'malformed', mutate: { op: 'truncate', length: sealedStart + 15 } },
      { name: 'truncated by one byte', reason: 'decrypt-failed', mutate: { op: 'truncate', length: blob.length - 1 } },
      { name: 'one byte appended', reason: 'decrypt-failed', mutate: { op: 'append', hex: '00' } },
      { name: 'unknown key id (rotated out)', reason: 'unknown-key', keyring: {} },
      { name: 'wrong server private key for the key id', reason: 'decrypt-failed', keyring: { [input.keyId]: 'other' } },
      {
        name: 'key id rewritten to another known id with the same key (the AAD binds the id)',
        reason: 'decrypt-failed',
        mutate: { op: 'set', offset: 2, hex: Buffer.from(otherKid, 'latin1').toString('hex') },
        keyring: { [input.keyId]: 'main', [otherKid]: 'main' },
      },
      { name: 'AAD method changed', reason: 'decrypt-failed', context: { method: 'PUT' } },
      { name: 'AAD path changed', reason: 'decrypt-failed', context: { path: '/tydApi/v1/user/logout' } },
      { name: 'AAD timestamp changed', reason: 'decrypt-failed', context: { timestamp: String(BigInt(context.timestamp) + 1n) } },
      { name: 'AAD app id changed', reason: 'decrypt-failed', context: { appId: context.appId === 'tyd-h5' ? 'tyd-ios' : 'tyd-h5' } },
      { name: 'AAD nonce changed', reason: 'decrypt-failed', context: { nonce: nonceOf(200) } },
      ...base64Tampers(requestData),
    ];
    for (const t of requestTampers) {
      const ctx = { ...context, ...t.context } as RequestContext;
      const names = t.keyring ?? { [input.keyId]: 'main' };
      const refRing = Object.fromEntries(Object.entries(names).map(([k, s]) => [k, servers[s as keyof typeof servers]]));
      const libRing = Object.fromEntries(Object.entries(names).map(([k, s]) => [k, libraryServers[s as keyof typeof servers]]));
      const datas = t.data !== undefined ? [t.data] : mutations(blob, t.mutate ?? { op: 'append', hex: '' }).map((b) => b.toString('base64'));
      for (const [i, d] of datas.entries()) {
        if (t.data === undefined)
          check(refOpenRequest(Buffer.from(d, 'base64'), ctx, refRing) === t.reason, `${input.name}: reference disagrees on "${t.name}" #${i}`);
        check((await libraryRequestReason(d, ctx, libRing)) === t.reason, `${input.name}: library disagrees on "${t.name}" #${i}`);
      }
    }

    const responseRegions: Array<[string, number, number]> = [
      ['suite', 0, 0],
      ['iv', 1, 12],
      ['ciphertext', 13, responseBlob.length - 17],
      ['tag', responseBlob.length - 16, responseBlob.length - 1],
    ];
    const responseTampers: EnvelopeTamper[] = [
      ...flipRanges(responseBlob, 0x01, responseRegions, (b) => refOpenResponse(b, context, responseKey)),
      ...flipRanges(responseBlob, 0x80, responseRegions, (b) => refOpenResponse(b, context, responseKey)),
      { name: 'suite byte 0x02 (a future suite)', reason: 'unknown-suite', mutate: { op: 'set', offset: 0, hex: '02' } },
      { name: 'truncated to 0 bytes', reason: 'malformed', mutate: { op: 'truncate', length: 0 } },
      { name: 'truncated one byte short of iv and tag', reason: 'malformed', mutate: { op: 'truncate', length: 28 } },
      { name: 'truncated by one byte', reason: 'decrypt-failed', mutate: { op: 'truncate', length: responseBlob.length - 1 } },
      { name: 'one byte appended', reason: 'decrypt-failed', mutate: { op: 'append', hex: '00' } },
      { name: 'AAD path changed', reason: 'decrypt-failed', context: { path: '/tydApi/v1/user/logout' } },
      { name: 'AAD timestamp changed', reason: 'decrypt-failed', context: { timestamp: String(BigInt(context.timestamp) + 1n) } },
      { name: 'AAD nonce changed', reason: 'decrypt-failed', context: { nonce: nonceOf(200) } },
      ...base64Tampers(responseData),
    ];
    for (const t of responseTampers) {
      const ctx = { ...context, ...t.context } as RequestContext;
      const datas = t.data !== undefined ? [t.data] : mutations(responseBlob, t.mutate ?? { op: 'append', hex: '' }).map((b) => b.toString('base64'));
      for (const [i, d] of datas.entries()) {
        if (t.data === undefined)
          check(refOpenResponse(Buffer.from(d, 'base64'), ctx, responseKey) === t.reason, `${input.name}: reference disagrees on response "${t.name}" #${i}`);
        check(
          (await libraryResponseReason(d, ctx, sealedByLibrary.responseKey)) === t.reason,
          `${input.name}: library disagrees on response "${t.name}" #${i}`,
        );
      }
    }

    vectors.push({
      name: input.name,
      server: 'main',
      keyId: input.keyId,
      ephemeralPrivateKey: b64url(eph.pkcs8),
      ephemeralPrivateScalarHex: hex(eph.scalar),
      ephemeralPublicKey: b64url(eph.point),
      context,
      payload: input.payload,
      requestPlaintext: plaintext,
      sharedSecretHex: hex(shared),
      requestKeyHex: hex(requestKey),
      responseKeyHex: hex(responseKey),
      requestAad: aad,
      requestIvHex: hex(input.requestIv),
      requestSealedHex: hex(sealed),
      requestData,
      response: {
        body: input.response,
        plaintext: responsePlaintext,
        aad: respAad,
        ivHex: hex(input.responseIv),
        sealedHex: hex(responseSealed),
        data: responseData,
      },
      requestTampers,
      responseTampers,
    });

    // Signing over the same request.
    const secret = secrets[input.platform];
    const fields: SignFields = {
      path: context.path,
      protocolVersion: PROTOCOL_VERSION,
      appId: context.appId,
      timestamp: context.timestamp,
      nonce: context.nonce,
      accessToken: input.accessToken,
      clientInfo: input.clientInfo,
      clientVersion: CLIENT_VERSION,
      data: requestData,
    };
    const dataSha256Hex = hex(sha256(Buffer.from(requestData, 'utf8')));
    const canonical = [
      'TYD-HMAC-SHA256',
      fields.path,
      fields.protocolVersion,
      fields.appId,
      fields.timestamp,
      fields.nonce,
      input.accessToken,
      fields.clientInfo,
      fields.clientVersion,
      dataSha256Hex,
    ].join('\n');
    const signature = createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonical, 'utf8').digest('base64url');
    check((await canonicalSignString(fields)) === canonical, `${input.name}: canonicalSignString differs`);
    check((await signRequest(secret, fields)) === signature, `${input.name}: signRequest differs`);
    const flippedFirst = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const tampers: SigningVector['tampers'] = [
      { name: 'path changed', fields: { path: '/tydApi/v1/user/logout' } },
      { name: 'protocol version changed', fields: { protocolVersion: '1.0' } },
      { name: 'app id changed', fields: { appId: context.appId === 'tyd-h5' ? 'tyd-ios' : 'tyd-h5' } },
      { name: 'timestamp changed', fields: { timestamp: String(BigInt(context.timestamp) + 1n) } },
      { name: 'nonce changed', fields: { nonce: nonceOf(200) } },
      { name: 'access token changed', fields: { accessToken: input.accessToken === '' ? 'at_0123456789abcdef' : '' } },
      { name: 'client info changed', fields: { clientInfo: clientInfo('other', false, null) } },
      { name: 'client version changed', fields: { clientVersion: '4.0.0' } },
      { name: 'data changed', fields: { data: base64Tampers(requestData)[1]!.data! } },
      { name: 'first signature character changed', signature: flippedFirst },
      { name: 'signature truncated', signature: signature.slice(0, -1) },
      { name: 'signature with padding', signature: `${signature}=` },
      { name: 'another platform secret', secret: secrets[input.platform === 'web' ? 'ios' : 'web'] },
    ];
    const standardAlphabet = Buffer.from(signature, 'base64url').toString('base64').replace(/=+$/, '');
    if (standardAlphabet !== signature) tampers.push({ name: 'standard base64 alphabet', signature: standardAlphabet });
    check(await verifyRequestSignature(secret, fields, signature), `${input.name}: signature does not verify`);
    for (const t of tampers) {
      const tf = { ...fields, ...t.fields };
      const refCanonical = [
        'TYD-HMAC-SHA256',
        tf.path,
        tf.protocolVersion,
        tf.appId,
        tf.timestamp,
        tf.nonce,
        tf.accessToken ?? '',
        tf.clientInfo,
        tf.clientVersion,
        hex(sha256(Buffer.from(tf.data, 'utf8'))),
      ].join('\n');
      const refSig = createHmac('sha256', Buffer.from(t.secret ?? secret, 'utf8'))
        .update(refCanonical, 'utf8')
        .digest('base64url');
      check(refSig !== (t.signature ?? signature), `${input.name}: signing tamper "${t.name}" still matches in the reference`);
      check(!(await verifyRequestSignature(t.secret ?? secret, tf, t.signature ?? signature)), `${input.name}: signing tamper "${t.name}" verifies`);
    }
    signingVectors.push({ name: input.name, secret, fields, dataSha256Hex, canonical, signature, tampers });
  }

  // Cross-vector: a response opened with another request's response key fails.
  for (const [i, v] of vectors.entries()) {
    const j = (i + 1) % vectors.length;
    v.responseTampers.push({ name: `response key of vector ${j}`, reason: 'decrypt-failed', responseKeyOf: j });
    check(
      refOpenResponse(Buffer.from(v.response.data, 'base64'), v.context, refResponseKeys[j]!) === 'decrypt-failed',
      `${v.name}: reference opens with vector ${j}'s key`,
    );
    check(
      (await libraryResponseReason(v.response.data, v.context, clientResponseKeys[j]!)) === 'decrypt-failed',
      `${v.name}: library opens with vector ${j}'s key`,
    );
  }

  const envelope: EnvelopeVectorFile = {
    description:
      'Suite 1 (P256-HKDF-SHA256-A256GCM) test vectors, generated by packages/protocol/scripts/generate-vectors.ts with node:crypto and cross-checked against the library. Hex strings are bytes; data strings are standard base64 with padding; keys are base64url without padding. Every tamper must be rejected with its reason. Flip mutations apply to each offset from..to separately.',
    suite: 'P256-HKDF-SHA256-A256GCM',
    servers: Object.fromEntries(
      (Object.keys(servers) as Array<keyof typeof servers>).map((name) => [
        name,
        {
          keyId: serverKeyIds[name],
          publicKey: b64url(servers[name].point),
          privateKey: b64url(servers[name].pkcs8),
          privateScalarHex: hex(servers[name].scalar),
        },
      ]),
    ),
    vectors,
  };
  const signing: SigningVectorFile = {
    description:
      'x-sign test vectors over the requests of envelope.json, generated by packages/protocol/scripts/generate-vectors.ts with node:crypto. Every tamper must verify false.',
    vectors: signingVectors,
  };
  return { envelope, signing };
}

const { envelope, signing } = await build();
if (failures.length > 0) {
  process.stderr.write(`cross-check failed:\n${failures.join('\n')}\n`);
  process.exit(1);
}
const files: Array<[string, unknown]> = [
  ['envelope.json', envelope],
  ['signing.json', signing],
];
const write = process.argv.includes('--write');
let stale = false;
for (const [name, content] of files) {
  const path = resolve(VECTORS_DIR, name);
  const text = `${JSON.stringify(content, null, 2)}\n`;
  if (write) {
    writeFileSync(path, text);
    process.stdout.write(`wrote ${path}\n`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      // missing: reported as stale below
    }
    if (committed !== text) {
      stale = true;
      process.stderr.write(`${name} differs from what the generator produces; rerun with --write if that is intended\n`);
    }
  }
}
process.exit(stale ? 1 : 0);
