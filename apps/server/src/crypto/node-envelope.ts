// Envelope suite 1 (P256-HKDF-SHA256-A256GCM, contract "Envelope") for the server, on node:crypto.
// The wire format, AAD strings, base64 and error reasons are @tyd/protocol's; only the primitives run on
// Node's OpenSSL bindings synchronously instead of through WebCrypto, whose per-call thread-pool hops made
// opening a request cost about 1.1 ms against about 0.2 ms here (bench/README.md). Parity with
// @tyd/protocol is tested on its JSON vectors and tampers (node-envelope.test.ts) and on every API test,
// whose client seals and opens with @tyd/protocol.
import { createCipheriv, createDecipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import {
  ENVELOPE_SIZES,
  EnvelopeError,
  KEY_ID_PATTERN,
  SUITE_P256_HKDF_SHA256_A256GCM,
  fromBase64,
  requestAad,
  responseAad,
  toBase64,
  utf8Decode,
  type ApiResponse,
  type RequestContext,
} from '@tyd/protocol';

const { point: POINT, iv: IV, tag: TAG, keyIdMax: KEY_ID_MAX } = ENVELOPE_SIZES;
const REQUEST_INFO = Buffer.from('TYD-ENV-1 request');
const RESPONSE_INFO = Buffer.from('TYD-ENV-1 response');

/** A server private key ready for ECDH. */
export type NodeServerKey = ECDH;

/** Imports a base64url PKCS#8 P-256 private key (the TYD_SERVER_KEYS form). */
export function importNodeServerKey(privateKeyPkcs8: string): NodeServerKey {
  const jwk = createPrivateKey({ key: Buffer.from(privateKeyPkcs8, 'base64url'), format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  if (jwk.crv !== 'P-256' || typeof jwk.d !== 'string') throw new Error('server key is not a P-256 private key');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(jwk.d, 'base64url'));
  return ecdh;
}

export interface OpenedRequest {
  payload: unknown;
  keyId: string;
  /** Raw AES-256 key for the answer. */
  responseKey: Buffer;
}

/**
 * Opens a request body's `data` in the order @tyd/protocol's openRequest judges it: strict base64, suite,
 * layout, key id charset, ephemeral point on the curve, known key id, AES-GCM authentication, JSON.
 * Throws EnvelopeError with the same reasons.
 */
export function openRequestNode(opts: { data: string; context: RequestContext; keyFor: (kid: string) => NodeServerKey | undefined }): OpenedRequest {
  let blob: Uint8Array;
  try {
    blob = fromBase64(opts.data, 'data');
  } catch {
    throw new EnvelopeError('malformed', 'data is not strict base64 (RFC 4648 §4, padded)');
  }
  if (blob.length === 0) throw new EnvelopeError('malformed', 'empty blob');
  if (blob[0] !== SUITE_P256_HKDF_SHA256_A256GCM) throw new EnvelopeError('unknown-suite', `suite ${blob[0]}`);
  if (blob.length < 2) throw new EnvelopeError('malformed', 'no key id length');
  const kidLength = blob[1]!;
  if (kidLength < 1 || kidLength > KEY_ID_MAX) throw new EnvelopeError('malformed', 'key id length out of 1..32');
  const epkStart = 2 + kidLength;
  const ivStart = epkStart + POINT;
  const sealedStart = ivStart + IV;
  if (blob.length < sealedStart + TAG) throw new EnvelopeError('malformed', 'blob too short');
  const keyId = String.fromCharCode(...blob.subarray(2, epkStart));
  if (!KEY_ID_PATTERN.test(keyId)) throw new EnvelopeError('malformed', 'key id has characters outside [A-Za-z0-9_-]');
  const epk = blob.subarray(epkStart, ivStart);
  if (epk[0] !== 0x04) throw new EnvelopeError('malformed', 'ephemeral key is not an uncompressed point');
  const key = opts.keyFor(keyId);
  // The point is validated by OpenSSL inside computeSecret; to keep @tyd/protocol's order (a bad point
  // is 'malformed' even under an unknown key id) an unknown key is checked with a throwaway computation.
  let shared: Buffer;
  try {
    shared = (key ?? probeKey()).computeSecret(epk);
  } catch {
    throw new EnvelopeError('malformed', 'ephemeral key is not a point on P-256');
  }
  if (!key) throw new EnvelopeError('unknown-key', `no key ${keyId}`);
  const requestKey = Buffer.from(hkdfSync('sha256', shared, epk, REQUEST_INFO, 32));
  const responseKey = Buffer.from(hkdfSync('sha256', shared, epk, RESPONSE_INFO, 32));
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', requestKey, blob.subarray(ivStart, sealedStart), { authTagLength: TAG });
    decipher.setAAD(Buffer.from(requestAad(opts.context, keyId), 'utf8'));
    decipher.setAuthTag(blob.subarray(blob.length - TAG));
    plaintext = Buffer.concat([decipher.update(blob.subarray(sealedStart, blob.length - TAG)), decipher.final()]);
  } catch {
    throw new EnvelopeError('decrypt-failed', 'authentication failed');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(utf8Decode(plaintext));
  } catch {
    throw new EnvelopeError('malformed', 'plaintext is not UTF-8 JSON');
  }
  return { payload, keyId, responseKey };
}

/** Seals the whole ApiResponse for the client: 0x01 | iv | ciphertext||tag, base64 (contract "Envelope"). */
export function sealResponseNode(opts: { responseKey: Buffer; context: RequestContext; body: ApiResponse; iv?: Uint8Array }): string {
  const iv = opts.iv ?? randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', opts.responseKey, iv, { authTagLength: TAG });
  cipher.setAAD(Buffer.from(responseAad(opts.context), 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(opts.body), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return toBase64(Buffer.concat([Uint8Array.of(SUITE_P256_HKDF_SHA256_A256GCM), iv, sealed]));
}

let probe: ECDH | undefined;
function probeKey(): ECDH {
  if (!probe) {
    probe = createECDH('prime256v1');
    probe.generateKeys();
  }
  return probe;
}
