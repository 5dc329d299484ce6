// x-sign verification (contract "Signing") with the HMAC on node:crypto: @tyd/protocol builds the
// canonical string (one definition of what is signed); the MAC and the constant-time comparison
// (crypto.timingSafeEqual) run synchronously here, saving WebCrypto's key import and thread-pool hops
// on every request. Parity: node-signing.test.ts runs the protocol's signing vectors and tampers.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalSignString, type SignFields } from '@tyd/protocol';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export async function verifySignatureNode(secret: string, fields: SignFields, signature: string): Promise<boolean> {
  const canonical = await canonicalSignString(fields);
  if (!SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, 'base64url');
  // base64url of 32 bytes is 43 characters whose last one carries 2 unused bits: they must be zero
  // (RFC 4648 §3.5), as @tyd/protocol's strict decoder requires.
  if (given.length !== 32 || given.toString('base64url') !== signature) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonical, 'utf8').digest();
  return timingSafeEqual(given, expected);
}
