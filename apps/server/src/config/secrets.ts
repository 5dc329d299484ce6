// Secrets, kept apart from the configuration: read from the environment here, completed outside
// production from ${DATA_DIR}/keys.json (keys-file.ts), and handed to the parts that use them, never
// to a module's configuration. Production refuses to start without each of them.
import { z } from 'zod';
import { base64UrlSecret, defineSection, type SectionValue } from './section.js';

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

export const secretsSection = defineSection({
  vars: {
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
  },
  check: (e, { env }) =>
    env !== 'production'
      ? []
      : Object.values(SECRET_ENV)
          .filter((name) => e[name] === undefined)
          .map((name) => `${name}: required when NODE_ENV=production (no generated secrets in production)`),
  build: (e) => ({
    ...(e.TYD_SERVER_KEYS && { serverKeys: e.TYD_SERVER_KEYS }),
    appSecrets: {
      ...(e.TYD_APP_SECRET_WEB && { web: e.TYD_APP_SECRET_WEB }),
      ...(e.TYD_APP_SECRET_IOS && { ios: e.TYD_APP_SECRET_IOS }),
      ...(e.TYD_APP_SECRET_ANDROID && { android: e.TYD_APP_SECRET_ANDROID }),
    },
    ...(e.TYD_COOKIE_SECRET && { cookieSecret: e.TYD_COOKIE_SECRET }),
    ...(e.TYD_PHONE_HASH_KEY && { phoneHashKey: e.TYD_PHONE_HASH_KEY }),
    ...(e.TYD_DATA_KEY && { dataKey: e.TYD_DATA_KEY }),
  }),
});
/** The secrets given in the environment; resolveSecrets (keys-file.ts) fills in the rest. */
export type ExplicitSecrets = SectionValue<typeof secretsSection>;
