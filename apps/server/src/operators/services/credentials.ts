// Operators' credentials: the password (NIST SP 800-63B §5.1.1) hashed with argon2id, and the TOTP second
// factor (RFC 6238) whose codes are accepted once.
import { hash, verify } from '@node-rs/argon2';
import { OPS_PASSWORD_LIMITS } from '@tyd/protocol';
import { Secret, TOTP } from 'otpauth';
import { COMMON_PASSWORDS } from './common-passwords.js';

// OWASP Password Storage cheat sheet, argon2id: m=19 MiB, t=2, p=1 (RFC 9106 §4's second recommended option
// needs 64 MiB per hash, too much for a small server hashing for every sign-in attempt).
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password.normalize('NFKC'), ARGON2);

/** False for a wrong password and for a hash that is not a valid PHC string. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/**
 * Why a new password is refused, or undefined. NIST SP 800-63B §5.1.1.2: length (in characters, after
 * NFKC normalisation) rather than composition rules; every printable character and spaces allowed; refused
 * when it is a commonly used or expected one (a list of common passwords, the operator's own name, one
 * character repeated, a run of a keyboard or alphabet sequence).
 */
export function passwordProblem(password: string, name: string): string | undefined {
  const normalized = password.normalize('NFKC');
  const chars = [...normalized].length;
  if (chars < OPS_PASSWORD_LIMITS.minChars) return `密码（password）：至少 ${OPS_PASSWORD_LIMITS.minChars} 个字符`;
  if (chars > OPS_PASSWORD_LIMITS.maxChars) return `密码（password）：至多 ${OPS_PASSWORD_LIMITS.maxChars} 个字符`;
  const lower = normalized.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/[0-9!@#$%^&*.]+$/, ''))) return '密码（password）：是常用密码';
  if (name.length >= 3 && lower.includes(name.toLowerCase())) return '密码（password）：含有运营人员账号名';
  if (new Set(lower).size <= 3) return '密码（password）：不同的字符太少';
  if (isSequence(lower)) return '密码（password）：是键盘或字母顺序';
  return undefined;
}

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];
function isSequence(lower: string): boolean {
  return SEQUENCES.some((sequence) => {
    const doubled = sequence + sequence;
    const reversed = [...doubled].reverse().join('');
    return doubled.includes(lower) || reversed.includes(lower);
  });
}

const TOTP_PERIOD_S = 30;
const totpOf = (secret: string, name: string) =>
  new TOTP({ issuer: 'TYD ops', label: name, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S });

/** A new TOTP secret (160 bits, RFC 4226 §4 R6) and its otpauth:// URI for an authenticator app. */
export function newTotp(name: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: otpauthUri(secret, name) };
}

/** The otpauth:// URI of `secret` for operator `name` (the Key Uri Format authenticator apps scan as a QR code). */
export const otpauthUri = (secret: string, name: string): string => totpOf(secret, name).toString();

/**
 * The RFC 6238 time step of `code` if it is valid at `now` (one step either side for clock drift, §5.2),
 * or undefined. The caller accepts it only if the step is later than the last accepted one (a code is used once).
 */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  const totp = totpOf(secret, 'x');
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** The current code (the admin command's tests and the e2e helper sign in with it). */
export const totpCode = (secret: string, now: number): string => totpOf(secret, 'x').generate({ timestamp: now });
