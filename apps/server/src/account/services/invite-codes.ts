// Invite codes (short and unambiguous): 8 characters of Crockford base32, the 32 symbols
// 0-9 A-Z without I, L, O, U, drawn from the CSPRNG: 40 bits, so guessing a valid code is hopeless,
// and nothing on the code can be misread (O/0, I/1/L) or spell much.
import { randomInt } from 'node:crypto';
import { CROCKFORD_ALPHABET, INVITE_CODE_LENGTH } from '@tyd/protocol';

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += CROCKFORD_ALPHABET[randomInt(CROCKFORD_ALPHABET.length)];
  return code;
}
