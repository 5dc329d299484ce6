// Crockford's base32 as people type it (https://www.crockford.com/base32.html): the digits and the
// capitals without I, L, O and U, so nothing reads as something else. Invite codes and redeem codes are
// written in it (invite-codes.ts, redeem-codes.ts). No I/O, no zod.

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Crockford's decoding of look-alikes: I and L read as 1, O as 0. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { I: '1', L: '1', O: '0' };

/** What a person typed, upper-cased, without spaces and hyphens, look-alikes read as Crockford says. */
export function readCrockford(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[ILO]/g, (c) => LOOK_ALIKES[c] ?? c);
}
