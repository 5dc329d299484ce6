// Redeem codes as people see and type them (docs/api.md "Redeem codes"): 16 characters of Crockford's
// base32 (the digits and the capitals without I, L, O and U, so nothing reads as something else), 80
// random bits, shown in groups of four: XXXX-XXXX-XXXX-XXXX. Shared by the server (which stores only a
// keyed hash of the normalised code) and the web's input field. No I/O, no zod.
import { CROCKFORD_ALPHABET, readCrockford } from './crockford.js';

export const REDEEM_CODE_LENGTH = 16;
/** The longest input worth reading: the grouped code with a few stray spaces. */
export const REDEEM_CODE_MAX_INPUT = 40;

/** The code as stored and hashed, or null when the input cannot be a code (wrong length or characters). */
export function normaliseRedeemCode(input: string): string | null {
  if (input.length > REDEEM_CODE_MAX_INPUT) return null;
  const code = readCrockford(input);
  if (code.length !== REDEEM_CODE_LENGTH) return null;
  for (const c of code) if (!CROCKFORD_ALPHABET.includes(c)) return null;
  return code;
}

/**
 * As typed so far, grouped for people: XXXX-XXXX-XXXX-XXXX. Characters that can never be in a code are
 * dropped and look-alikes read as Crockford says, so the field shows what will be sent; at most 16 kept.
 */
export function groupRedeemCode(input: string): string {
  const kept = [...readCrockford(input)].filter((c) => CROCKFORD_ALPHABET.includes(c)).slice(0, REDEEM_CODE_LENGTH);
  const groups: string[] = [];
  for (let i = 0; i < kept.length; i += 4) groups.push(kept.slice(i, i + 4).join(''));
  return groups.join('-');
}
