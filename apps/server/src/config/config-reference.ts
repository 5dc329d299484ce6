// The README's configuration table, made from the configuration sections themselves: every variable a
// section reads appears in exactly one row, and each default is read from the variable's own schema, so
// the table cannot drift from the code (config-reference.test.ts; `npm run docs:config` writes it).
// What a variable means is said here, once; docs/operations.md says more where it matters, and the test
// holds its defaults to the same schemas.
import type { z } from 'zod';
import { SECTIONS } from './index.js';
import { secretsSection } from './secrets.js';

interface Row {
  vars: readonly string[];
  meaning: string;
  /** Said instead of the schemas' defaults, where a default depends on something else. */
  defaults?: string;
}

/** NODE_ENV is read before the sections (config/index.ts), so its row says its default itself. */
const ROWS: readonly Row[] = [
  { vars: ['PORT'], meaning: 'HTTP port' },
  { vars: ['HOST'], meaning: 'listen address' },
  {
    vars: ['NODE_ENV'],
    defaults: '`development`',
    meaning: '`development`, `test` or `production` (production: secrets required, sandbox providers refused, `Secure` cookies, HSTS)',
  },
  {
    vars: ['METRICS_HOST', 'METRICS_PORT'],
    meaning:
      'Prometheus `/metrics` on a listener of its own (docs/operations.md "Metrics"): off unless `METRICS_PORT` is set, loopback unless `METRICS_HOST` says otherwise; refused when equal to `PORT` (the public port never serves it)',
  },
  { vars: ['LOG_LEVEL'], meaning: '`fatal` `error` `warn` `info` `debug` `trace` `silent`' },
  { vars: ['DATA_DIR'], meaning: 'data directory (SQLite file, generated `keys.json`); created on demand, mode 0700' },
  { vars: ['DATABASE_URL'], meaning: '`postgres://…` to use PostgreSQL; unset: SQLite file `${DATA_DIR}/tyd.sqlite`' },
  {
    vars: ['REDIS_URL'],
    meaning: '`redis://…` to keep nonces, counters and locks in Redis (needed with more than one server process); unset: in-process store',
  },
  { vars: ['REDIS_KEY_PREFIX'], meaning: 'prefix of every Redis key' },
  { vars: ['WEB_DIST'], meaning: 'the web build to serve' },
  {
    vars: ['TRUST_PROXY'],
    meaning:
      'which `X-Forwarded-For` entries to believe: `false`, the number of proxies in front (`1`), or their addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); `true` is refused (a client could choose its own address)',
  },
  { vars: ['COOKIE_SECURE'], defaults: '`true` in production, else `false`', meaning: '`Secure` attribute of the cookies the server sets' },
  { vars: ['HTTP_REQUEST_TIMEOUT_MS'], meaning: 'longest time to receive a whole request' },
  { vars: ['HTTP_CONNECTION_TIMEOUT_MS'], meaning: 'idle socket timeout' },
  { vars: ['HTTP_KEEP_ALIVE_TIMEOUT_MS'], meaning: "keep-alive timeout (longer than common load balancers' 60 s)" },
  { vars: ['SHUTDOWN_TIMEOUT_MS'], meaning: 'how long SIGTERM/SIGINT wait for in-flight requests before exiting anyway' },
  {
    vars: ['DATABASE_POOL_MAX'],
    meaning:
      'PostgreSQL: connections each process may hold (1–1000); processes × this must stay under `max_connections` less its reserved ones, or put PgBouncer in transaction mode in between (docs/operations.md "Connections: processes, pool and max_connections")',
  },
  {
    vars: ['DATABASE_PREPARED_STATEMENTS'],
    meaning:
      'PostgreSQL: each connection prepares the statements it runs once, by name, and then only binds them (about half of PostgreSQL\'s CPU per call); `false` behind a pooler that does not carry prepared statements (PgBouncer in transaction mode before 1.21 or with `max_prepared_statements = 0`; docs/operations.md "Prepared statements")',
  },
  {
    vars: ['DATABASE_CONNECT_TIMEOUT_MS', 'DATABASE_STATEMENT_TIMEOUT_MS'],
    meaning:
      'PostgreSQL: longest wait for a connection; longest statement (the server cancels it; the client gives up 1 s later, for a link that carries no answer)',
  },
  {
    vars: ['REDIS_CONNECT_TIMEOUT_MS', 'REDIS_COMMAND_TIMEOUT_MS'],
    meaning: "Redis: longest connection attempt; longest wait for a command's answer (a silent connection is then dropped and reopened)",
  },
  { vars: ['READINESS_TIMEOUT_MS'], meaning: "longest wait for the database's answer in `/readyz` before it says `unreachable`" },
  {
    vars: ['DATA_DIR_MIN_FREE_MB', 'DATA_DIR_CHECK_INTERVAL_SECONDS'],
    meaning:
      "free space on the data directory's disk below which the server logs `data directory disk space low` at `warn` (one check at start and every interval, so at most one warning per interval); the latest reading is `disk` in `/readyz`",
  },
  {
    vars: ['OUTBOX_POLL_MS', 'OUTBOX_LEASE_SECONDS', 'OUTBOX_RETRY_BASE_SECONDS', 'OUTBOX_RETRY_MAX_SECONDS', 'OUTBOX_KEEP_DELIVERED_DAYS'],
    meaning:
      'side effects owed after a change (rewards, messages; docs/operations.md "The outbox"): how often each process looks for due events, how long a delivery holds one before another process may take it, the first retry\'s delay (doubling after each failure) and the longest, how long delivered events are kept',
  },
  {
    vars: ['OUTBOX_DELIVERY_TIMEOUT_MS'],
    meaning:
      'how long one outbox delivery may run before it is given up and retried; less than `OUTBOX_LEASE_SECONDS` (refused at start otherwise), unset: half of it (docs/operations.md "The outbox")',
  },
  {
    vars: ['OUTBOX_MAX_ATTEMPTS'],
    meaning:
      'attempts an outbox event gets; when the last fails it is parked as dead (`tyd_outbox_dead_events`, `/ops`, `npm run admin -- outbox dead`) until an operator retries or discards it',
  },
  {
    vars: ['KV_MAX_ENTRIES'],
    meaning:
      'bound of the in-process security state (SMS codes, cooldowns, locks, counters; about 320 bytes each); when full, new entries are refused (429), never evicted',
  },
  {
    vars: ['REQUEST_KV_MAX_ENTRIES'],
    meaning:
      "bound of the in-process request store (seen nonces, request budget counters; about 160 bytes each), apart from the security state so a flood cannot crowd out a lock. A call adds up to three entries (its nonce, kept up to 361 s, and its address's and session's counters of the minute, held about 90 s): size it as calls per second × 361 s plus the counters, at most calls per second × 541 s; when full it forgets its oldest entries and refuses timestamps older than what it still remembers (`4001`, the client retries with a fresh one), never honest calls; nonces stamped more than 2 s ahead are kept, in a tenth of the bound, never forgotten",
  },
  {
    vars: ['API_RATE_PER_ADDRESS_PER_MINUTE', 'API_RATE_PER_SESSION_PER_MINUTE'],
    meaning:
      '`/tydApi` calls per client address (IPv6: per /64) and per session in a one-minute window, checked before the envelope is opened (`429` + `Retry-After`)',
  },
  {
    vars: ['RETURN_ORIGINS'],
    meaning:
      'comma-separated https origins of partners that `/login` and `/others/tydPreJump` may send the user back to (`returnUrl`); same-site paths are always allowed, everything else is ignored',
  },
  {
    vars: ['APP_DOWNLOAD_ANDROID_URL', 'APP_DOWNLOAD_IOS_URL'],
    meaning: 'https links of the native apps shown on `/download`; unset: that platform shows no link',
  },
  {
    vars: ['OPERATOR_NAME', 'OPERATOR_LICENCE', 'OPERATOR_FILING', 'SERVICE_PHONE', 'SERVICE_HOURS'],
    meaning:
      'who runs the service, shown at the foot of home, login and 我的: operator name, licence and filing numbers (as the text to show), customer-service phone (tap to call) and hours, both also on 帮助与客服 (`/mine/help`); unset fields are not shown (the hours only beside a phone)',
  },
  { vars: ['SMS_PROVIDER'], meaning: 'SMS provider; `sandbox` sends nothing and is refused in production' },
  {
    vars: ['SMS_HTTP_URL', 'SMS_HTTP_TEMPLATE_ID', 'SMS_HTTP_TOKEN', 'SMS_HTTP_TIMEOUT_MS'],
    meaning: 'the `http` SMS gateway (required with `SMS_PROVIDER=http`; https in production)',
  },
  { vars: ['SMS_SANDBOX_FIXED_CODES'], meaning: 'sandbox only: fixed codes for test numbers, `13800000000=123456,…`' },
  {
    vars: [
      'SMS_CODE_TTL_SECONDS',
      'SMS_COOLDOWN_SECONDS',
      'SMS_MAX_ATTEMPTS_PER_CODE',
      'SMS_LOCK_AFTER_FAILURES',
      'SMS_LOCK_MINUTES',
      'SMS_DAILY_CAP_PER_PHONE',
      'SMS_HOURLY_CAP_PER_IP',
      'SMS_OTHERS_BACKOFF_AFTER',
      'SMS_OTHERS_BACKOFF_MAX_MINUTES',
    ],
    meaning: "SMS code rules: validity, resend cooldown, tries per code, per-phone lock, the owner's daily cap, cap per address, everyone else's back-off",
  },
  {
    vars: ['HUMAN_CHECK_IP_PER_HOUR', 'HUMAN_CHECK_SERVICE_PER_MINUTE', 'POW_COST', 'POW_COUNTER_MIN', 'POW_COUNTER_MAX'],
    meaning: 'when sending a code needs a proof of work (ALTCHA), and how hard it is',
  },
  {
    vars: ['REWARDS_DRAW_COST', 'REWARDS_DRAW_DAILY_LIMIT', 'POINTS_VALID_DAYS'],
    meaning: 'the lucky draw\'s cost in points, draws per China day, how long earned points stay valid (docs/api.md "Points and the lucky draw")',
  },
  { vars: ['INVITE_REWARD_POINTS'], meaning: 'what an inviter earns when an invited person is verified, once per person (docs/api.md "Invitations")' },
  { vars: ['NEW_USER_GIFT_DAYS'], meaning: 'how many days after registration the new-user gift can be claimed, 1–365 (docs/api.md "New-user gift")' },
  {
    vars: ['REDEEM_USER_FAILURES_PER_HOUR', 'REDEEM_ADDRESS_FAILURES_PER_HOUR'],
    meaning:
      'refused redeem codes allowed per account and per client address (IPv6: per /64) in an hour; past either, every code, a right one too, is refused (`429`/`4811`) until the hour ends (docs/api.md "Redeem codes")',
  },
  {
    vars: ['PRIVACY_POLICY_VERSION', 'PRIVACY_POLICY_TITLE', 'PRIVACY_POLICY_URL', 'PRIVACY_POLICY_SUMMARY'],
    meaning: 'the current privacy policy: version, title, address and what changed; a new version asks every user to consent again',
  },
  {
    vars: ['OPS_SESSION_IDLE_MINUTES', 'OPS_SESSION_MAX_HOURS'],
    meaning: "an operator's /ops session: ended after this long without a call, and at most this long after signing in (NIST SP 800-63B §4.2.3)",
  },
  {
    vars: ['OPS_SIGN_IN_FREE_FAILURES'],
    meaning:
      'failed operator sign-ins of one name before it is locked, 1 minute then doubling per further failure up to 1 hour, whether the name exists or not (docs/operations.md "Operators")',
  },
  {
    vars: ['OPS_SIGN_IN_PER_ADDRESS'],
    meaning:
      'failed operator sign-in attempts (and other calls to /ops/api without a session that fail) from one client address per 15 minutes, a success given back; beyond it 429 with Retry-After, nothing checked (docs/operations.md "The audit log")',
  },
  {
    vars: ['OPS_APPROVAL_POINTS', 'OPS_APPROVAL_WINDOW_HOURS'],
    meaning:
      "an operator's grants and redeem batches made without a checker may add up to this many points over the rolling window; one that would pass it waits for a second operator of the same role. Changes of a prize's value, stock, odds or being on offer, of an item's cost or stock, and the gift always do (docs/operations.md \"Approvals\")",
  },
  {
    vars: ['OPS_APPROVAL_HOURS'],
    meaning: 'how long a request waits for a checker: after it, it shows as expired and can no longer be approved (docs/operations.md "Approvals")',
  },
  {
    vars: ['OPS_ENROLMENT_HOURS'],
    meaning:
      'how long the one-time link that adds or resets an operator stays usable, 1–168 (the operator chooses their password and scans their TOTP secret there; docs/operations.md "Operators")',
  },
  {
    vars: ['PRIVACY_EXPORT_TTL_MINUTES', 'PRIVACY_EXPORTS_PER_DAY'],
    meaning:
      'a copy of one\'s personal information (个人信息, PIPL art. 45): how long it may be fetched after it was asked for (once), and how many copies an account may ask for in a China day (docs/api.md "Personal information")',
  },
  {
    vars: ['SERVICE_AGREEMENT_VERSION', 'SERVICE_AGREEMENT_TITLE', 'SERVICE_AGREEMENT_URL', 'SERVICE_AGREEMENT_SUMMARY'],
    meaning: 'the current service agreement, likewise',
  },
  {
    vars: ['QUICK_PAYMENT_AGREEMENT_VERSION', 'QUICK_PAYMENT_AGREEMENT_TITLE', 'QUICK_PAYMENT_AGREEMENT_URL'],
    meaning:
      'the current 快捷支付服务协议 a card binding agrees to: version, title, address; each card keeps the version and time it was agreed (docs/api.md "Bank cards")',
  },
  { vars: ['RETENTION_YEARS'], meaning: "years a deregistered account's identity record is kept (AML law), then deleted" },
  { vars: ['AUTH_CODE_TTL_SECONDS'], meaning: 'validity of a one-time authorisation code (`/others/tydPreJump`)' },
  { vars: ['AUTH_CODE_MINTS_PER_HOUR'], meaning: 'authorisation codes one session may mint per hour (`authorized-code`)' },
  { vars: ['TELEMETRY_RETENTION_DAYS', 'TELEMETRY_RATE_LIMIT_PER_MINUTE'], meaning: 'analytics rows kept; collector requests per client address per minute' },
  {
    vars: ['TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE', 'TELEMETRY_STORED_BYTES_PER_DAY'],
    meaning:
      'collector bytes received per client address (IPv6: per /64) per minute (at least one 60,000-byte batch); bytes of analytics stored per China day by all clients together (`429` until midnight, subcode `4301`)',
  },
  {
    vars: ['UPLOAD_MAX_BYTES', 'UPLOAD_TTL_SECONDS', 'UPLOAD_MAX_LIVE_PER_USER'],
    meaning:
      'photo uploads ([protocol §14](docs/protocol.md#14-photo-uploads)): largest photo as sent (`413`/`4401` above it), lifetime of an upload no capability has used (then deleted, pruned hourly), unused uploads one account may hold (`429`/`4409`)',
  },
  {
    vars: ['BANKCARD_MAX_CARDS', 'BANKCARD_CHECKS_PER_DAY', 'BANKCARD_TICKET_MINUTES'],
    meaning: 'bank cards per account, four-element checks per account per China day, how long a bind ticket lives (docs/api.md "Bank cards")',
  },
  {
    vars: ['OCR_PROVIDER', 'FACE_PROVIDER', 'BANKCARD_PROVIDER'],
    meaning:
      'ID card OCR, face verification and bank-card four-element providers: `sandbox` (made-up answers chosen by [magic values](docs/sandbox.md); refused in production) or `http` (Tencent Cloud API 3.0 style)',
  },
  ...(['OCR', 'FACE', 'BANKCARD'] as const).map((name) => ({
    vars: [`${name}_HTTP_URL`, `${name}_HTTP_SECRET_ID`, `${name}_HTTP_SECRET_KEY`, `${name}_HTTP_REGION`, `${name}_HTTP_TIMEOUT_MS`],
    meaning: `the \`http\` ${name === 'OCR' ? 'OCR' : name === 'FACE' ? 'face' : 'bank-card'} provider: endpoint (https in production), SecretId and SecretKey (required with \`http\`; a sub-account allowed only that API), \`X-TC-Region\`, and the longest wait for an answer (then \`502\`/\`4501\`)`,
  })),
  { vars: ['FACE_HTTP_RULE_ID'], meaning: "the face vendor's RuleId (required with `FACE_PROVIDER=http`)" },
  {
    vars: ['IDENTITY_MIN_AGE', 'IDENTITY_MAX_AGE'],
    meaning: "identity certification's age limits in full years (`400`/`4603` outside; [api.md](docs/api.md#identity-certification--session-spec-1-7))",
  },
  { vars: ['FACE_TRIES_PER_DAY'], meaning: 'face checks (`h5-face-url`) one account may start per China day (`429`/`4607` beyond)' },
  {
    vars: ['IDENTITY_CLAIM_HOLD_HOURS'],
    meaning: 'how long an identity confirmed but never verified blocks other accounts from certifying the same ID number',
  },
  {
    vars: ['FACE_RETURN_URL'],
    meaning:
      'where the face provider sends the user back: a path of this site, or in production with `FACE_PROVIDER=http` an absolute `https://` address of it (checked at start)',
  },
  {
    vars: ['BENCH_UNSEALED_ROUTES'],
    meaning:
      '`npm run bench:server` only: every API route also without the envelope under `/bench-unsealed/tydApi/…` (every other pipeline step kept), to measure what the envelope costs; refused in production',
  },
  {
    vars: ['TYD_SERVER_KEYS'],
    defaults: 'generated',
    meaning:
      'JSON array of server ECDH keys, oldest first: `[{"kid":"k2026","publicKey":"<b64url raw point>","privateKey":"<b64url PKCS#8>"}]`; the last one is advertised, older ones still open requests',
  },
  { vars: ['TYD_APP_SECRET_WEB'], defaults: 'generated', meaning: 'HMAC key of `x-sign` for `tyd-h5` (public: it ships in the page)' },
  { vars: ['TYD_APP_SECRET_IOS'], defaults: 'generated', meaning: '… for `tyd-ios`' },
  { vars: ['TYD_APP_SECRET_ANDROID'], defaults: 'generated', meaning: '… for `tyd-android`' },
  {
    vars: ['TYD_COOKIE_SECRET'],
    defaults: 'generated',
    meaning: 'HMAC key of the `XSRF-TOKEN` cookie, and the root of the keys derived from it (docs/operations.md "Derived keys")',
  },
  { vars: ['TYD_PHONE_HASH_KEY'], defaults: 'generated', meaning: 'HMAC key of the phone lookup hash' },
  { vars: ['TYD_DATA_KEY'], defaults: 'generated', meaning: 'AES-256-GCM key (32 bytes, base64url) of personal data at rest' },
];

/** Every variable the configuration reads, with its schema (the secrets' too). */
export function configVariables(): Map<string, z.ZodType> {
  const vars = new Map<string, z.ZodType>();
  for (const section of [...Object.values(SECTIONS), secretsSection]) {
    for (const [name, schema] of Object.entries(section.vars)) vars.set(name, schema as z.ZodType);
  }
  return vars;
}

/** A variable's default as the table shows it: from its schema with the variable unset. */
export function defaultText(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  if (parsed.data === '') return 'empty';
  return `\`${String(parsed.data)}\``;
}

function rowDefaults(row: Row, vars: Map<string, z.ZodType>): string {
  if (row.defaults !== undefined) return row.defaults;
  const texts = row.vars.map((name) => {
    const schema = vars.get(name);
    if (!schema) throw new Error(`config reference: ${name} is read by no section`);
    return defaultText(schema);
  });
  return texts.every((text) => text === texts[0]) ? texts[0]! : texts.join(', ');
}

/** The table's rows in order, and the variables no row names (none, or the table is incomplete). */
export function configReference(): { rows: Array<{ vars: readonly string[]; defaults: string; meaning: string }>; missing: string[]; repeated: string[] } {
  const vars = configVariables();
  const named = ROWS.flatMap((row) => row.vars);
  return {
    rows: ROWS.map((row) => ({ vars: row.vars, defaults: rowDefaults(row, vars), meaning: row.meaning })),
    missing: [...vars.keys()].filter((name) => !named.includes(name)),
    repeated: named.filter((name, i) => named.indexOf(name) !== i),
  };
}

export const TABLE_START = '<!-- configuration table: generated by `npm run docs:config` from apps/server/src/config/config-reference.ts -->';
export const TABLE_END = '<!-- end of the configuration table -->';

export function renderConfigTable(): string {
  const { rows } = configReference();
  const lines = [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.vars.map((name) => `\`${name}\``).join(', ')} | ${row.defaults} | ${row.meaning} |`),
  ];
  return `${TABLE_START}\n${lines.join('\n')}\n${TABLE_END}`;
}

/** The README with its table replaced by the generated one. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('README: the configuration table markers are missing');
  return readme.slice(0, start) + renderConfigTable() + readme.slice(end + TABLE_END.length);
}
