// x-sign: HMAC-SHA256 (RFC 2104, FIPS 198-1) over a canonical string (contract "Signing"; SPEC §7).
// The web secret ships in the page, so the signature proves integrity, not client identity;
// confidentiality comes from the envelope.
import { fromBase64Url, toBase64Url } from './base64.js';
import { ProtocolTypeError } from './errors.js';
import { utf8Encode } from './utf8.js';
import { subtle } from './webcrypto.js';

/** Everything the signature covers; all strings, exactly as sent in the headers and body. */
export interface SignFields {
  path: string;
  protocolVersion: string;
  appId: string;
  timestamp: string;
  nonce: string;
  /** '' or absent when there is no session. */
  accessToken?: string;
  clientInfo: string;
  clientVersion: string;
  /** The request body's `data` string (the sealed envelope). */
  data: string;
}

export const SIGN_SCHEME = 'TYD-HMAC-SHA256';

const FIELD_ORDER = ['path', 'protocolVersion', 'appId', 'timestamp', 'nonce', 'accessToken', 'clientInfo', 'clientVersion', 'data'] as const;

function checkFields(f: unknown): Required<SignFields> {
  if (typeof f !== 'object' || f === null) throw new ProtocolTypeError('fields', 'expected an object');
  const record = f as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const name of FIELD_ORDER) {
    const value = name === 'accessToken' && record[name] === undefined ? '' : record[name];
    if (typeof value !== 'string') throw new ProtocolTypeError(`fields.${name}`, 'expected a string');
    // One field per line: a line break inside a field could make two different requests sign alike.
    if (/[\r\n]/.test(value)) throw new ProtocolTypeError(`fields.${name}`, 'must not contain "\\n" or "\\r"');
    out[name] = value;
  }
  return out as unknown as Required<SignFields>;
}

function checkSecret(secret: unknown): Uint8Array<ArrayBuffer> {
  if (typeof secret !== 'string' || secret.length === 0) throw new ProtocolTypeError('secret', 'expected a non-empty string');
  return utf8Encode(secret);
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The canonical string's lines around the data hash: one definition for both digest backends. */
function joinCanonical(f: Required<SignFields>, dataSha256: ArrayBuffer | Uint8Array): string {
  const dataHash = hex(dataSha256);
  return [SIGN_SCHEME, f.path, f.protocolVersion, f.appId, f.timestamp, f.nonce, f.accessToken, f.clientInfo, f.clientVersion, dataHash].join('\n');
}

/**
 * The canonical string: "TYD-HMAC-SHA256", path, protocolVersion, appId, timestamp, nonce, accessToken ('' if none),
 * clientInfo, clientVersion and the lowercase hex SHA-256 of `data` (UTF-8), joined by "\n".
 * Async because WebCrypto's SHA-256 is async (the contract's sketch showed a plain string).
 */
export async function canonicalSignString(fields: SignFields): Promise<string> {
  const f = checkFields(fields);
  return joinCanonical(f, await subtle().digest('SHA-256', utf8Encode(f.data)));
}

/**
 * The same canonical string with SHA-256 from a backend the caller supplies, synchronously: the server's
 * node:crypto one (apps/server/src/crypto/node-signing.ts), which saves WebCrypto's thread-pool hop per
 * request, as envelope-layout.ts does for the envelope's primitives. `sha256` must return the 32-byte
 * SHA-256 (FIPS 180-4) of the bytes it is given; a wrong length is refused rather than signed.
 */
export function canonicalSignStringWith(fields: SignFields, sha256: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array): string {
  const f = checkFields(fields);
  const digest = sha256(utf8Encode(f.data));
  if (!(digest instanceof Uint8Array) || digest.length !== 32) throw new ProtocolTypeError('sha256', 'expected a function returning 32 bytes');
  return joinCanonical(f, digest);
}

async function hmacKey(secret: Uint8Array<ArrayBuffer>, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return subtle().importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** x-sign: base64url (no padding) of HMAC-SHA256(key = UTF-8 of the app secret, canonical string). */
export async function signRequest(secret: string, fields: SignFields): Promise<string> {
  const key = await hmacKey(checkSecret(secret), 'sign');
  const canonical = await canonicalSignString(fields);
  return toBase64Url(new Uint8Array(await subtle().sign('HMAC', key, utf8Encode(canonical))));
}

/**
 * Checks x-sign. False for a wrong or malformed signature. The comparison is WebCrypto's HMAC verify,
 * which compares in constant time (STYLE.md "Errors"). Wrong-type fields still throw ProtocolTypeError.
 */
export async function verifyRequestSignature(secret: string, fields: SignFields, signature: string): Promise<boolean> {
  const key = await hmacKey(checkSecret(secret), 'verify');
  const canonical = await canonicalSignString(fields);
  if (typeof signature !== 'string' || signature.length !== 43) return false;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = fromBase64Url(signature, 'signature');
  } catch {
    return false;
  }
  if (mac.length !== 32) return false;
  return subtle().verify('HMAC', key, mac, utf8Encode(canonical));
}
