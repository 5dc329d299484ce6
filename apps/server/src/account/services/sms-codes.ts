// SMS verification codes (OWASP ASVS 4.0.3 V2.7.1-2.7.6, 5.0 V6.6; NIST SP 800-63B §5.1.3.2,
// §5.2.2): 6 digits from the CSPRNG, only a keyed hash stored, valid for a few minutes, single use, bound to
// phone and purpose, only the newest code per phone and purpose verifies, at most N attempts per code,
// and a per-phone failure counter that a resend does not reset locks verification for a while. All of it
// is kept apart for the phone's owner and for everyone else (sms-requester.ts): a code belongs to the
// bucket that asked for it and is verified only from that bucket, so a stranger's send never replaces the
// code the owner is about to type, and a stranger's wrong guesses never spend it.
//
// Races: an attempt is reserved (atomic increment) before the code is compared, so however many requests
// arrive at once, no code is ever compared more than maxAttemptsPerCode times; consuming is a setIfAbsent,
// so a correct code logs in once.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE, SUBCODE, type SmsPurpose } from '@tyd/protocol';
import type { SmsCodeRules } from '../../config/index.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import { activeUntil, claimUntil, replace } from './kv-records.js';
import type { SmsBucket } from './sms-requester.js';

interface StoredCode {
  /** Random id: attempt counters and the used marker hang off it, so a new code starts clean. */
  id: string;
  mac: string;
  expiresAt: number;
}

/** A code that matched; consume() spends it (once). */
export interface VerifiedCode {
  consume(): Promise<void>;
}

export interface SmsCodes {
  /** Draws a code (or the configured fixed one) without storing it: store() after the SMS went out. */
  draw(phone: string): string;
  /** Stores `code` as the only valid code of this phone, purpose and bucket. Returns when it expires. */
  store(phoneKey: string, purpose: SmsPurpose, code: string, now: number, bucket: SmsBucket): Promise<number>;
  /**
   * Checks a code against the one the bucket asked for; throws ApiError 4202/4203/4204, else returns a
   * handle to consume it. Wrong codes count and lock per phone and bucket (sms-requester.ts): strangers
   * cannot lock the owner out.
   */
  verify(phoneKey: string, purpose: SmsPurpose, code: string, now: number, bucket: SmsBucket): Promise<VerifiedCode>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wrong-code lock of a phone for one bucket; sending checks it too. */
export const smsLockKey = (phoneKey: string, bucket: SmsBucket) => `sms:lock:${phoneKey}:${bucket}`;

export function createSmsCodes(opts: {
  kv: KvStore;
  macKey: Buffer;
  rules: SmsCodeRules;
  /** Sandbox only: fixed codes of test numbers (config guarantees it). */
  fixedCodes: ReadonlyMap<string, string>;
}): SmsCodes {
  const { kv, macKey, rules } = opts;
  const codeKey = (phoneKey: string, purpose: SmsPurpose, bucket: SmsBucket) => `sms:code:${purpose}:${phoneKey}:${bucket}`;
  const mac = (phoneKey: string, purpose: SmsPurpose, id: string, code: string) =>
    createHmac('sha256', macKey).update(`${purpose}\n${phoneKey}\n${id}\n${code}`, 'utf8').digest();
  const retryAfter = (until: number, now: number) => ({ retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) });
  // The store keeps entries a little past their rule time; the rule itself is decided on the values.
  const keep = rules.codeTtlMs + 60_000;

  return {
    draw(phone) {
      return opts.fixedCodes.get(phone) ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
    },

    async store(phoneKey, purpose, code, now, bucket) {
      const id = randomBytes(16).toString('base64url');
      const expiresAt = now + rules.codeTtlMs;
      const stored: StoredCode = { id, mac: mac(phoneKey, purpose, id, code).toString('hex'), expiresAt };
      await replace(kv, codeKey(phoneKey, purpose, bucket), JSON.stringify(stored), keep);
      return expiresAt;
    },

    async verify(phoneKey, purpose, code, now, bucket) {
      const lockKey = smsLockKey(phoneKey, bucket);
      const failKey = `sms:fail:${phoneKey}:${bucket}`;
      const lockedUntil = await activeUntil(kv, lockKey, now);
      if (lockedUntil !== undefined) throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.SMS_VERIFY_LOCKED, { data: retryAfter(lockedUntil, now) });

      const text = await kv.get(codeKey(phoneKey, purpose, bucket));
      const stored = text ? (JSON.parse(text) as StoredCode) : undefined;
      if (!stored || stored.expiresAt <= now) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.SMS_CODE_EXPIRED, { detail: 'no live sms code' });

      // Reserve an attempt first (atomic), then compare: concurrency cannot buy extra guesses.
      const attempt = await kv.increment(`sms:tries:${stored.id}`, keep);
      if (attempt > rules.maxAttemptsPerCode) throw new ApiError(CODE.BAD_REQUEST, SUBCODE.SMS_CODE_EXPIRED, { detail: 'sms code dead after max attempts' });

      const expected = Buffer.from(stored.mac, 'hex');
      const matches = expected.length === 32 && timingSafeEqual(mac(phoneKey, purpose, stored.id, code), expected);
      if (!matches) {
        // Counted per phone across codes and purposes: a resend does not reset it (docs/api.md "SMS code rules").
        const failures = await kv.increment(failKey, DAY_MS);
        if (failures % rules.lockAfterFailures === 0) {
          const until = now + rules.lockMs;
          await replace(kv, lockKey, String(until), rules.lockMs + 60_000);
          throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.SMS_VERIFY_LOCKED, { data: retryAfter(until, now), detail: 'sms verification locked' });
        }
        throw new ApiError(CODE.BAD_REQUEST, SUBCODE.SMS_CODE_WRONG, { data: { attemptsLeft: Math.max(0, rules.maxAttemptsPerCode - attempt) } });
      }

      return {
        async consume() {
          if ((await claimUntil(kv, `sms:used:${stored.id}`, now, stored.expiresAt + 60_000)) !== undefined) {
            throw new ApiError(CODE.BAD_REQUEST, SUBCODE.SMS_CODE_EXPIRED, { detail: 'sms code already used' });
          }
          await kv.delete(failKey);
          // Gone for good; a newer code stored meanwhile stays.
          const current = await kv.get(codeKey(phoneKey, purpose, bucket));
          if (current && (JSON.parse(current) as StoredCode).id === stored.id) await kv.delete(codeKey(phoneKey, purpose, bucket));
        },
      };
    },
  };
}
