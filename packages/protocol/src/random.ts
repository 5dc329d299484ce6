import { fromBase64Url, toBase64Url } from './base64.js';

/** Bytes from the platform CSPRNG (WebCrypto getRandomValues). */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** A fresh x-nonce: 16 random bytes as base64url without padding (22 characters). */
export function randomNonce(): string {
  return toBase64Url(randomBytes(16));
}

/** True for a well-formed x-nonce: the canonical base64url encoding of exactly 16 bytes. */
export function isNonce(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 22) return false;
  try {
    return fromBase64Url(value).length === 16;
  } catch {
    return false;
  }
}

/** A new per-platform app secret: 32 random bytes as base64url (43 characters). */
export function generateAppSecret(): string {
  return toBase64Url(randomBytes(32));
}
