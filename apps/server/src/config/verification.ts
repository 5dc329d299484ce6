// OCR, face and bank-card verification providers (docs/sandbox.md): OCR_*, FACE_*, BANKCARD_* give each
// its mode and, for `http`, its Tencent Cloud style endpoint, credentials (SecretId/SecretKey of a
// sub-account with only that API), region and timeout. The sandbox answers made-up results: refused in
// production, and so is a plain-http endpoint (ID and card numbers travel in it).
import { z } from 'zod';
import { PROVIDER_MODES, type HttpProviderSettings, type ProviderMode } from '../providers/provider-mode.js';
import { defineSection, whole, type SectionValue } from './section.js';

const PROVIDERS = {
  ocr: { prefix: 'OCR', url: 'https://ocr.tencentcloudapi.com', region: 'ap-guangzhou' },
  face: { prefix: 'FACE', url: 'https://faceid.tencentcloudapi.com', region: '' },
  bankCard: { prefix: 'BANKCARD', url: 'https://faceid.tencentcloudapi.com', region: '' },
} as const;
type ProviderKey = keyof typeof PROVIDERS;
type Prefix = (typeof PROVIDERS)[ProviderKey]['prefix'];

const providerVars = <P extends Prefix>(prefix: P, url: string, region: string) =>
  ({
    [`${prefix}_PROVIDER`]: z.enum(PROVIDER_MODES).default('sandbox'),
    [`${prefix}_HTTP_URL`]: z.url({ protocol: /^https?$/ }).default(url),
    [`${prefix}_HTTP_SECRET_ID`]: z
      .string()
      .regex(/^[A-Za-z0-9]{16,128}$/)
      .optional(),
    [`${prefix}_HTTP_SECRET_KEY`]: z
      .string()
      .regex(/^[A-Za-z0-9]{16,128}$/)
      .optional(),
    [`${prefix}_HTTP_REGION`]: z
      .string()
      .regex(/^[a-z0-9-]{0,32}$/)
      .default(region),
    [`${prefix}_HTTP_TIMEOUT_MS`]: whole(100, 60_000).default(8_000),
  }) as Record<`${P}_PROVIDER`, z.ZodDefault<z.ZodEnum<{ sandbox: 'sandbox'; http: 'http' }>>> &
    Record<`${P}_HTTP_URL` | `${P}_HTTP_REGION`, z.ZodDefault<z.ZodString>> &
    Record<`${P}_HTTP_SECRET_ID` | `${P}_HTTP_SECRET_KEY`, z.ZodOptional<z.ZodString>> &
    Record<`${P}_HTTP_TIMEOUT_MS`, z.ZodDefault<z.ZodCoercedNumber>>;

const vars = {
  ...providerVars('OCR', PROVIDERS.ocr.url, PROVIDERS.ocr.region),
  ...providerVars('FACE', PROVIDERS.face.url, PROVIDERS.face.region),
  ...providerVars('BANKCARD', PROVIDERS.bankCard.url, PROVIDERS.bankCard.region),
  /** FaceID's RuleId (business flow configured in the vendor console); required with FACE_PROVIDER=http. */
  FACE_HTTP_RULE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
};
type Vars = z.infer<z.ZodObject<typeof vars>>;

/** A verification provider: the sandbox, or http with its settings. */
export type ProviderChoice = { mode: 'sandbox' } | { mode: 'http'; http: HttpProviderSettings };

function providerChoice(e: Vars, key: ProviderKey): ProviderChoice {
  const { prefix } = PROVIDERS[key];
  const mode: ProviderMode = e[`${prefix}_PROVIDER`];
  const secretId = e[`${prefix}_HTTP_SECRET_ID`];
  const secretKey = e[`${prefix}_HTTP_SECRET_KEY`];
  if (mode === 'sandbox' || !secretId || !secretKey) return { mode: 'sandbox' };
  return { mode, http: { url: e[`${prefix}_HTTP_URL`], secretId, secretKey, region: e[`${prefix}_HTTP_REGION`], timeoutMs: e[`${prefix}_HTTP_TIMEOUT_MS`] } };
}

export const verificationSection = defineSection({
  vars,
  check: (e, { env }) => [
    ...Object.values(PROVIDERS).flatMap(({ prefix }) => [
      e[`${prefix}_PROVIDER`] === 'http' &&
        !(e[`${prefix}_HTTP_SECRET_ID`] && e[`${prefix}_HTTP_SECRET_KEY`]) &&
        `${prefix}_HTTP_SECRET_ID, ${prefix}_HTTP_SECRET_KEY: required with ${prefix}_PROVIDER=http`,
      env === 'production' &&
        e[`${prefix}_PROVIDER`] === 'sandbox' &&
        `${prefix}_PROVIDER: the sandbox answers made-up results and is refused when NODE_ENV=production`,
      env === 'production' &&
        e[`${prefix}_PROVIDER`] === 'http' &&
        e[`${prefix}_HTTP_URL`].startsWith('http:') &&
        `${prefix}_HTTP_URL: must be https:// when NODE_ENV=production (ID and card numbers travel in it)`,
    ]),
    e.FACE_PROVIDER === 'http' && !e.FACE_HTTP_RULE_ID && 'FACE_HTTP_RULE_ID: required with FACE_PROVIDER=http',
  ],
  build: (e) => ({
    ocr: providerChoice(e, 'ocr'),
    face: { ...providerChoice(e, 'face'), ruleId: e.FACE_HTTP_RULE_ID },
    bankCard: providerChoice(e, 'bankCard'),
  }),
});
export type VerificationConfig = SectionValue<typeof verificationSection>;
