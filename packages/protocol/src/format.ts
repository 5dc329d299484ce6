// Display formats of SPEC §3 and §5. Formatters take strings (money also numbers); a value of another
// type is a programming error (ProtocolTypeError naming the argument); a string that does not fit the
// format gives '' so nothing wrong is shown (SPEC §5 "otherwise nothing is shown").
import { BANK_CARD_MAX, BANK_CARD_MIN } from './constants.js';
import { ProtocolTypeError } from './errors.js';

function requireString(value: unknown, argument: string): string {
  if (typeof value !== 'string') throw new ProtocolTypeError(argument, 'expected a string');
  return value;
}

/** SPEC §3, §5, §9: an 11-digit phone as first 3, ****, last 4 ('13812345678' -> '138****5678'); else ''. */
export function maskPhone(phone: string): string {
  const p = requireString(phone, 'phone');
  return /^\d{11}$/.test(p) ? `${p.slice(0, 3)}****${p.slice(7)}` : '';
}

/**
 * Phone input field: the digits typed so far (at most 11, other characters dropped) spaced 3-4-4,
 * e.g. '13812345678' -> '138 1234 5678', '1381' -> '138 1'.
 */
export function formatPhoneInput(input: string): string {
  const digits = requireString(input, 'input').replace(/\D/g, '').slice(0, 11);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter((part) => part !== '').join(' ');
}

/**
 * SPEC §3, §5: only an all-digit card number of 16 to 19 digits is shown, as first 4, two masked groups
 * and last 4 ('6222020200112233445' -> '6222 **** **** 3445'; the length is not revealed); else ''.
 */
export function maskBankCard(cardNumber: string): string {
  const card = requireString(cardNumber, 'cardNumber');
  if (!/^\d+$/.test(card) || card.length < BANK_CARD_MIN || card.length > BANK_CARD_MAX) return '';
  return `${card.slice(0, 4)} **** **** ${card.slice(-4)}`;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Plain decimal digits of a finite number, expanding exponent notation (1e21, 1.5e-7). */
function numberToDecimal(value: number): string {
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  const sign = value < 0 ? '-' : '';
  if (match === null) return sign + text;
  const digits = match[1]! + (match[2] ?? '');
  const point = match[1]!.length + Number(match[3]);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Adds one to a string of decimal digits. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * SPEC §3: money with 2 decimals and thousands separators: 12345.6 -> '12,345.60', '1234.5' -> '1,234.50',
 * -1234.5 -> '-1,234.50'. Rounds half away from zero on the decimal digits as written (1.005 -> '1.01',
 * which binary toFixed gets wrong). NaN, ±Infinity and strings that are not plain decimals
 * ('1,234', '1e3', ' 1', '') give ''. A result of zero has no minus sign.
 */
export function formatMoney(value: number | string): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    text = numberToDecimal(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw new ProtocolTypeError('value', 'expected a number or a decimal string');
  }
  const match = DECIMAL.exec(text);
  if (match === null) return '';
  const [, sign, integerPart, fractionPart = ''] = match;
  let cents = (integerPart ?? '').replace(/^0+(?=\d)/, '') + fractionPart.padEnd(2, '0').slice(0, 2);
  if ((fractionPart[2] ?? '0') >= '5') cents = incrementDigits(cents);
  cents = cents.replace(/^0+(?=\d{3})/, '').padStart(3, '0');
  const integer = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  const negative = sign === '-' && /[1-9]/.test(cents);
  return `${negative ? '-' : ''}${integer}.${cents.slice(-2)}`;
}

/** SPEC §3: dates with every run of non-digits replaced by one '-' ('2024/01/02' -> '2024-01-02'). */
export function formatDate(date: string): string {
  return requireString(date, 'date').replace(/\D+/g, '-');
}

/**
 * A resident ID number shown masked: first 3 and last 4 characters, the rest as '*'
 * ('110101199003071234' -> '110***********1234'); anything that is not 15 or 18 characters of digits
 * (and a final X) gives ''.
 */
export function maskIdNumber(idNumber: string): string {
  const id = requireString(idNumber, 'idNumber');
  if (!/^(\d{15}|\d{17}[\dX])$/.test(id)) return '';
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/**
 * A person's name shown masked: the first and last characters kept and every one between as '*'
 * (张小三 -> 张*三, 阿卜杜·热合曼 -> 阿*****曼); a two-character name keeps its first (张三 -> 张*).
 * Counts characters, not UTF-16 units (a rare name character outside the BMP stays whole). '' gives ''.
 */
export function maskName(name: string): string {
  const chars = Array.from(requireString(name, 'name').trim());
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
