// The server injects the client configuration into index.html (no build-time keys), as
// <script id="tyd-config" type="application/json">{"appId","appSecret","keyId","publicKey"}</script>.
// The web app secret ships in the page by design: signing proves integrity, not identity; the
// envelope's ephemeral ECDH key gives confidentiality (docs/protocol.md "Signing").
import type { OperatorDetails } from '@tyd/protocol/wire';

export interface WebConfig {
  appId: string;
  appSecret: string;
  keyId: string;
  /** Server P-256 public key, base64url of the 65-byte uncompressed point. */
  publicKey: string;
  /**
   * Partner origins (exact `https://host[:port]`) that a login or an authorised login may send the
   * user on to (SPEC §2 `returnUrl`); optional, none when absent.
   */
  returnOrigins: readonly string[];
  /** Who runs the service (name always; licence, filing, service phone and hours when configured). */
  operator: OperatorDetails;
  /** Which platforms have a download link (/download shows a button only for those); both when not said. */
  appDownload: { android: boolean; ios: boolean };
}

const DEFAULT_OPERATOR: OperatorDetails = { name: '通盈达' };

function parseAppDownload(raw: unknown): WebConfig['appDownload'] {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return { android: record.android !== false, ios: record.ios !== false };
}

function parseOperator(raw: unknown): OperatorDetails {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_OPERATOR;
  const record = raw as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const operator: OperatorDetails = { name: text(record.name) ?? DEFAULT_OPERATOR.name };
  for (const field of ['licence', 'filing', 'servicePhone', 'serviceHours'] as const) {
    const value = text(record[field]);
    if (value) operator[field] = value;
  }
  return operator;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const FIELDS = ['appId', 'appSecret', 'keyId', 'publicKey'] as const;

function isHttpsOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
}

export function parseWebConfig(text: string | null | undefined): WebConfig {
  if (!text) throw new ConfigError('page has no #tyd-config');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ConfigError('#tyd-config is not JSON');
  }
  if (typeof raw !== 'object' || raw === null) throw new ConfigError('#tyd-config is not an object');
  const record = raw as Record<string, unknown>;
  for (const field of FIELDS) {
    if (typeof record[field] !== 'string' || record[field] === '') throw new ConfigError(`#tyd-config.${field} missing`);
  }
  return {
    appId: record.appId as string,
    appSecret: record.appSecret as string,
    keyId: record.keyId as string,
    publicKey: record.publicKey as string,
    returnOrigins: Array.isArray(record.returnOrigins) ? record.returnOrigins.filter(isHttpsOrigin) : [],
    operator: parseOperator(record.operator),
    appDownload: parseAppDownload(record.appDownload),
  };
}

let cached: WebConfig | undefined;

/** Reads and validates the injected configuration once; throws ConfigError when it is absent. */
export function webConfig(): WebConfig {
  cached ??= parseWebConfig(document.getElementById('tyd-config')?.textContent);
  return cached;
}

/** The page's configuration, or null where there is none (a page served without it, unit tests): for
 * parts that have a sensible default without it. */
export function optionalWebConfig(): WebConfig | null {
  try {
    return webConfig();
  } catch {
    return null;
  }
}

/** For tests and the diagnostics page: forget the cached configuration. */
export function resetWebConfig(): void {
  cached = undefined;
}
