// Configuration from environment variables, validated once at start (STYLE.md "Boundaries").
// Secrets missing outside production are generated into ${DATA_DIR}/keys.json (see keys-file.ts);
// production refuses to start without them, and refuses sandbox providers (docs/operations.md "Configuration").
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { MAX_BATCH_BYTES, type OperatorDetails } from '@tyd/protocol';
import { z } from 'zod';
import { repoRoot } from './paths.js';
import { PROVIDER_MODES, type HttpProviderSettings, type ProviderMode } from './providers/provider-mode.js';

const base64UrlSecret = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43,}$/, 'base64url (no padding) of at least 32 random bytes');

const serverKeySchema = z
  .object({
    kid: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'kid: 1..32 characters of [A-Za-z0-9_-]'),
    publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'publicKey: base64url of the 65-byte uncompressed P-256 point'),
    privateKey: z.string().regex(/^[A-Za-z0-9_-]{40,}$/, 'privateKey: base64url PKCS#8 DER'),
  })
  .strict();
export type ServerKey = z.infer<typeof serverKeySchema>;

/** Oldest first; the last key is the current one, advertised to browsers. Older ones still open requests. */
export const serverKeysSchema = z
  .array(serverKeySchema)
  .min(1)
  .refine((keys) => new Set(keys.map((k) => k.kid)).size === keys.length, 'key ids must be unique');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For entries to believe: none (false), the last N hops (a number: N proxies of ours in
 * front), or the hops that come from the listed proxy addresses or CIDR ranges. `true` would believe the
 * left-most entry, which any client writes itself, so it is refused rather than silently kept.
 */
const trustProxy = z.string().transform((text, ctx): false | number | string[] => {
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would take the client address from the left-most X-Forwarded-For entry, which any client can write; ' +
        'set the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d{1,2}$/.test(text) && Number(text) <= 10) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: 'custom', message: 'false, a hop count 1..10, or comma-separated proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)' });
  return z.NEVER;
});
const millis = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

/**
 * OCR_*, FACE_*, BANKCARD_*: a verification provider's mode and, for `http`, its Tencent Cloud style
 * endpoint, credentials (SecretId/SecretKey of a sub-account with only that API), region and timeout.
 */
const VERIFICATION_PROVIDERS = {
  ocr: { prefix: 'OCR', url: 'https://ocr.tencentcloudapi.com', region: 'ap-guangzhou' },
  face: { prefix: 'FACE', url: 'https://faceid.tencentcloudapi.com', region: '' },
  bankCard: { prefix: 'BANKCARD', url: 'https://faceid.tencentcloudapi.com', region: '' },
} as const;
type VerificationProvider = keyof typeof VERIFICATION_PROVIDERS;
const providerEnv = <P extends string>(prefix: P, url: string, region: string) =>
  ({
    [`${prefix}_PROVIDER`]: z.enum(PROVIDER_MODES).default('sandbox'),
    [`${prefix}_HTTP_URL`]: z.url({ protocol: /^https?$/ }).default(url),
    [`${prefix}_HTTP_SECRET_ID`]: z.string().regex(/^[A-Za-z0-9]{16,128}$/).optional(),
    [`${prefix}_HTTP_SECRET_KEY`]: z.string().regex(/^[A-Za-z0-9]{16,128}$/).optional(),
    [`${prefix}_HTTP_REGION`]: z.string().regex(/^[a-z0-9-]{0,32}$/).default(region),
    [`${prefix}_HTTP_TIMEOUT_MS`]: z.coerce.number().int().min(100).max(60_000).default(8_000),
  }) as Record<`${P}_PROVIDER`, z.ZodDefault<z.ZodEnum<{ sandbox: 'sandbox'; http: 'http' }>>> &
    Record<`${P}_HTTP_URL` | `${P}_HTTP_REGION`, z.ZodDefault<z.ZodString>> &
    Record<`${P}_HTTP_SECRET_ID` | `${P}_HTTP_SECRET_KEY`, z.ZodOptional<z.ZodString>> &
    Record<`${P}_HTTP_TIMEOUT_MS`, z.ZodDefault<z.ZodCoercedNumber>>;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('var'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('tyd:'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECURE: booleanFlag.optional(),
  HTTP_REQUEST_TIMEOUT_MS: millis(30_000),
  HTTP_CONNECTION_TIMEOUT_MS: millis(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: millis(72_000),
  SHUTDOWN_TIMEOUT_MS: millis(10_000),
  // The in-process short-lived stores (plugins/request-kv.ts), about 320 bytes per entry (measured), so
  // at most about 160 MB each at the defaults. KV_MAX_ENTRIES bounds the security state (SMS codes,
  // cooldowns, locks, counters); REQUEST_KV_MAX_ENTRIES the nonces and request budget counters: a nonce
  // lives at most 361 s, so the default holds over 1,300 sealed calls/s sustained.
  KV_MAX_ENTRIES: z.coerce.number().int().min(1_000).max(10_000_000).default(500_000),
  REQUEST_KV_MAX_ENTRIES: z.coerce.number().int().min(1_000).max(10_000_000).default(500_000),
  // Requests per client address (IPv6: per /64) and per session in a fixed one-minute window, counted
  // before a request's envelope is opened (api-pipeline.ts). The address budget is generous because
  // mobile carriers put many users behind one address; a session is one user.
  API_RATE_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(1_200),
  API_RATE_PER_SESSION_PER_MINUTE: z.coerce.number().int().min(10).max(1_000_000).default(300),
  // Bounds towards PostgreSQL and Redis: a black-holed link fails requests with a coded error and /readyz
  // with 503 instead of hanging them (docs/operations.md "Timeouts towards PostgreSQL and Redis").
  DATABASE_CONNECT_TIMEOUT_MS: millis(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: millis(10_000),
  REDIS_CONNECT_TIMEOUT_MS: millis(2_000),
  REDIS_COMMAND_TIMEOUT_MS: millis(1_000),
  READINESS_TIMEOUT_MS: millis(2_000),
  // Disk space alarm on DATA_DIR (plugins/disk-space.ts): a warning at most once per interval below the
  // threshold, and the reading in /readyz.
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(1).max(100_000_000).default(1_024),
  DATA_DIR_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  SMS_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  // SMS codes (OWASP ASVS V2.7, NIST SP 800-63B §5.1.3, §5.2.2), human check, consent, retention.
  SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_HTTP_TEMPLATE_ID: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).optional(),
  /** Bearer token the gateway expects (optional). */
  SMS_HTTP_TOKEN: z.string().min(16).optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Sandbox only: fixed codes for test numbers, "13800000000=123456,13800000001=654321". */
  SMS_SANDBOX_FIXED_CODES: z
    .string()
    .regex(/^1[3-9]\d{9}=\d{6}(,1[3-9]\d{9}=\d{6})*$/, 'comma-separated phone=6-digit code pairs')
    .optional(),
  SMS_CODE_TTL_SECONDS: z.coerce.number().int().min(60).max(900).default(300),
  SMS_COOLDOWN_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  SMS_MAX_ATTEMPTS_PER_CODE: z.coerce.number().int().min(1).max(10).default(5),
  SMS_LOCK_AFTER_FAILURES: z.coerce.number().int().min(3).max(100).default(10),
  SMS_LOCK_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().min(1).max(100).default(10),
  SMS_HOURLY_CAP_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Sends from one client address in an hour before each further send needs a proof of work. */
  HUMAN_CHECK_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(5),
  /** Sends by the whole service in a minute before every send needs a proof of work. */
  HUMAN_CHECK_SERVICE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** ALTCHA PBKDF2 iterations per attempt, and the range of the secret counter (= expected attempts). */
  POW_COST: z.coerce.number().int().min(1).max(100_000).default(100),
  POW_COUNTER_MIN: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  POW_COUNTER_MAX: z.coerce.number().int().min(1).max(10_000_000).default(4_000),
  PRIVACY_POLICY_VERSION: z.string().regex(/^[0-9A-Za-z._-]{1,32}$/).default('2026-11-01'),
  PRIVACY_POLICY_TITLE: z.string().min(1).max(100).default('隐私政策'),
  PRIVACY_POLICY_URL: z.string().min(1).max(2048).default('/agreements/privacy-policy.html'),
  PRIVACY_POLICY_SUMMARY: z.string().max(2000).default(''),
  SERVICE_AGREEMENT_VERSION: z.string().regex(/^[0-9A-Za-z._-]{1,32}$/).default('2026-11-01'),
  SERVICE_AGREEMENT_TITLE: z.string().min(1).max(100).default('用户服务协议'),
  SERVICE_AGREEMENT_URL: z.string().min(1).max(2048).default('/agreements/service-agreement.html'),
  SERVICE_AGREEMENT_SUMMARY: z.string().max(2000).default(''),
  /** Years deregistered accounts' identity records are kept (revised PRC AML Law art. 40: at least 10). */
  RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(10),
  AUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(10).max(600).default(120),
  /** Authorisation codes one session may mint per hour (authorized-code). */
  AUTH_CODE_MINTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  TYD_SERVER_KEYS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(serverKeysSchema)
    .optional(),
  TYD_APP_SECRET_WEB: base64UrlSecret.optional(),
  TYD_APP_SECRET_IOS: base64UrlSecret.optional(),
  TYD_APP_SECRET_ANDROID: base64UrlSecret.optional(),
  TYD_COOKIE_SECRET: base64UrlSecret.optional(),
  TYD_PHONE_HASH_KEY: base64UrlSecret.optional(),
  TYD_DATA_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'base64url of exactly 32 random bytes (AES-256 key)')
    .optional(),
  /**
   * Partner origins a login or an authorised login may send the user on to (SPEC §2 returnUrl), as
   * "https://a.example.com,https://b.example.com". Anything else is ignored by the page.
   */
  RETURN_ORIGINS: z
    .string()
    .transform((text) => text.split(',').map((origin) => origin.trim()))
    .pipe(z.array(z.string().refine(isHttpsOrigin, 'each entry an https origin, e.g. https://partner.example.com (no path)')).max(50))
    .optional(),
  /** /download (SPEC §1): where the native apps are published; unset platforms show no link. */
  APP_DOWNLOAD_ANDROID_URL: z.url({ protocol: /^https$/ }).max(2048).optional(),
  APP_DOWNLOAD_IOS_URL: z.url({ protocol: /^https$/ }).max(2048).optional(),
  /**
   * Who runs the service, shown on home, login and 我的 (docs/operations.md "Operator details"): a
   * lending app shows its operator, licence and filing numbers and a customer-service phone. Unset
   * fields are not shown; never invent them.
   */
  OPERATOR_NAME: z.string().trim().min(1).max(60).default('通盈达'),
  OPERATOR_LICENCE: z.string().trim().min(1).max(120).optional(),
  OPERATOR_FILING: z.string().trim().min(1).max(60).optional(),
  SERVICE_PHONE: z
    .string()
    .trim()
    .regex(/^[0-9][0-9-]{4,19}$/, 'digits and hyphens, e.g. 400-820-0000')
    .optional(),
  SERVICE_HOURS: z.string().trim().min(1).max(40).optional(),
  // Analytics collector, operations view (docs/operations.md "Analytics, deep links and the operations view").
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  TELEMETRY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  // Bytes, not only batches (docs/telemetry.md "Collector limits"): 600 batches of 60 KB let one address
  // write 36 MB a minute. Per address (IPv6: per /64) and minute at least one full batch; per China day
  // what the collector may store in all (the disk's share for analytics).
  TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(MAX_BATCH_BYTES).max(1_000_000_000).default(3_000_000),
  TELEMETRY_STORED_BYTES_PER_DAY: z.coerce.number().int().min(10_000).max(1_000_000_000_000).default(1_000_000_000),
  // Photo uploads (docs/protocol.md §14): the largest photo as sent (the web sends at most 3 MB after
  // compressing; native apps may send camera originals), how long an unused upload lives, and how many
  // unused ones an account may hold.
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1_048_576).max(64 * 1_048_576).default(8 * 1_048_576),
  UPLOAD_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  UPLOAD_MAX_LIVE_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
  ...providerEnv('OCR', VERIFICATION_PROVIDERS.ocr.url, VERIFICATION_PROVIDERS.ocr.region),
  ...providerEnv('FACE', VERIFICATION_PROVIDERS.face.url, VERIFICATION_PROVIDERS.face.region),
  ...providerEnv('BANKCARD', VERIFICATION_PROVIDERS.bankCard.url, VERIFICATION_PROVIDERS.bankCard.region),
  /** FaceID's RuleId (business flow configured in the vendor console); required with FACE_PROVIDER=http. */
  FACE_HTTP_RULE_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  /** Bearer token of the operations API; unset outside production turns that API off. */
  TYD_ADMIN_TOKEN: base64UrlSecret.optional(),
  /** bench:server only: every API route also unsealed under /bench-unsealed (api-pipeline.ts); refused in production. */
  BENCH_UNSEALED_ROUTES: booleanFlag.default(false),
});
export type EnvConfig = z.infer<typeof envSchema>;

/** Secrets: from the environment, or (outside production) from ${DATA_DIR}/keys.json. */
export interface Secrets {
  serverKeys: ServerKey[];
  /** Per-platform HMAC keys for x-sign (SPEC §6). The web one ships in every page. */
  appSecrets: { web: string; ios: string; android: string };
  /** HMAC key of the XSRF-TOKEN cookie value, so a planted cookie is rejected. */
  cookieSecret: string;
  /** HMAC key of the phone lookup hash (users.phone_hash). */
  phoneHashKey: string;
  /** AES-256-GCM key encrypting phone numbers at rest (users.phone_enc). */
  dataKey: string;
}

export const SECRET_ENV = {
  serverKeys: 'TYD_SERVER_KEYS',
  web: 'TYD_APP_SECRET_WEB',
  ios: 'TYD_APP_SECRET_IOS',
  android: 'TYD_APP_SECRET_ANDROID',
  cookieSecret: 'TYD_COOKIE_SECRET',
  phoneHashKey: 'TYD_PHONE_HASH_KEY',
  dataKey: 'TYD_DATA_KEY',
} as const;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  logLevel: EnvConfig['LOG_LEVEL'];
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redis: { url: string; keyPrefix: string } | undefined;
  webDist: string;
  /** Partner origins the page may follow a returnUrl to (browser-visible). */
  returnOrigins: string[];
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs (never true: see TRUST_PROXY). */
  trustProxy: false | number | string[];
  cookieSecure: boolean;
  timeouts: { requestMs: number; connectionMs: number; keepAliveMs: number; shutdownMs: number };
  kvMaxEntries: number;
  requestKvMaxEntries: number;
  /** Requests per client address and per session in a one-minute window (api-pipeline.ts). */
  requestBudget: { perAddressPerMinute: number; perSessionPerMinute: number };
  /** bench:server only: the API routes also without the envelope, to measure what it costs (bench/README.md). */
  benchUnsealedRoutes: boolean;
  upstreamTimeouts: UpstreamTimeouts;
  /** Free space below which the data directory's disk is reported low, and how often it is checked. */
  diskAlarm: { minFreeBytes: number; checkIntervalMs: number };
  appDownload: { androidUrl: string | null; iosUrl: string | null };
  operator: OperatorDetails;
  smsProvider: EnvConfig['SMS_PROVIDER'];
  /** OCR, face and bank-card verification: sandbox, or the http settings of each (docs/sandbox.md). */
  verification: {
    ocr: ProviderChoice;
    face: ProviderChoice & { ruleId: string | undefined };
    bankCard: ProviderChoice;
  };
  /** Photo uploads: largest photo in bytes, lifetime of an unused upload, unused uploads per account. */
  uploads: { maxBytes: number; ttlMs: number; maxLivePerUser: number };
  /** SMS codes, sending limits, proof of work, consent documents, retention, authorisation codes. */
  accounts: AccountsConfig;
  /** Secrets given in the environment; the rest are filled by resolveSecrets(). */
  explicitSecrets: Partial<Omit<Secrets, 'appSecrets'>> & { appSecrets: Partial<Secrets['appSecrets']> };
  /** Analytics retention and collector limits; the operations API token (undefined: API off). */
  telemetry: {
    retentionDays: number;
    rateLimitPerMinute: number;
    bytesPerAddressPerMinute: number;
    storedBytesPerDay: number;
    adminToken: string | undefined;
  };
}

/** Connect, statement and command bounds towards PostgreSQL and Redis, and the bound of each /readyz check. */
export interface UpstreamTimeouts {
  databaseConnectMs: number;
  databaseStatementMs: number;
  redisConnectMs: number;
  redisCommandMs: number;
  readinessMs: number;
}

export interface LegalDocumentConfig {
  version: string;
  title: string;
  url: string;
  summary: string;
}

export interface AccountsConfig {
  sms: {
    http: { url: string; templateId: string; token: string | undefined; timeoutMs: number } | undefined;
    /** Sandbox only: phone -> fixed code. */
    fixedCodes: ReadonlyMap<string, string>;
    codeTtlMs: number;
    cooldownMs: number;
    maxAttemptsPerCode: number;
    lockAfterFailures: number;
    lockMs: number;
    dailyCapPerPhone: number;
    hourlyCapPerIp: number;
  };
  humanCheck: { ipPerHour: number; servicePerMinute: number; cost: number; counterMin: number; counterMax: number };
  legal: { privacy: LegalDocumentConfig; agreement: LegalDocumentConfig };
  retentionYears: number;
  authCodeTtlMs: number;
  authCodeMintsPerHour: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(repoRoot, p));

function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
}

/** Parses and validates the environment. Throws ConfigError listing every problem at once. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const accountProblems = [
    e.SMS_PROVIDER === 'http' && !(e.SMS_HTTP_URL && e.SMS_HTTP_TEMPLATE_ID) && '  SMS_HTTP_URL, SMS_HTTP_TEMPLATE_ID: required with SMS_PROVIDER=http',
    e.SMS_PROVIDER !== 'sandbox' && e.SMS_SANDBOX_FIXED_CODES && '  SMS_SANDBOX_FIXED_CODES: only with SMS_PROVIDER=sandbox (fixed codes never reach real phones)',
    e.POW_COUNTER_MIN > e.POW_COUNTER_MAX && '  POW_COUNTER_MIN: must not exceed POW_COUNTER_MAX',
    ...Object.values(VERIFICATION_PROVIDERS).map(
      ({ prefix }) =>
        e[`${prefix}_PROVIDER`] === 'http' &&
        !(e[`${prefix}_HTTP_SECRET_ID`] && e[`${prefix}_HTTP_SECRET_KEY`]) &&
        `  ${prefix}_HTTP_SECRET_ID, ${prefix}_HTTP_SECRET_KEY: required with ${prefix}_PROVIDER=http`,
    ),
    e.FACE_PROVIDER === 'http' && !e.FACE_HTTP_RULE_ID && '  FACE_HTTP_RULE_ID: required with FACE_PROVIDER=http',
  ].filter((problem) => typeof problem === 'string');
  if (accountProblems.length > 0) throw new ConfigError(`invalid configuration:\n${accountProblems.join('\n')}`);
  const dataDir = fromRoot(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  const appSecrets = {
    ...(e.TYD_APP_SECRET_WEB && { web: e.TYD_APP_SECRET_WEB }),
    ...(e.TYD_APP_SECRET_IOS && { ios: e.TYD_APP_SECRET_IOS }),
    ...(e.TYD_APP_SECRET_ANDROID && { android: e.TYD_APP_SECRET_ANDROID }),
  };
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: resolve(dataDir, 'tyd.sqlite') },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    webDist: fromRoot(e.WEB_DIST),
    returnOrigins: e.RETURN_ORIGINS ?? [],
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? production,
    timeouts: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      connectionMs: e.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    kvMaxEntries: e.KV_MAX_ENTRIES,
    requestKvMaxEntries: e.REQUEST_KV_MAX_ENTRIES,
    requestBudget: { perAddressPerMinute: e.API_RATE_PER_ADDRESS_PER_MINUTE, perSessionPerMinute: e.API_RATE_PER_SESSION_PER_MINUTE },
    benchUnsealedRoutes: e.BENCH_UNSEALED_ROUTES,
    upstreamTimeouts: {
      databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      databaseStatementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
      redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
      readinessMs: e.READINESS_TIMEOUT_MS,
    },
    diskAlarm: { minFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1_048_576, checkIntervalMs: e.DATA_DIR_CHECK_INTERVAL_SECONDS * 1000 },
    appDownload: { androidUrl: e.APP_DOWNLOAD_ANDROID_URL ?? null, iosUrl: e.APP_DOWNLOAD_IOS_URL ?? null },
    operator: {
      name: e.OPERATOR_NAME,
      ...(e.OPERATOR_LICENCE ? { licence: e.OPERATOR_LICENCE } : {}),
      ...(e.OPERATOR_FILING ? { filing: e.OPERATOR_FILING } : {}),
      ...(e.SERVICE_PHONE ? { servicePhone: e.SERVICE_PHONE } : {}),
      ...(e.SERVICE_HOURS ? { serviceHours: e.SERVICE_HOURS } : {}),
    },
    smsProvider: e.SMS_PROVIDER,
    verification: {
      ocr: providerChoice(e, 'ocr'),
      face: { ...providerChoice(e, 'face'), ruleId: e.FACE_HTTP_RULE_ID },
      bankCard: providerChoice(e, 'bankCard'),
    },
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES, ttlMs: e.UPLOAD_TTL_SECONDS * 1000, maxLivePerUser: e.UPLOAD_MAX_LIVE_PER_USER },
    accounts: {
      sms: {
        http:
          e.SMS_HTTP_URL && e.SMS_HTTP_TEMPLATE_ID
            ? { url: e.SMS_HTTP_URL, templateId: e.SMS_HTTP_TEMPLATE_ID, token: e.SMS_HTTP_TOKEN, timeoutMs: e.SMS_HTTP_TIMEOUT_MS }
            : undefined,
        fixedCodes: new Map((e.SMS_SANDBOX_FIXED_CODES?.split(',') ?? []).map((pair) => pair.split('=') as [string, string])),
        codeTtlMs: e.SMS_CODE_TTL_SECONDS * 1000,
        cooldownMs: e.SMS_COOLDOWN_SECONDS * 1000,
        maxAttemptsPerCode: e.SMS_MAX_ATTEMPTS_PER_CODE,
        lockAfterFailures: e.SMS_LOCK_AFTER_FAILURES,
        lockMs: e.SMS_LOCK_MINUTES * 60_000,
        dailyCapPerPhone: e.SMS_DAILY_CAP_PER_PHONE,
        hourlyCapPerIp: e.SMS_HOURLY_CAP_PER_IP,
      },
      humanCheck: {
        ipPerHour: e.HUMAN_CHECK_IP_PER_HOUR,
        servicePerMinute: e.HUMAN_CHECK_SERVICE_PER_MINUTE,
        cost: e.POW_COST,
        counterMin: e.POW_COUNTER_MIN,
        counterMax: e.POW_COUNTER_MAX,
      },
      legal: {
        privacy: { version: e.PRIVACY_POLICY_VERSION, title: e.PRIVACY_POLICY_TITLE, url: e.PRIVACY_POLICY_URL, summary: e.PRIVACY_POLICY_SUMMARY },
        agreement: { version: e.SERVICE_AGREEMENT_VERSION, title: e.SERVICE_AGREEMENT_TITLE, url: e.SERVICE_AGREEMENT_URL, summary: e.SERVICE_AGREEMENT_SUMMARY },
      },
      retentionYears: e.RETENTION_YEARS,
      authCodeTtlMs: e.AUTH_CODE_TTL_SECONDS * 1000,
      authCodeMintsPerHour: e.AUTH_CODE_MINTS_PER_HOUR,
    },
    explicitSecrets: {
      ...(e.TYD_SERVER_KEYS && { serverKeys: e.TYD_SERVER_KEYS }),
      appSecrets,
      ...(e.TYD_COOKIE_SECRET && { cookieSecret: e.TYD_COOKIE_SECRET }),
      ...(e.TYD_PHONE_HASH_KEY && { phoneHashKey: e.TYD_PHONE_HASH_KEY }),
      ...(e.TYD_DATA_KEY && { dataKey: e.TYD_DATA_KEY }),
    },
    telemetry: {
      retentionDays: e.TELEMETRY_RETENTION_DAYS,
      rateLimitPerMinute: e.TELEMETRY_RATE_LIMIT_PER_MINUTE,
      bytesPerAddressPerMinute: e.TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE,
      storedBytesPerDay: e.TELEMETRY_STORED_BYTES_PER_DAY,
      adminToken: e.TYD_ADMIN_TOKEN,
    },
  };
  if (production) assertProductionReady(config);
  return config;
}

function assertProductionReady(config: Config): void {
  const s = config.explicitSecrets;
  const missing = [
    !s.serverKeys && SECRET_ENV.serverKeys,
    !s.appSecrets.web && SECRET_ENV.web,
    !s.appSecrets.ios && SECRET_ENV.ios,
    !s.appSecrets.android && SECRET_ENV.android,
    !s.cookieSecret && SECRET_ENV.cookieSecret,
    !s.phoneHashKey && SECRET_ENV.phoneHashKey,
    !s.dataKey && SECRET_ENV.dataKey,
    !config.telemetry.adminToken && 'TYD_ADMIN_TOKEN',
  ].filter((name) => typeof name === 'string');
  const problems = missing.map((name) => `  ${name}: required when NODE_ENV=production (no generated secrets in production)`);
  if (config.smsProvider === 'sandbox') {
    problems.push('  SMS_PROVIDER: the sandbox provider sends no real SMS and is refused when NODE_ENV=production');
  }
  for (const [key, { prefix }] of Object.entries(VERIFICATION_PROVIDERS) as Array<[VerificationProvider, (typeof VERIFICATION_PROVIDERS)[VerificationProvider]]>) {
    const choice = config.verification[key];
    if (choice.mode === 'sandbox') problems.push(`  ${prefix}_PROVIDER: the sandbox answers made-up results and is refused when NODE_ENV=production`);
    else if (choice.http.url.startsWith('http:')) problems.push(`  ${prefix}_HTTP_URL: must be https:// when NODE_ENV=production (ID and card numbers travel in it)`);
  }
  if (config.accounts.sms.http?.url.startsWith('http:')) {
    problems.push('  SMS_HTTP_URL: must be https:// when NODE_ENV=production (phone numbers and codes travel in it)');
  }
  if (config.benchUnsealedRoutes) {
    problems.push('  BENCH_UNSEALED_ROUTES: serves the API without the envelope, for bench:server only; refused when NODE_ENV=production');
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n${problems.join('\n')}`);
}

/** A verification provider: the sandbox, or http with its settings. */
export type ProviderChoice = { mode: 'sandbox' } | { mode: 'http'; http: HttpProviderSettings };

function providerChoice(e: EnvConfig, key: VerificationProvider): ProviderChoice {
  const { prefix } = VERIFICATION_PROVIDERS[key];
  const mode: ProviderMode = e[`${prefix}_PROVIDER`];
  const secretId = e[`${prefix}_HTTP_SECRET_ID`];
  const secretKey = e[`${prefix}_HTTP_SECRET_KEY`];
  if (mode === 'sandbox' || !secretId || !secretKey) return { mode: 'sandbox' };
  return { mode, http: { url: e[`${prefix}_HTTP_URL`], secretId, secretKey, region: e[`${prefix}_HTTP_REGION`], timeoutMs: e[`${prefix}_HTTP_TIMEOUT_MS`] } };
}

/** Browser-visible configuration, injected into index.html. Nothing else in Config may reach the page. */
export interface BrowserConfig {
  appId: string;
  /** The web app secret is public by design: it proves integrity, not identity (contract "Signing"). */
  appSecret: string;
  keyId: string;
  publicKey: string;
  /** Partner origins a returnUrl may lead to; same-origin paths are always allowed. */
  returnOrigins: string[];
  operator: OperatorDetails;
}
