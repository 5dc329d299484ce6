// SMS codes (OWASP ASVS V2.7, NIST SP 800-63B §5.1.3, §5.2.2): the provider, the code rules, the sending
// limits and the human check (docs/api.md "SMS code rules").
import { z } from 'zod';
import { defineSection, whole, type SectionValue } from './section.js';

export const smsSection = defineSection({
  vars: {
    SMS_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
    SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_HTTP_TEMPLATE_ID: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .optional(),
    /** Bearer token the gateway expects (optional). */
    SMS_HTTP_TOKEN: z.string().min(16).optional(),
    SMS_HTTP_TIMEOUT_MS: whole(100, 60_000).default(5_000),
    /** Sandbox only: fixed codes for test numbers, "13800000000=123456,13800000001=654321". */
    SMS_SANDBOX_FIXED_CODES: z
      .string()
      .regex(/^1[3-9]\d{9}=\d{6}(,1[3-9]\d{9}=\d{6})*$/, 'comma-separated phone=6-digit code pairs')
      .optional(),
    SMS_CODE_TTL_SECONDS: whole(60, 900).default(300),
    /** Under 10 only with the sandbox provider (the browser journeys' quick log-in-again). */
    SMS_COOLDOWN_SECONDS: whole(1, 600).default(60),
    SMS_MAX_ATTEMPTS_PER_CODE: whole(1, 10).default(5),
    SMS_LOCK_AFTER_FAILURES: whole(3, 100).default(10),
    SMS_LOCK_MINUTES: whole(1, 1_440).default(15),
    SMS_DAILY_CAP_PER_PHONE: whole(1, 100).default(10),
    SMS_HOURLY_CAP_PER_IP: whole(1, 100_000).default(60),
    // Everyone but the phone's owner (account/services/sms-requester.ts) backs off instead of hitting a cap
    // that would block the owner on a new device until midnight: after this many sends of a China day
    // each further cooldown doubles, up to the maximum (docs/api.md "The owner's limits").
    SMS_OTHERS_BACKOFF_AFTER: whole(1, 100).default(3),
    SMS_OTHERS_BACKOFF_MAX_MINUTES: whole(1, 1_440).default(60),
    /** Sends from one client address in an hour before each further send needs a proof of work. */
    HUMAN_CHECK_IP_PER_HOUR: whole(0, 100_000).default(5),
    /** Sends by the whole service in a minute before every send needs a proof of work. */
    HUMAN_CHECK_SERVICE_PER_MINUTE: whole(0, 1_000_000).default(200),
    /** ALTCHA PBKDF2 iterations per attempt, and the range of the secret counter (= expected attempts). */
    POW_COST: whole(1, 100_000).default(100),
    POW_COUNTER_MIN: whole(1, 10_000_000).default(1_000),
    POW_COUNTER_MAX: whole(1, 10_000_000).default(4_000),
  },
  check: (e, { env }) => [
    e.SMS_PROVIDER === 'http' && !(e.SMS_HTTP_URL && e.SMS_HTTP_TEMPLATE_ID) && 'SMS_HTTP_URL, SMS_HTTP_TEMPLATE_ID: required with SMS_PROVIDER=http',
    e.SMS_PROVIDER !== 'sandbox' &&
      e.SMS_SANDBOX_FIXED_CODES &&
      'SMS_SANDBOX_FIXED_CODES: only with SMS_PROVIDER=sandbox (fixed codes never reach real phones)',
    e.SMS_PROVIDER !== 'sandbox' &&
      e.SMS_COOLDOWN_SECONDS < 10 &&
      'SMS_COOLDOWN_SECONDS: at least 10 unless SMS_PROVIDER=sandbox (a real phone is never sent a code every few seconds)',
    e.POW_COUNTER_MIN > e.POW_COUNTER_MAX && 'POW_COUNTER_MIN: must not exceed POW_COUNTER_MAX',
    e.SMS_OTHERS_BACKOFF_MAX_MINUTES * 60 < e.SMS_COOLDOWN_SECONDS && 'SMS_OTHERS_BACKOFF_MAX_MINUTES: must not be shorter than SMS_COOLDOWN_SECONDS',
    env === 'production' && e.SMS_PROVIDER === 'sandbox' && 'SMS_PROVIDER: the sandbox provider sends no real SMS and is refused when NODE_ENV=production',
    env === 'production' &&
      e.SMS_HTTP_URL?.startsWith('http:') &&
      'SMS_HTTP_URL: must be https:// when NODE_ENV=production (phone numbers and codes travel in it)',
  ],
  build: (e) => ({
    provider: e.SMS_PROVIDER,
    http:
      e.SMS_HTTP_URL && e.SMS_HTTP_TEMPLATE_ID
        ? { url: e.SMS_HTTP_URL, templateId: e.SMS_HTTP_TEMPLATE_ID, token: e.SMS_HTTP_TOKEN, timeoutMs: e.SMS_HTTP_TIMEOUT_MS }
        : undefined,
    /** Sandbox only: phone -> fixed code. */
    fixedCodes: new Map((e.SMS_SANDBOX_FIXED_CODES?.split(',') ?? []).map((pair) => pair.split('=') as [string, string])) as ReadonlyMap<string, string>,
    codes: {
      codeTtlMs: e.SMS_CODE_TTL_SECONDS * 1000,
      cooldownMs: e.SMS_COOLDOWN_SECONDS * 1000,
      maxAttemptsPerCode: e.SMS_MAX_ATTEMPTS_PER_CODE,
      lockAfterFailures: e.SMS_LOCK_AFTER_FAILURES,
      lockMs: e.SMS_LOCK_MINUTES * 60_000,
      dailyCapPerPhone: e.SMS_DAILY_CAP_PER_PHONE,
      hourlyCapPerIp: e.SMS_HOURLY_CAP_PER_IP,
      othersBackoffAfter: e.SMS_OTHERS_BACKOFF_AFTER,
      othersBackoffMaxMs: e.SMS_OTHERS_BACKOFF_MAX_MINUTES * 60_000,
    },
    humanCheck: {
      ipPerHour: e.HUMAN_CHECK_IP_PER_HOUR,
      servicePerMinute: e.HUMAN_CHECK_SERVICE_PER_MINUTE,
      cost: e.POW_COST,
      counterMin: e.POW_COUNTER_MIN,
      counterMax: e.POW_COUNTER_MAX,
    },
  }),
});
export type SmsConfig = SectionValue<typeof smsSection>;
export type SmsCodeRules = SmsConfig['codes'];
export type HumanCheckRules = SmsConfig['humanCheck'];
