import { chinaDate } from './china-time.js';
import { ProtocolTypeError } from './errors.js';

// Input validators. Each is a predicate over `unknown`: anything that is not a string of the right
// form is false, so they can guard untrusted input directly.

/** Mainland China mobile number: 11 digits, 1 then 3-9. */
export function isMainlandMobile(value: unknown): value is string {
  return typeof value === 'string' && /^1[3-9]\d{9}$/.test(value);
}

/** SMS verification code: 6 digits. */
export function isSmsCode(value: unknown): value is string {
  return typeof value === 'string' && /^\d{6}$/.test(value);
}

/** Luhn (ISO/IEC 7812-1 Annex B) check over a string of digits. */
export function isLuhnValid(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = value.charCodeAt(value.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Bank card number: 16 to 19 digits (SPEC §9) passing Luhn. */
export function isBankCardNumber(value: unknown): value is string {
  return typeof value === 'string' && /^\d{16,19}$/.test(value) && isLuhnValid(value);
}

// GB 11643-1999 §8.2: weights Wi = 2^(i-1) mod 11 for positions 18..2, and the ISO 7064 MOD 11-2
// check character for the remainder of the weighted sum mod 11.
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits of a resident ID number. */
export function residentIdCheckChar(first17: string): string {
  if (typeof first17 !== 'string') throw new ProtocolTypeError('first17', 'expected a string');
  if (!/^\d{17}$/.test(first17)) return '';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (first17.charCodeAt(i) - 48) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/**
 * Resident ID number per GB 11643-1999: 6-digit address code, 8-digit birth date (a real calendar date
 * from 1900-01-01 and not after today in China time, UTC+8), 3-digit sequence, and the check character
 * (a digit or upper-case 'X'). `now` (ms since epoch) decides "today".
 */
export function isResidentIdNumber(value: unknown, now: number = Date.now()): value is string {
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new ProtocolTypeError('now', 'expected milliseconds since epoch');
  if (typeof value !== 'string') return false;
  const match = /^[1-9]\d{5}((\d{4})(\d{2})(\d{2}))\d{3}[\dX]$/.exec(value);
  if (match === null) return false;
  const [, birth, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const today = chinaDate(now).replace(/-/g, '');
  if (birth! > today) return false;
  return residentIdCheckChar(value.slice(0, 17)) === value[17];
}

/** The birth date inside an 18-character resident ID number (GB 11643-1999 §5.2) as YYYY-MM-DD, else ''. */
export function residentIdBirthDate(idNumber: unknown): string {
  if (typeof idNumber !== 'string' || !/^\d{17}[\dX]$/.test(idNumber)) return '';
  return `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`;
}

/**
 * Full years of age on `now` in China time (UTC+8) of someone born on `birthDate` (YYYY-MM-DD): the
 * birthday counts from its own day; someone born on 29 February is a year older on 1 March of common years.
 */
export function ageOn(birthDate: string, now: number): number {
  if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) throw new ProtocolTypeError('birthDate', 'expected YYYY-MM-DD');
  if (typeof now !== 'number' || !Number.isFinite(now)) throw new ProtocolTypeError('now', 'expected milliseconds since epoch');
  const today = chinaDate(now);
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}
