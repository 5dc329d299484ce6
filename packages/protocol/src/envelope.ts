// The request/response envelope, suite 1 = "P256-HKDF-SHA256-A256GCM" (contract "Envelope"; SPEC §7 body {data}).
// The client encrypts to a static server key with a fresh ephemeral key (ECDH P-256, RFC 5869 HKDF-SHA256,
// AES-256-GCM per NIST SP 800-38D), so nothing shipped in the JS bundle can decrypt a captured request.
// Only WebCrypto is used: no home-made primitives (STYLE.md "Boundaries"). The byte layout, AAD and
// refusals are envelope-layout.ts, shared with the server's node:crypto implementation; this file supplies
// the WebCrypto primitives and the key handling.
import { fromBase64Url, toBase64Url } from './base64.js';
import { isBytes } from './bytes.js';
import { isApiResponse, type ApiResponse } from './codes.js';
import {
  ENVELOPE_FAILURES,
  ENVELOPE_SIZES,
  HKDF_INFO,
  buildRequestBlob,
  buildResponseBlob,
  checkContext,
  checkKeyId,
  isRecord,
  parsePlaintext,
  parseRequestBlob,
  parseResponseBlob,
  requestAad,
  responseAad,
  type RequestContext,
} from './envelope-layout.js';
import { EnvelopeError, ProtocolTypeError } from './errors.js';
import { randomBytes } from './random.js';
import { utf8Encode } from './utf8.js';
import { subtle } from './webcrypto.js';

const EC_P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const REQUEST_INFO = utf8Encode(HKDF_INFO.request);
const RESPONSE_INFO = utf8Encode(HKDF_INFO.response);
const { point: POINT, iv: IV } = ENVELOPE_SIZES;

// Shape, not instanceof: test DOMs (happy-dom, jsdom) may install a CryptoKey global that is not the class
// the platform's subtle returns. WebCrypto itself still refuses anything that is not a real key.
function isCryptoKey(value: unknown): value is CryptoKey {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Partial<CryptoKey>;
  return (
    (key.type === 'public' || key.type === 'private' || key.type === 'secret') &&
    typeof key.algorithm?.name === 'string' &&
    Array.isArray(key.usages) &&
    typeof key.extractable === 'boolean'
  );
}

function isEcP256Key(key: CryptoKey, type: KeyType): boolean {
  const algorithm = key.algorithm as EcKeyAlgorithm;
  return key.type === type && algorithm.name === 'ECDH' && algorithm.namedCurve === 'P-256';
}

function checkIv(value: unknown, argument: string): Uint8Array<ArrayBuffer> {
  if (!isBytes(value) || value.length !== IV) throw new ProtocolTypeError(argument, 'expected a 12-byte Uint8Array');
  return new Uint8Array(value); // a copy: the caller cannot change it under us
}

function checkAesKey(value: unknown, argument: string, usage: KeyUsage): CryptoKey {
  if (!isCryptoKey(value) || value.algorithm.name !== 'AES-GCM' || !value.usages.includes(usage)) {
    throw new ProtocolTypeError(argument, `expected the AES-GCM responseKey CryptoKey (usage ${usage})`);
  }
  return value;
}

function pointFromBytes(bytes: Uint8Array, argument: string): Uint8Array<ArrayBuffer> {
  if (bytes.length !== POINT || bytes[0] !== 0x04) {
    throw new ProtocolTypeError(argument, 'expected a 65-byte uncompressed P-256 point');
  }
  return new Uint8Array(bytes);
}

/** A new static server key pair: public = base64url raw point (65 bytes), private = base64url PKCS#8 DER. */
export async function generateServerKeyPair(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await subtle().generateKey(EC_P256, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle().exportKey('raw', pair.publicKey));
  const privateKey = new Uint8Array(await subtle().exportKey('pkcs8', pair.privateKey));
  return { publicKey: toBase64Url(publicKey), privateKey: toBase64Url(privateKey) };
}

/** Imports a server public key from its wire form (base64url of the 65-byte uncompressed point). */
export async function importServerPublicKey(publicKey: string): Promise<CryptoKey> {
  const point = pointFromBytes(fromBase64Url(publicKey, 'publicKey'), 'publicKey');
  try {
    return await subtle().importKey('raw', point, EC_P256, true, []);
  } catch {
    throw new ProtocolTypeError('publicKey', 'not a point on P-256');
  }
}

/** Imports a server private key from base64url PKCS#8 DER (non-extractable, deriveBits only). */
export async function importServerPrivateKey(privateKey: string): Promise<CryptoKey> {
  const der = fromBase64Url(privateKey, 'privateKey');
  try {
    return await subtle().importKey('pkcs8', der, EC_P256, false, ['deriveBits']);
  } catch {
    throw new ProtocolTypeError('privateKey', 'not a PKCS#8 P-256 private key');
  }
}

interface Ephemeral {
  privateKey: CryptoKey;
  point: Uint8Array<ArrayBuffer>;
}

async function freshEphemeral(): Promise<Ephemeral> {
  // Non-extractable private half: it lives for one request only.
  const pair = (await subtle().generateKey(EC_P256, false, ['deriveBits'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, point: new Uint8Array(await subtle().exportKey('raw', pair.publicKey)) };
}

// Test vectors only: a fixed ephemeral key makes sealRequest deterministic. WebCrypto cannot derive
// a public key from a private one directly, so the JWK export's x and y rebuild the point (SEC 1 §2.3.3).
async function importEphemeral(pkcs8: unknown): Promise<Ephemeral> {
  if (typeof pkcs8 !== 'string') throw new ProtocolTypeError('ephemeralPrivateKey', 'expected base64url PKCS#8');
  const der = fromBase64Url(pkcs8, 'ephemeralPrivateKey');
  let privateKey: CryptoKey;
  try {
    privateKey = await subtle().importKey('pkcs8', der, EC_P256, true, ['deriveBits']);
  } catch {
    throw new ProtocolTypeError('ephemeralPrivateKey', 'not a PKCS#8 P-256 private key');
  }
  const jwk = await subtle().exportKey('jwk', privateKey);
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new ProtocolTypeError('ephemeralPrivateKey', 'the key carries no public point');
  }
  const x = fromBase64Url(jwk.x, 'ephemeralPrivateKey.x');
  const y = fromBase64Url(jwk.y, 'ephemeralPrivateKey.y');
  if (x.length !== 32 || y.length !== 32) throw new ProtocolTypeError('ephemeralPrivateKey', 'unexpected coordinate size');
  const point = new Uint8Array(POINT);
  point.set([0x04]);
  point.set(x, 1);
  point.set(y, 33);
  return { privateKey, point };
}

async function resolveServerPublicKey(value: unknown): Promise<CryptoKey> {
  if (typeof value === 'string') return importServerPublicKey(value);
  if (isCryptoKey(value) && isEcP256Key(value, 'public')) return value;
  throw new ProtocolTypeError('serverPublicKey', 'expected a P-256 ECDH public CryptoKey or its base64url raw point');
}

/** RFC 5869 HKDF-SHA256 with salt = the ephemeral point: one key per direction. */
async function deriveKeys(shared: ArrayBuffer, epk: Uint8Array<ArrayBuffer>): Promise<{ requestKey: CryptoKey; responseKey: CryptoKey }> {
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const derive = (info: Uint8Array<ArrayBuffer>) =>
    subtle().deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: epk, info }, ikm, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const [requestKey, responseKey] = await Promise.all([derive(REQUEST_INFO), derive(RESPONSE_INFO)]);
  return { requestKey, responseKey };
}

function serializeJson(value: unknown, argument: string): Uint8Array<ArrayBuffer> {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    throw new ProtocolTypeError(argument, 'not JSON-serialisable');
  }
  if (json === undefined) throw new ProtocolTypeError(argument, 'not JSON-serialisable');
  return utf8Encode(json);
}

async function aesGcm(
  operation: 'encrypt' | 'decrypt',
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  aad: string,
  input: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const params: AesGcmParams = { name: 'AES-GCM', iv, additionalData: utf8Encode(aad), tagLength: 128 };
  if (operation === 'encrypt') return new Uint8Array(await subtle().encrypt(params, key, input));
  try {
    return new Uint8Array(await subtle().decrypt(params, key, input));
  } catch {
    throw ENVELOPE_FAILURES.authenticationFailed();
  }
}

export interface SealRequestOptions {
  serverPublicKey: CryptoKey | string;
  keyId: string;
  context: RequestContext;
  /** JSON payload; undefined means '{}'. */
  payload: unknown;
  /** Test vectors only: base64url PKCS#8 of a fixed ephemeral key. */
  ephemeralPrivateKey?: string;
  /** Test vectors only: a fixed 12-byte IV. */
  iv?: Uint8Array;
}

/**
 * Client side: encrypts `payload` for the server key `keyId`.
 * Returns the body's `data` string and the key that will open the response.
 */
export async function sealRequest(opts: SealRequestOptions): Promise<{ data: string; responseKey: CryptoKey }> {
  if (!isRecord(opts)) throw new ProtocolTypeError('opts', 'expected an object');
  const serverKey = await resolveServerPublicKey(opts.serverPublicKey);
  const keyId = checkKeyId(opts.keyId, 'keyId');
  const context = checkContext(opts.context);
  const plaintext = opts.payload === undefined ? utf8Encode('{}') : serializeJson(opts.payload, 'payload');
  const iv = opts.iv === undefined ? randomBytes(IV) : checkIv(opts.iv, 'iv');
  const ephemeral = opts.ephemeralPrivateKey === undefined ? await freshEphemeral() : await importEphemeral(opts.ephemeralPrivateKey);

  const shared = await subtle().deriveBits({ name: 'ECDH', public: serverKey }, ephemeral.privateKey, 256);
  const { requestKey, responseKey } = await deriveKeys(shared, ephemeral.point);
  const sealed = await aesGcm('encrypt', requestKey, iv, requestAad(context, keyId), plaintext);
  return { data: buildRequestBlob({ keyId, ephemeralPoint: ephemeral.point, iv, sealed }), responseKey };
}

export interface OpenRequestOptions {
  data: string;
  context: RequestContext;
  /** The server's private key for a key id, or undefined when the id is unknown (rotated out). */
  privateKeyFor: (kid: string) => CryptoKey | undefined | Promise<CryptoKey | undefined>;
}

/**
 * Server side: checks the layout, finds the key, authenticates and decrypts.
 * Throws EnvelopeError: malformed (layout, base64, point, plaintext), unknown-suite, unknown-key, decrypt-failed.
 */
export async function openRequest(opts: OpenRequestOptions): Promise<{ payload: unknown; keyId: string; responseKey: CryptoKey }> {
  if (!isRecord(opts)) throw new ProtocolTypeError('opts', 'expected an object');
  if (typeof opts.data !== 'string') throw new ProtocolTypeError('data', 'expected a string');
  const context = checkContext(opts.context);
  if (typeof opts.privateKeyFor !== 'function') throw new ProtocolTypeError('privateKeyFor', 'expected a function');

  const { keyId, ephemeralPoint, iv, sealed } = parseRequestBlob(opts.data);
  let epkKey: CryptoKey;
  try {
    epkKey = await subtle().importKey('raw', ephemeralPoint, EC_P256, false, []);
  } catch {
    throw ENVELOPE_FAILURES.pointNotOnCurve();
  }

  const privateKey = await opts.privateKeyFor(keyId);
  if (privateKey === undefined) throw ENVELOPE_FAILURES.unknownKey(keyId);
  if (!isCryptoKey(privateKey) || !isEcP256Key(privateKey, 'private') || !privateKey.usages.includes('deriveBits')) {
    throw new ProtocolTypeError('privateKeyFor', 'expected a P-256 ECDH private CryptoKey with deriveBits, or undefined');
  }

  const shared = await subtle().deriveBits({ name: 'ECDH', public: epkKey }, privateKey, 256);
  const { requestKey, responseKey } = await deriveKeys(shared, ephemeralPoint);
  const plaintext = await aesGcm('decrypt', requestKey, iv, requestAad(context, keyId), sealed);
  return { payload: parsePlaintext(plaintext), keyId, responseKey };
}

export interface SealResponseOptions {
  responseKey: CryptoKey;
  context: RequestContext;
  body: ApiResponse;
  /** Test vectors only: a fixed 12-byte IV. */
  iv?: Uint8Array;
}

/** Server side: encrypts the whole ApiResponse with the request's responseKey. Returns the body's `data`. */
export async function sealResponse(opts: SealResponseOptions): Promise<string> {
  if (!isRecord(opts)) throw new ProtocolTypeError('opts', 'expected an object');
  const responseKey = checkAesKey(opts.responseKey, 'responseKey', 'encrypt');
  const context = checkContext(opts.context);
  if (!isApiResponse(opts.body)) throw new ProtocolTypeError('body', 'expected an ApiResponse {code, msg, subcode?, submsg?, data?}');
  const plaintext = serializeJson(opts.body, 'body');
  const iv = opts.iv === undefined ? randomBytes(IV) : checkIv(opts.iv, 'iv');
  const sealed = await aesGcm('encrypt', responseKey, iv, responseAad(context), plaintext);
  return buildResponseBlob({ iv, sealed });
}

export interface OpenResponseOptions {
  responseKey: CryptoKey;
  context: RequestContext;
  data: string;
}

/**
 * Client side: authenticates and decrypts a response `data`. Returns the parsed JSON, which the caller
 * still checks with isApiResponse (SPEC §5: no code field means an invalid format).
 */
export async function openResponse(opts: OpenResponseOptions): Promise<unknown> {
  if (!isRecord(opts)) throw new ProtocolTypeError('opts', 'expected an object');
  const responseKey = checkAesKey(opts.responseKey, 'responseKey', 'decrypt');
  const context = checkContext(opts.context);
  if (typeof opts.data !== 'string') throw new ProtocolTypeError('data', 'expected a string');
  const { iv, sealed } = parseResponseBlob(opts.data);
  const plaintext = await aesGcm('decrypt', responseKey, iv, responseAad(context), sealed);
  return parsePlaintext(plaintext);
}

/**
 * Server side: the sealed request body must be exactly {"data": "<base64>"} (contract, SPEC §7).
 * Returns `data`; anything else is EnvelopeError 'malformed' (subcode 4005).
 */
export function readSealedBody(body: unknown): string {
  if (!isRecord(body) || typeof body.data !== 'string' || Object.keys(body).length !== 1) {
    throw new EnvelopeError('malformed', 'body is not {"data": string}');
  }
  return body.data;
}

export type ResponseBody = { kind: 'plain'; response: ApiResponse } | { kind: 'sealed'; data: string } | { kind: 'invalid' };

/**
 * Client side, the contract's rule: a body with a `code` field is a plaintext ApiResponse (errors found before
 * decryption); else a string `data` is a sealed response; anything else is an invalid format (SPEC §5).
 */
export function classifyResponseBody(body: unknown): ResponseBody {
  if (!isRecord(body)) return { kind: 'invalid' };
  if ('code' in body) return isApiResponse(body) ? { kind: 'plain', response: body } : { kind: 'invalid' };
  if (typeof body.data === 'string') return { kind: 'sealed', data: body.data };
  return { kind: 'invalid' };
}
