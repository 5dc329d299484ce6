// pino options (docs/operations.md "Logs"): JSON lines with request ids; tokens, SMS codes, phone, ID and card
// numbers never appear unmasked (rules: "Never log tokens, SMS codes, ID or card numbers or full phone
// numbers"). Three layers: known sensitive keys are censored wherever they appear, request/response/error
// serializers keep only what operations need, and every string that reaches a log line through them or a
// message is scrubbed of number patterns.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { HttpConfig } from './config/index.js';

/** A mainland mobile number with an optional `86` / `0086` country code glued to it. */
const MOBILE_PATTERN = /(?<!\d)(?:(?:00)?86)?1[3-9]\d{9}(?!\d)/g;

// Longest first: an 18-character ID number contains 11- and 6-digit runs.
const PATTERNS: Array<[RegExp, (match: string) => string]> = [
  // Resident ID numbers (GB 11643-1999): 17 digits + check character.
  [/(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g, (m) => `${m.slice(0, 3)}***********${m.slice(-4)}`],
  // Bank card numbers: 16..19 digits.
  [/(?<!\d)\d{16,19}(?!\d)/g, (m) => `${m.slice(0, 4)}****${m.slice(-4)}`],
  // Mainland mobile numbers, also right behind a country code written without a separator
  // (`+86…`, `tel:86…`, `0086…`, ITU-T E.164/E.123): the prefix is kept, the number masked.
  [MOBILE_PATTERN, (m) => `${m.slice(0, -11)}${m.slice(-11, -8)}****${m.slice(-4)}`],
  // SMS codes: any standalone 6-digit run.
  [/(?<!\d)\d{6}(?!\d)/g, () => '******'],
  // Access tokens, app secrets, signatures: long base64url runs.
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g, (m) => `${m.slice(0, 4)}…[redacted]`],
];

/**
 * Digit groups joined by separators, as people write numbers: `139-1234-5678`, `+86 139 1234 5678`,
 * `6222 0202 0011 2233 445`, `110101.19900307.123X`, `139_1234_5678`, `139/1234/5678`, `139、1234、5678` (E.123
 * spaces, dashes, dots, parentheses, a `+` that was a space in a form-encoded query, and whatever else a
 * keyboard or an input method puts between digits). Every character that is neither a letter nor a digit
 * separates, in runs of any length (`139    1234`): a list of separators would miss the next one someone
 * types. A trailing check character X. Numbers that only separators part (`203.0.113.5 1-800-555-0199`) are
 * one run: when their digits together look like a number they are masked together, erring on the side of
 * the log rule. The text is in canonical form (canonicalForm) by the time it gets here.
 */
const SEPARATOR = '[^\\p{L}\\p{N}]';
const SEPARATED_RUN = new RegExp(
  `(?<!\\d)\\d+(?:(?:${SEPARATOR}+\\d+)+(?:${SEPARATOR}*[Xx](?![\\p{L}\\p{N}]))?|${SEPARATOR}+[Xx](?![\\p{L}\\p{N}]))(?!\\d)`,
  'gu',
);
/** Six digits parted by whitespace only; `10:00:00` and `26-11-21` are a time and a date, not codes. */
const SPACED_CODE = /^(?=(?:\s*\d){6}$)\d[\d\s]*$/;
const ID_DIGITS = /^\d{17}[\dXx]$/;
const CARD_DIGITS = /^\d{16,19}$/;
const MOBILE_DIGITS = /^(?:(?:00)?86)?1[3-9]\d{9}$/;
/** The longest number the patterns know: a card of 19 digits. */
const LONGEST_NUMBER = 19;

/** The masked form of a number written without separators (the formats of PATTERNS), or undefined. */
function maskCompact(digits: string): string | undefined {
  if (ID_DIGITS.test(digits)) return `${digits.slice(0, 3)}***********${digits.slice(-4)}`;
  if (CARD_DIGITS.test(digits)) return `${digits.slice(0, 4)}****${digits.slice(-4)}`;
  if (MOBILE_DIGITS.test(digits)) return `${digits.slice(0, -11)}${digits.slice(-11, -8)}****${digits.slice(-4)}`;
  return undefined;
}

/**
 * Masks numbers whose digits are split by separators: within each run of separated groups, the longest
 * consecutive groups that join into an ID, card or mobile number (with its `86`/`0086` prefix) are
 * replaced by that number's usual mask, so `139-1234-5678` logs as `139****5678` and `+86 139 1234 5678`
 * as `+86 139****5678` (the prefix as written). A run of exactly six digits parted by spaces only is an SMS
 * code typed in groups (`493 817`) and is masked whole. Other runs (dates, times, versions, addresses) stay as
 * they are.
 */
function maskSeparated(text: string): string {
  return text.replace(SEPARATED_RUN, (run) => {
    if (SPACED_CODE.test(run)) return '******';
    const groups = [...run.matchAll(/\d+[Xx]?|[Xx]/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
    let out = '';
    let copiedTo = 0;
    for (let i = 0; i < groups.length; i++) {
      let found: { j: number; masked: string; digits: string } | undefined;
      let digits = '';
      for (let j = i; j < groups.length && digits.length <= LONGEST_NUMBER; j++) {
        digits += groups[j]!.text;
        const masked = maskCompact(digits);
        if (masked !== undefined) found = { j, masked, digits };
      }
      if (!found) continue;
      let from = groups[i]!.start;
      let masked = found.masked;
      // A country code written as its own group keeps its place: `+86 139****5678`.
      const prefix = MOBILE_DIGITS.test(found.digits) ? found.digits.length - 11 : 0;
      if (prefix > 0 && groups[i]!.text.length === prefix && i < found.j) {
        from = groups[i + 1]!.start;
        masked = masked.slice(prefix);
      }
      out += run.slice(copiedTo, from) + masked;
      copiedTo = groups[found.j]!.end;
      i = found.j;
    }
    return out + run.slice(copiedTo);
  });
}

function maskPatterns(text: string): string {
  let out = maskSeparated(text);
  for (const [pattern, mask] of PATTERNS) out = out.replace(pattern, mask);
  return out;
}

/** Enough rounds for a value encoded twice or three times over (`%252B86…`). */
const DECODE_ROUNDS = 3;

/**
 * Percent-decodes what can be decoded (RFC 3986 §2.1) and leaves the rest as it is, never throwing: a
 * run of escapes that is not valid UTF-8 keeps its non-ASCII escapes encoded, its ASCII ones decoded.
 */
function decodePercentSafely(text: string): string {
  let out = text;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = out.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%[0-7][0-9A-Fa-f]/g, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
      }
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Characters that show nothing: format characters (zero-width space and joiners, soft hyphen, bidi marks, BOM) and the other default-ignorables (Hangul fillers, variation selectors). */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const DECIMAL_DIGIT = /\p{Nd}/u;
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/gu;

/** The value of a decimal digit of any script: Unicode keeps each script's 0–9 contiguous and in order. */
function asciiDigit(char: string): string {
  let zero = char.codePointAt(0)!;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero -= 1;
  return String((char.codePointAt(0)! - zero) % 10);
}

/**
 * The text as a reader takes it: compatibility forms folded (NFKC, UAX #15: full-width `１３９`, `＋８６`, `．`,
 * `－` and the ideographic space become ASCII), characters that show nothing removed (a zero-width space
 * or a soft hyphen inside a number hides it from a pattern, not from a reader), and decimal digits of any
 * other script read as ASCII.
 */
function canonicalForm(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(NON_ASCII_DIGIT, asciiDigit);
}

/**
 * Masks the number patterns. Text is looked at decoded and in canonical form (canonicalForm), so an escaped
 * separator or digit (`%2013812345678`, `%31%33%38…`), a full-width digit or an invisible character hides
 * nothing; when that form needed masking, the masked form is returned (decoded, canonical), otherwise the
 * text as it was, encoding and all.
 */
export function scrubText(text: string): string {
  const canonical = canonicalForm(text.includes('%') ? decodePercentSafely(text) : text);
  const masked = maskPatterns(canonical);
  if (masked !== canonical) return masked;
  if (!text.includes('%')) return text;
  // Decoding can also join a number to an escaped digit after it (`13912345678%31`): the text as written.
  const written = canonicalForm(text);
  const maskedWritten = maskPatterns(written);
  return maskedWritten === written ? text : maskedWritten;
}

const SENSITIVE_KEYS = [
  'phone',
  'mobile',
  'loginPhone',
  'smsCode',
  'idNumber',
  'idCard',
  'cardNumber',
  'bankCard',
  'token',
  'accessToken',
  'password',
  'secret',
  'appSecret',
  'authorization',
  'cookie',
];

const REDACT_PATHS = [
  ...SENSITIVE_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  'req.headers',
  'headers',
  '*.headers',
  '*["x-access-token"]',
  '*["x-sign"]',
  '*["x-xsrf-token"]',
  '*["set-cookie"]',
];

export function loggerOptions(config: Pick<HttpConfig, 'logLevel'>, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: scrubText(req.url), remoteAddress: req.ip }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: (err: Error & { code?: unknown }) => ({
        type: err.name,
        message: scrubText(err.message),
        ...(typeof err.code === 'string' && { code: err.code }),
        ...(err.stack && { stack: scrubText(err.stack) }),
      }),
    },
    hooks: {
      // Message strings are scrubbed too: a log call that interpolates a value cannot leak it.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
      },
    },
    ...(stream && { stream }),
  };
}
