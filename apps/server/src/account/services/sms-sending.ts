// Sending SMS codes: resend cooldown per phone (406 + remaining seconds), kept apart for the phone's owner
// and everyone else (sms-requester.ts); the owner has a daily cap, everyone else a cooldown that doubles
// after a few sends a day (othersCooldownMs), so a stranger slows the others down but blocks no one for the day;
// hourly cap per client address, and a proof of work once an address or the whole service asks for a
// suspicious volume. Order: cheap refusals first, then the human check, then the caps, then the claim of
// the cooldown (atomic), the provider, and only then the code is stored (a failed send leaves the previous
// code valid and starts no cooldown).
import { CODE, DAY_MS, SUBCODE, chinaDay, chinaDayEnd, type SmsPurpose, type SmsSendRetryLater } from '@tyd/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsCodeRules, HumanCheckRules } from '../../config/index.js';
import { ApiError } from '../../http/api-error.js';
import type { KvStore } from '../../kv/kv-store.js';
import { SmsDeliveryError, type SmsProvider } from '../../providers/sms/sms-provider.js';
import { activeUntil, claimUntil } from './kv-records.js';
import type { PowSolution, ProofOfWork } from './proof-of-work.js';
import { smsLockKey, type SmsCodes } from './sms-codes.js';
import type { SmsBucket } from './sms-requester.js';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface SendRequest {
  phone: string;
  /** The phone's lookup hash: kv keys never hold a phone number. */
  phoneKey: string;
  purpose: SmsPurpose;
  clientAddress: string;
  /** The owner's limits are apart from everyone else's (sms-requester.ts). */
  bucket: SmsBucket;
  proofOfWork: PowSolution | undefined;
  now: number;
}

export interface SmsSending {
  send(request: SendRequest): Promise<{ cooldownSeconds: number; expiresInSeconds: number }>;
}

const retryLater = (data: SmsSendRetryLater, subcode?: typeof SUBCODE.HUMAN_CHECK_REQUIRED | typeof SUBCODE.HUMAN_CHECK_FAILED) =>
  new ApiError(CODE.RETRY_LATER, subcode, { data, detail: data.reason });
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The cooldown after the `nth` send of a China day in the "others" bucket: the normal cooldown for the
 * first `othersBackoffAfter` sends, then doubling each send, at most `othersBackoffMaxMs`. A stranger
 * sending without end gets a handful of codes an hour at most, and the owner on a new device waits
 * minutes (at most the maximum), never until midnight.
 */
export function othersCooldownMs(rules: Pick<SmsCodeRules, 'cooldownMs' | 'othersBackoffAfter' | 'othersBackoffMaxMs'>, nth: number): number {
  const doublings = Math.max(0, nth - rules.othersBackoffAfter);
  return Math.min(rules.othersBackoffMaxMs, rules.cooldownMs * 2 ** Math.min(doublings, 30));
}

export function createSmsSending(opts: {
  kv: KvStore;
  codes: SmsCodes;
  proofOfWork: ProofOfWork;
  provider: SmsProvider;
  rules: SmsCodeRules;
  humanCheck: HumanCheckRules;
  log: FastifyBaseLogger;
}): SmsSending {
  const { kv, codes, rules, humanCheck } = opts;
  const count = async (key: string) => Number((await kv.get(key)) ?? 0);

  return {
    async send({ phone, phoneKey, purpose, clientAddress, bucket, proofOfWork, now }) {
      const cooldownKey = `sms:cooldown:${phoneKey}:${bucket}`;
      const cooling = await activeUntil(kv, cooldownKey, now);
      if (cooling !== undefined) throw retryLater({ reason: 'cooldown', retryAfterSeconds: seconds(cooling - now) });

      // While wrong codes have locked this phone's verification, a new code could not be used anyway:
      // sending one would only cost money and disturb the owner.
      const lockedUntil = await activeUntil(kv, smsLockKey(phoneKey, bucket), now);
      if (lockedUntil !== undefined) {
        throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.SMS_VERIFY_LOCKED, { data: { retryAfterSeconds: seconds(lockedUntil - now) } });
      }

      const hour = Math.floor(now / HOUR_MS);
      const minute = Math.floor(now / MINUTE_MS);
      // "Today" is the China day (@tyd/protocol's china-time.ts): the cap text says 请明天再试.
      const day = chinaDay(now);
      const ipKey = `sms:ip:${clientAddress}:${hour}`;
      const dayKey = `sms:day:${phoneKey}:${bucket}:${day}`;

      // Human check: above the volume an address or the service normally asks for, every send needs a
      // solved, unused challenge (the threshold 0 means always). Each attempt is counted first and the
      // decision taken on the atomic increment's result: reading the count and adding later let a burst of
      // parallel attempts all read the same low count and all go out without a proof.
      const attemptsFromAddress = await kv.increment(`sms:attempts:ip:${clientAddress}:${hour}`, HOUR_MS + MINUTE_MS);
      const attemptsByService = await kv.increment(`sms:attempts:service:${minute}`, 2 * MINUTE_MS);
      const suspicious = attemptsFromAddress > humanCheck.ipPerHour || attemptsByService > humanCheck.servicePerMinute;
      if (suspicious) {
        if (!proofOfWork) throw retryLater({ reason: 'human-check', challenge: await opts.proofOfWork.challenge(now) }, SUBCODE.HUMAN_CHECK_REQUIRED);
        if (!(await opts.proofOfWork.verify(proofOfWork, now))) {
          throw retryLater({ reason: 'human-check', challenge: await opts.proofOfWork.challenge(now) }, SUBCODE.HUMAN_CHECK_FAILED);
        }
      }

      const endOfDay = chinaDayEnd(day);
      const sentToday = await count(dayKey);
      if (bucket === 'owner' && sentToday >= rules.dailyCapPerPhone) {
        throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.SMS_DAILY_LIMIT, { data: { retryAfterSeconds: seconds(endOfDay - now) } });
      }
      // Counted before sending (atomic), so a burst from one address cannot overshoot the cap.
      if ((await kv.increment(ipKey, HOUR_MS + MINUTE_MS)) > rules.hourlyCapPerIp) {
        throw new ApiError(CODE.TOO_MANY_REQUESTS, SUBCODE.SMS_RATE_LIMITED, { data: { retryAfterSeconds: seconds((hour + 1) * HOUR_MS - now) } });
      }

      const cooldownMs = bucket === 'owner' ? rules.cooldownMs : othersCooldownMs(rules, sentToday + 1);
      const claimed = await claimUntil(kv, cooldownKey, now, now + cooldownMs);
      if (claimed !== undefined) throw retryLater({ reason: 'cooldown', retryAfterSeconds: seconds(claimed - now) });

      const code = codes.draw(phone);
      try {
        await opts.provider.send({ phone, purpose, code, validMinutes: Math.round(rules.codeTtlMs / MINUTE_MS) });
      } catch (error) {
        await kv.delete(cooldownKey);
        if (error instanceof SmsDeliveryError) {
          opts.log.warn({ provider: opts.provider.name, reason: error.reason, detail: error.message, purpose }, 'sms not sent');
          throw new ApiError(CODE.UPSTREAM_FAILED, SUBCODE.SMS_SEND_FAILED, { detail: error.message });
        }
        throw error;
      }
      const expiresAt = await codes.store(phoneKey, purpose, code, now, bucket);
      await kv.increment(dayKey, DAY_MS + HOUR_MS);
      return { cooldownSeconds: seconds(cooldownMs), expiresInSeconds: seconds(expiresAt - now) };
    },
  };
}
