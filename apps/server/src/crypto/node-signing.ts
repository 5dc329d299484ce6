// x-sign verification (contract "Signing") on node:crypto: @tyd/protocol builds the canonical string (one
// definition of what is signed) around a SHA-256 of the body's data that node:crypto computes here
// (canonicalSignStringWith, the protocol's injected-digest form); the MAC and the constant-time comparison
// (crypto.timingSafeEqual) run here too. All synchronous: no WebCrypto key import and no thread-pool hop
// per request (the digest's hop was about 4% of a request's time). Parity: node-signing.test.ts runs the
// protocol's signing vectors and tampers.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalSignStringWith, type SignFields } from '@tyd/protocol';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (FIPS 180-4) on node:crypto, the digest backend canonicalSignStringWith takes. */
export const sha256Node = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest();

/** The canonical signing string, its data hash computed by node:crypto. */
export function canonicalSignStringNode(fields: SignFields): string {
  return canonicalSignStringWith(fields, sha256Node);
}

export function verifySignatureNode(secret: string, fields: SignFields, signature: string): boolean {
  const canonical = canonicalSignStringNode(fields);
  if (!SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, 'base64url');
  // base64url of 32 bytes is 43 characters whose last one carries 2 unused bits: they must be zero
  // (RFC 4648 §3.5), as @tyd/protocol's strict decoder requires.
  if (given.length !== 32 || given.toString('base64url') !== signature) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonical, 'utf8').digest();
  return timingSafeEqual(given, expected);
}
