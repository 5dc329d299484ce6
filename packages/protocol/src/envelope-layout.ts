// The byte layout of envelope suite 1 (docs/protocol.md §5 and §6), with no crypto and no I/O: strict
// base64, the blob's offsets, key ids, the AAD strings, the HKDF info strings and the reasons a blob is
// refused. Both implementations of the suite build on it, @tyd/protocol's WebCrypto one (envelope.ts) and
// the server's node:crypto one (apps/server/src/crypto/node-envelope.ts); each supplies only the
// primitives (point check, ECDH, HKDF, AES-GCM), so the two cannot drift apart on the wire
// (docs/architecture.md "Two implementations of suite 1, one wire format").
import { fromBase64, toBase64 } from './base64.js';
import { EnvelopeError } from './errors.js';
import { ProtocolTypeError } from './protocol-type-error.js';
import { isNonce } from './random.js';
import { utf8Decode } from './utf8.js';

/** Suite byte of "P256-HKDF-SHA256-A256GCM"; a second suite (e.g. SM2/SM3/SM4) would take another byte. */
export const SUITE_P256_HKDF_SHA256_A256GCM = 0x01;
export const SUITE_NAME = 'P256-HKDF-SHA256-A256GCM';

/** Byte sizes of the suite-1 layout. */
export const ENVELOPE_SIZES = { point: 65, iv: 12, tag: 16, keyIdMax: 32 } as const;

/** Key ids: 1..32 characters of [A-Za-z0-9_-]. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** RFC 5869 `info` of the two HKDF-SHA256 outputs (salt = the ephemeral point): one AES key per direction. */
export const HKDF_INFO = { request: 'TYD-ENV-1 request', response: 'TYD-ENV-1 response' } as const;

/** Binds the envelope to one HTTP request; every field is the exact header or request-line value. */
export interface RequestContext {
  method: 'POST';
  path: string;
  timestamp: string;
  appId: string;
  nonce: string;
}

/** A request blob taken apart; every field is a view into the decoded bytes. */
export interface RequestBlob {
  keyId: string;
  /** The client's ephemeral public key, `0x04 X Y`; not yet checked to be on the curve. */
  ephemeralPoint: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  /** AES-GCM ciphertext followed by its 16-byte tag (WebCrypto's form; see splitTag for OpenSSL's). */
  sealed: Uint8Array<ArrayBuffer>;
}

/** A response blob taken apart. */
export interface ResponseBlob {
  iv: Uint8Array<ArrayBuffer>;
  sealed: Uint8Array<ArrayBuffer>;
}

/**
 * The refusals the primitives decide, with the same reason and log text in both implementations; the
 * layout's own refusals are thrown by the parsers below.
 */
export const ENVELOPE_FAILURES = {
  pointNotOnCurve: () => new EnvelopeError('malformed', 'ephemeral key is not a point on P-256'),
  unknownKey: (keyId: string) => new EnvelopeError('unknown-key', `no key ${keyId}`),
  authenticationFailed: () => new EnvelopeError('decrypt-failed', 'authentication failed'),
} as const;

const METHOD_PATTERN = /^[A-Z]{1,16}$/;
// Printable ASCII without space: no "\n" can reach the AAD, so its lines cannot be shifted.
const PATH_PATTERN = /^\/[\x21-\x7e]{0,2047}$/;
const TIMESTAMP_PATTERN = /^(0|[1-9][0-9]{0,15})$/;
const APP_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const { point: POINT, iv: IV, tag: TAG, keyIdMax: KEY_ID_MAX } = ENVELOPE_SIZES;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkPattern(value: unknown, pattern: RegExp, argument: string, expected: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new ProtocolTypeError(argument, expected);
  return value;
}

/** Checks a caller's RequestContext (ProtocolTypeError: a programming error, not a network input). */
export function checkContext(value: unknown): RequestContext {
  if (!isRecord(value)) throw new ProtocolTypeError('context', 'expected an object');
  const method = checkPattern(value.method, METHOD_PATTERN, 'context.method', "expected an HTTP method such as 'POST'");
  const path = checkPattern(value.path, PATH_PATTERN, 'context.path', "expected a path starting with '/' of printable ASCII");
  const timestamp = checkPattern(value.timestamp, TIMESTAMP_PATTERN, 'context.timestamp', 'expected decimal milliseconds');
  const appId = checkPattern(value.appId, APP_ID_PATTERN, 'context.appId', 'expected an app id of [A-Za-z0-9_.-]{1,64}');
  if (!isNonce(value.nonce)) throw new ProtocolTypeError('context.nonce', 'expected 16 bytes as base64url (22 characters)');
  return { method: method as 'POST', path, timestamp, appId, nonce: value.nonce };
}

export function checkKeyId(value: unknown, argument: string): string {
  return checkPattern(value, KEY_ID_PATTERN, argument, 'expected a key id of [A-Za-z0-9_-]{1,32}');
}

/** The request AAD as a string (its UTF-8 bytes are the AAD). */
export function requestAad(context: RequestContext, keyId: string): string {
  const c = checkContext(context);
  const kid = checkKeyId(keyId, 'keyId');
  return ['TYD-ENV-1', c.method, c.path, c.timestamp, c.appId, c.nonce, kid].join('\n');
}

/** The response AAD as a string (its UTF-8 bytes are the AAD). */
export function responseAad(context: RequestContext): string {
  const c = checkContext(context);
  return ['TYD-ENV-1 response', c.path, c.timestamp, c.nonce].join('\n');
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function decodeBlob(data: string): Uint8Array<ArrayBuffer> {
  let blob: Uint8Array<ArrayBuffer>;
  try {
    blob = fromBase64(data, 'data');
  } catch {
    throw new EnvelopeError('malformed', 'data is not strict base64 (RFC 4648 §4, padded)');
  }
  if (blob.length === 0) throw new EnvelopeError('malformed', 'empty blob');
  // The suite byte decides the rest of the layout, so it is judged first.
  if (blob[0] !== SUITE_P256_HKDF_SHA256_A256GCM) throw new EnvelopeError('unknown-suite', `suite ${blob[0]}`);
  return blob;
}

/**
 * Takes a request body's `data` apart in the order docs/protocol.md §5 "How the server opens it" judges it:
 * strict base64, suite, key id length, length, key id charset, uncompressed point prefix. What is left for
 * the primitives: the point on the curve (malformed), the key id known (unknown-key), AES-GCM (decrypt-failed).
 */
export function parseRequestBlob(data: string): RequestBlob {
  const blob = decodeBlob(data);
  if (blob.length < 2) throw new EnvelopeError('malformed', 'no key id length');
  const kidLength = blob[1]!;
  if (kidLength < 1 || kidLength > KEY_ID_MAX) throw new EnvelopeError('malformed', 'key id length out of 1..32');
  const epkStart = 2 + kidLength;
  const ivStart = epkStart + POINT;
  const sealedStart = ivStart + IV;
  if (blob.length < sealedStart + TAG) throw new EnvelopeError('malformed', 'blob too short');
  const keyId = String.fromCharCode(...blob.subarray(2, epkStart));
  if (!KEY_ID_PATTERN.test(keyId)) throw new EnvelopeError('malformed', 'key id has characters outside [A-Za-z0-9_-]');
  const ephemeralPoint = blob.subarray(epkStart, ivStart);
  if (ephemeralPoint[0] !== 0x04) throw new EnvelopeError('malformed', 'ephemeral key is not an uncompressed point');
  return { keyId, ephemeralPoint, iv: blob.subarray(ivStart, sealedStart), sealed: blob.subarray(sealedStart) };
}

/** The request body's `data`: base64 of `0x01 | kidLen | kid | epk | iv | ciphertext || tag`. */
export function buildRequestBlob(parts: RequestBlob): string {
  const { keyId, ephemeralPoint, iv, sealed } = parts;
  if (!KEY_ID_PATTERN.test(keyId)) throw new ProtocolTypeError('keyId', 'expected a key id of [A-Za-z0-9_-]{1,32}');
  if (ephemeralPoint.length !== POINT || ephemeralPoint[0] !== 0x04) throw new ProtocolTypeError('ephemeralPoint', 'expected a 65-byte uncompressed point');
  if (iv.length !== IV) throw new ProtocolTypeError('iv', 'expected 12 bytes');
  const kid = Uint8Array.from(keyId, (c) => c.charCodeAt(0));
  return toBase64(concat([Uint8Array.of(SUITE_P256_HKDF_SHA256_A256GCM, kid.length), kid, ephemeralPoint, iv, sealed]));
}

/** Takes a sealed answer's `data` apart (docs/protocol.md §6): strict base64, suite, at least iv and tag. */
export function parseResponseBlob(data: string): ResponseBlob {
  const blob = decodeBlob(data);
  if (blob.length < 1 + IV + TAG) throw new EnvelopeError('malformed', 'blob too short');
  return { iv: blob.subarray(1, 1 + IV), sealed: blob.subarray(1 + IV) };
}

/** A sealed answer's `data`: base64 of `0x01 | iv | ciphertext || tag`. */
export function buildResponseBlob(parts: ResponseBlob): string {
  if (parts.iv.length !== IV) throw new ProtocolTypeError('iv', 'expected 12 bytes');
  return toBase64(concat([Uint8Array.of(SUITE_P256_HKDF_SHA256_A256GCM), parts.iv, parts.sealed]));
}

/** OpenSSL takes the tag apart from the ciphertext; `sealed` is at least a tag long (the parsers checked). */
export function splitTag(sealed: Uint8Array<ArrayBuffer>): { ciphertext: Uint8Array<ArrayBuffer>; tag: Uint8Array<ArrayBuffer> } {
  return { ciphertext: sealed.subarray(0, sealed.length - TAG), tag: sealed.subarray(sealed.length - TAG) };
}

/** An opened plaintext is UTF-8 JSON, else the envelope is malformed. */
export function parsePlaintext(plaintext: Uint8Array): unknown {
  try {
    return JSON.parse(utf8Decode(plaintext)) as unknown;
  } catch {
    throw new EnvelopeError('malformed', 'plaintext is not UTF-8 JSON');
  }
}
