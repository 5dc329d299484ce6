// Envelope suite 1 (P256-HKDF-SHA256-A256GCM, contract "Envelope") for the server, on node:crypto.
// The byte layout, strict base64, AAD and HKDF info strings and the refusals are @tyd/protocol's
// (envelope-layout.ts); this file supplies only the primitives, run on Node's OpenSSL bindings synchronously
// instead of through WebCrypto, whose per-call thread-pool hops made opening a request cost about 1.1 ms
// against about 0.2 ms here (bench/README.md). Parity with @tyd/protocol is tested on its JSON vectors and
// tampers (node-envelope.test.ts) and on every API test, whose client seals and opens with @tyd/protocol.
import { ECDH, createCipheriv, createDecipheriv, createECDH, createPrivateKey, createSecretKey, hkdfSync, randomFillSync } from 'node:crypto';
import {
  ENVELOPE_FAILURES,
  ENVELOPE_SIZES,
  HKDF_INFO,
  buildResponseBlob,
  parsePlaintext,
  parseRequestBlob,
  requestAad,
  responseAad,
  splitTag,
  type ApiResponse,
  type RequestContext,
} from '@tyd/protocol';

const { iv: IV, tag: TAG } = ENVELOPE_SIZES;
const REQUEST_INFO = Buffer.from(HKDF_INFO.request);
const RESPONSE_INFO = Buffer.from(HKDF_INFO.response);

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
 * Opens a request body's `data` in the order docs/protocol.md §5 gives (the layout from @tyd/protocol, then
 * the point on the curve, the key id known, AES-GCM, JSON). Throws EnvelopeError with the same reasons as
 * @tyd/protocol's openRequest.
 */
export function openRequestNode(opts: { data: string; context: RequestContext; keyFor: (kid: string) => NodeServerKey | undefined }): OpenedRequest {
  const { keyId, ephemeralPoint, iv, sealed } = parseRequestBlob(opts.data);
  const key = opts.keyFor(keyId);
  if (!key) {
    // OpenSSL checks the point inside computeSecret; without a key there is no agreement to run, so the
    // point is decoded on its own, and a point off the curve is 'malformed' whatever the key id, as in the
    // protocol's order. Nothing is hidden by doing less work here: the answer itself says the key is unknown
    // (4007), and key ids are public (the current one is in every page).
    assertPointOnCurve(ephemeralPoint);
    throw ENVELOPE_FAILURES.unknownKey(keyId);
  }
  let shared;
  try {
    // One key object for both HKDF outputs: hkdfSync would otherwise wrap the raw secret twice (bench/README.md).
    shared = createSecretKey(key.computeSecret(ephemeralPoint));
  } catch {
    throw ENVELOPE_FAILURES.pointNotOnCurve();
  }
  const requestKey = Buffer.from(hkdfSync('sha256', shared, ephemeralPoint, REQUEST_INFO, 32));
  const responseKey = Buffer.from(hkdfSync('sha256', shared, ephemeralPoint, RESPONSE_INFO, 32));
  const { ciphertext, tag } = splitTag(sealed);
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', requestKey, iv, { authTagLength: TAG });
    decipher.setAAD(Buffer.from(requestAad(opts.context, keyId), 'utf8'));
    decipher.setAuthTag(tag);
    plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw ENVELOPE_FAILURES.authenticationFailed();
  }
  return { payload: parsePlaintext(plaintext), keyId, responseKey };
}

/** SEC 1 §2.3.4 point decoding (OpenSSL's EC_POINT_oct2point), which refuses a point not on P-256. */
function assertPointOnCurve(point: Uint8Array): void {
  try {
    ECDH.convertKey(point, 'prime256v1');
  } catch {
    throw ENVELOPE_FAILURES.pointNotOnCurve();
  }
}

// Response IVs come from a buffer refilled from the CSPRNG 4 KiB at a time, as Node buffers entropy for
// randomUUID: one randomBytes(12) per answer cost about 8 us against 0.2 us (bench/README.md). An IV need
// not be secret, only never repeated under one key (NIST SP 800-38D §8.2.2), and every answer has a key of
// its own (derived from the request's ephemeral key).
const IV_POOL = Buffer.alloc(4096 - (4096 % IV));
let ivOffset = IV_POOL.length;
function freshIv(): Uint8Array<ArrayBuffer> {
  if (ivOffset === IV_POOL.length) {
    randomFillSync(IV_POOL);
    ivOffset = 0;
  }
  // A copy: the pool is refilled in place later.
  return new Uint8Array(IV_POOL.subarray(ivOffset, (ivOffset += IV)));
}

/** Seals the whole ApiResponse for the client: 0x01 | iv | ciphertext||tag, base64 (contract "Envelope"). */
export function sealResponseNode(opts: { responseKey: Buffer; context: RequestContext; body: ApiResponse; iv?: Uint8Array<ArrayBuffer> }): string {
  const iv = opts.iv ?? freshIv();
  const cipher = createCipheriv('aes-256-gcm', opts.responseKey, iv, { authTagLength: TAG });
  cipher.setAAD(Buffer.from(responseAad(opts.context), 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(opts.body), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return buildResponseBlob({ iv, sealed });
}
