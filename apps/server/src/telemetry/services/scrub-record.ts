// The collector is open to anyone and its records are hostile input: nothing that looks like a token,
// phone, ID, card number or SMS code is stored unmasked (rules; SPEC §3 masking). Masking rather than
// rejecting: a legitimate page may carry such a number in its address, and the rest of the record is
// still worth keeping. The patterns are the log scrubber's (logging.ts), so logs and analytics agree.
import { scrubText } from '../../logging.js';

/** `ed` keys whose value is a secret or personal number whatever it looks like. */
const SENSITIVE_KEY =
  /phone|mobile|token|smscode|authcode|verifycode|password|passwd|secret|idnumber|idcard|idno|cardno|cardnumber|bankcard|cookie|authorization|^x?-?sign$|signature/i;
export const REDACTED = '[redacted]';

type EdValue = string | number | boolean | null;

function scrubValue(key: string, value: EdValue): EdValue {
  if (SENSITIVE_KEY.test(key)) return REDACTED;
  if (typeof value === 'string') return scrubText(value);
  // A number shaped like a mobile (11 digits, or 13 with the country code 86), card (16-19) or ID (18)
  // number is stored masked, as text. Other numbers (durations, amounts, timestamps of 13 digits) are kept.
  if (typeof value === 'number' && Number.isInteger(value)) {
    const digits = String(Math.abs(value));
    if (/^(?:86)?1[3-9]\d{9}$/.test(digits) || /^\d{16,19}$/.test(digits)) return scrubText(digits);
  }
  return value;
}

export function scrubEd(ed: Record<string, EdValue>): Record<string, EdValue> {
  const out: Record<string, EdValue> = {};
  for (const [key, value] of Object.entries(ed)) out[key] = scrubValue(key, value);
  return out;
}
