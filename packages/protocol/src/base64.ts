// Strict base64 (RFC 4648 §4, with padding) and base64url (RFC 4648 §5, no padding).
// Strict means: only the alphabet, exact padding, no whitespace, and zero unused trailing bits,
// so every byte string has exactly one accepted encoding (a flipped character is never ignored).
import { ProtocolTypeError } from './errors.js';
import { isBytes } from './bytes.js';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function lookup(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const STANDARD_LOOKUP = lookup(STANDARD);
const URL_SAFE_LOOKUP = lookup(URL_SAFE);

function encode(bytes: Uint8Array, alphabet: string, pad: boolean, argument: string): string {
  if (!isBytes(bytes)) throw new ProtocolTypeError(argument, 'expected a Uint8Array');
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : '');
  }
  return out;
}

function decode(text: string, table: Int8Array, padded: boolean, argument: string): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new ProtocolTypeError(argument, 'expected a string');
  let body = text;
  if (padded) {
    if (text.length % 4 !== 0) throw new ProtocolTypeError(argument, 'base64 length is not a multiple of 4');
    if (text.endsWith('==')) body = text.slice(0, -2);
    else if (text.endsWith('=')) body = text.slice(0, -1);
  } else if (text.length % 4 === 1) {
    throw new ProtocolTypeError(argument, 'impossible base64url length');
  }
  const rest = body.length % 4;
  const out = new Uint8Array(Math.floor(body.length / 4) * 3 + (rest === 0 ? 0 : rest - 1));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const v = c < 128 ? table[c]! : -1;
    if (v < 0) throw new ProtocolTypeError(argument, `invalid base64 character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // RFC 4648 §3.5: unused bits of the last character must be zero for a canonical encoding.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) {
    throw new ProtocolTypeError(argument, 'non-zero trailing bits (non-canonical base64)');
  }
  return out;
}

/** Standard base64 with padding (RFC 4648 §4). */
export function toBase64(bytes: Uint8Array): string {
  return encode(bytes, STANDARD, true, 'bytes');
}

/** Strict standard base64 with padding; throws ProtocolTypeError (labelled `argument`) on anything else. */
export function fromBase64(text: string, argument = 'text'): Uint8Array<ArrayBuffer> {
  return decode(text, STANDARD_LOOKUP, true, argument);
}

/** base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  return encode(bytes, URL_SAFE, false, 'bytes');
}

/** Strict base64url without padding; throws ProtocolTypeError (labelled `argument`) on anything else. */
export function fromBase64Url(text: string, argument = 'text'): Uint8Array<ArrayBuffer> {
  return decode(text, URL_SAFE_LOOKUP, false, argument);
}
