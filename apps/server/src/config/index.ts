// Configuration from environment variables, validated once at start (STYLE.md "Boundaries"): one section
// per concern (config/<section>.ts), composed here; every problem of every section is reported at once.
// Secrets are parsed with the rest (so a start lists all problems) but returned apart (parseSecretEnv),
// and outside production missing ones are generated into ${DATA_DIR}/keys.json (keys-file.ts).
import { z } from 'zod';
import { accountSection } from './account.js';
import { httpSection } from './http.js';
import { identitySection } from './identity.js';
import { legalSection } from './legal.js';
import { operatorsSection } from './operators.js';
import { outboxSection } from './outbox.js';
import { privacySection } from './privacy.js';
import { rewardsSection } from './rewards.js';
import { bankCardsSection } from './bank-cards.js';
import { secretsSection, type ExplicitSecrets } from './secrets.js';
import type { NodeEnv, Section, SectionValue } from './section.js';
import { siteSection, type SiteConfig } from './site.js';
import { smsSection } from './sms.js';
import { storageSection } from './storage.js';
import { telemetrySection } from './telemetry.js';
import { uploadsSection } from './uploads.js';
import { verificationSection } from './verification.js';

export type { AccountConfig } from './account.js';
export type { HttpConfig } from './http.js';
export type { IdentityConfig } from './identity.js';
export type { LegalConfig, LegalDocumentConfig, QuickPaymentAgreementConfig } from './legal.js';
export type { OperatorsConfig } from './operators.js';
export type { OutboxConfig } from './outbox.js';
export type { PrivacyConfig } from './privacy.js';
export type { RewardsConfig } from './rewards.js';
export type { BankCardsConfig } from './bank-cards.js';
export { SECRET_ENV, serverKeysSchema, type ExplicitSecrets, type Secrets, type ServerKey } from './secrets.js';
export type { NodeEnv } from './section.js';
export type { SiteConfig } from './site.js';
export type { HumanCheckRules, SmsCodeRules, SmsConfig } from './sms.js';
export type { DatabaseConfig, StorageConfig, UpstreamTimeouts } from './storage.js';
export type { TelemetryConfig } from './telemetry.js';
export type { UploadsConfig } from './uploads.js';
export type { ProviderChoice, VerificationConfig } from './verification.js';

/** Every section but the secrets, by the name its value has in `Config` (also read by config-reference.ts). */
export const SECTIONS = {
  http: httpSection,
  storage: storageSection,
  outbox: outboxSection,
  sms: smsSection,
  legal: legalSection,
  account: accountSection,
  site: siteSection,
  telemetry: telemetrySection,
  uploads: uploadsSection,
  identity: identitySection,
  verification: verificationSection,
  rewards: rewardsSection,
  bankCards: bankCardsSection,
  privacy: privacySection,
  operators: operatorsSection,
};

export type Config = { env: NodeEnv } & { [K in keyof typeof SECTIONS]: SectionValue<(typeof SECTIONS)[K]> };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const nodeEnvSchema = z.enum(['development', 'test', 'production']).default('development');

/** Parses one section; its problems are added to `problems`, each as "NAME: message". */
function parseSection<S extends Section<z.ZodRawShape, unknown>>(
  section: S,
  env: Record<string, string>,
  nodeEnv: NodeEnv,
  problems: string[],
): SectionValue<S> | undefined {
  const parsed = z.object(section.vars).safeParse(env);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
    return undefined;
  }
  const ctx = { env: nodeEnv };
  const found = (section.check?.(parsed.data, ctx) ?? []).filter((problem): problem is string => typeof problem === 'string');
  problems.push(...found);
  return found.length > 0 ? undefined : (section.build(parsed.data, ctx) as SectionValue<S>);
}

/** Empty strings mean "unset", as in most shells' `VAR= cmd`. */
const cleaned = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));

function parseAll(env: NodeJS.ProcessEnv): { config: Config; secrets: ExplicitSecrets } {
  const vars = cleaned(env);
  const problems: string[] = [];
  const nodeEnv = nodeEnvSchema.safeParse(vars.NODE_ENV);
  if (!nodeEnv.success) problems.push(`NODE_ENV: ${nodeEnv.error.issues[0]?.message ?? 'invalid'}`);
  const envName = nodeEnv.success ? nodeEnv.data : 'development';
  const secrets = parseSection(secretsSection, vars, envName, problems);
  const sections = Object.fromEntries(Object.entries(SECTIONS).map(([name, section]) => [name, parseSection(section, vars, envName, problems)]));
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return { config: { env: envName, ...sections } as Config, secrets: secrets as ExplicitSecrets };
}

/** The configuration, every section validated. Throws ConfigError listing every problem at once. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  return parseAll(env).config;
}

/** The secrets given in the environment (validated with the whole configuration). */
export function parseSecretEnv(env: NodeJS.ProcessEnv): ExplicitSecrets {
  return parseAll(env).secrets;
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
  operator: SiteConfig['operator'];
  /** Which platforms have a download link (APP_DOWNLOAD_*_URL): /download shows a button only for those. */
  appDownload: { android: boolean; ios: boolean };
}
