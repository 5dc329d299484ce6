// Access tokens (docs/api.md "Sessions"): 256-bit random, base64url; only their SHA-256 is stored,
// so a leaked sessions table cannot be replayed as logins.
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_COOKIE_DAYS } from '@tyd/protocol';

export const SESSION_TTL_MS = TOKEN_COOKIE_DAYS * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True for the shape of a token this server issues; anything else is rejected without a lookup. */
export function isAccessTokenShape(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
