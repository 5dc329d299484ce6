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

function maskPatterns(text: string): string {
  let out = text;
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

/**
 * Masks the number patterns. Text is looked at decoded too, so an escaped separator or digit
 * (`%2013812345678`, `%31%33%38…`) hides nothing; when the decoded form needed masking, the masked decoded
 * form is returned, otherwise the text keeps its original encoding.
 */
export function scrubText(text: string): string {
  if (text.includes('%')) {
    const decoded = decodePercentSafely(text);
    const masked = maskPatterns(decoded);
    if (masked !== decoded) return masked;
  }
  return maskPatterns(text);
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
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>,
        );
      },
    },
    ...(stream && { stream }),
  };
}
