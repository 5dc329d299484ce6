import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseSecretEnv } from './index.js';
import { resolveSecrets } from '../keys-file.js';
import { repoRoot } from '../paths.js';

const secret = () => randomBytes(32).toString('base64url');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tyd-config-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseConfig', () => {
  it('has defaults relative to the repository root', () => {
    const config = parseConfig({});
    expect(config.env).toBe('development');
    expect(config.http).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'info', cookieSecure: false });
    expect(config.storage.dataDir).toBe(join(repoRoot, 'var'));
    expect(config.storage.database).toEqual({ kind: 'sqlite', file: join(repoRoot, 'var', 'tyd.sqlite') });
    expect(config.http.webDist).toBe(join(repoRoot, 'apps/web/dist'));
    expect(config.storage.redis).toBeUndefined();
  });

  it('selects PostgreSQL and Redis when their URLs are set', () => {
    const config = parseConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379' });
    expect(config.storage.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolMax: 10, prepared: true });
    expect(config.storage.redis).toEqual({ url: 'redis://h:6379', keyPrefix: 'tyd:' });
  });

  it('takes the PostgreSQL pool size per process from DATABASE_POOL_MAX, 1 to 1000', () => {
    const url = { DATABASE_URL: 'postgres://u@h/db' };
    expect(parseConfig({ ...url, DATABASE_POOL_MAX: '25' }).storage.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      poolMax: 25,
      prepared: true,
    });
    expect(parseConfig({ ...url, DATABASE_POOL_MAX: '1' }).storage.database).toMatchObject({ poolMax: 1 });
    for (const wrong of ['0', '-1', '1001', '2.5', 'ten']) {
      expect(() => parseConfig({ ...url, DATABASE_POOL_MAX: wrong }), wrong).toThrow(/DATABASE_POOL_MAX/);
    }
  });

  it('prepares statements by name unless DATABASE_PREPARED_STATEMENTS is false (a pooler that does not carry them)', () => {
    const url = { DATABASE_URL: 'postgres://u@h/db' };
    expect(parseConfig({ ...url, DATABASE_PREPARED_STATEMENTS: 'false' }).storage.database).toMatchObject({ prepared: false });
    expect(parseConfig({ ...url, DATABASE_PREPARED_STATEMENTS: '1' }).storage.database).toMatchObject({ prepared: true });
    expect(() => parseConfig({ ...url, DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('lists every invalid variable at once', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', TYD_SERVER_KEYS: '[' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'TYD_SERVER_KEYS']) expect(message).toContain(name);
  });

  it('refuses production without explicit secrets and with the sandbox SMS provider', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/TYD_SERVER_KEYS[\s\S]*TYD_APP_SECRET_WEB[\s\S]*SMS_PROVIDER/);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true with the reason', () => {
    expect(parseConfig({}).http.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).http.trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would take the client address from the left-most X-Forwarded-For/);
    for (const wrong of ['11', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '::1/129']) {
      expect(() => parseConfig({ TRUST_PROXY: wrong }), wrong).toThrow(ConfigError);
    }
  });

  it('takes a resend cooldown under 10 s only with the sandbox SMS provider', () => {
    expect(parseConfig({ SMS_COOLDOWN_SECONDS: '3' }).sms.codes.cooldownMs).toBe(3_000);
    const http = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_TEMPLATE_ID: 'T1' };
    expect(() => parseConfig({ ...http, SMS_COOLDOWN_SECONDS: '9' })).toThrow(/SMS_COOLDOWN_SECONDS: at least 10 unless SMS_PROVIDER=sandbox/);
    expect(parseConfig({ ...http, SMS_COOLDOWN_SECONDS: '10' }).sms.codes.cooldownMs).toBe(10_000);
    expect(() => parseConfig({ SMS_COOLDOWN_SECONDS: '0' })).toThrow(/SMS_COOLDOWN_SECONDS/);
  });

  it('bounds an outbox delivery by a time limit within its lease (half of it unless set) and counts its attempts', () => {
    expect(parseConfig({}).outbox).toMatchObject({ leaseMs: 60_000, deliveryTimeoutMs: 30_000, maxAttempts: 20 });
    expect(parseConfig({ OUTBOX_LEASE_SECONDS: '1' }).outbox).toMatchObject({ leaseMs: 1_000, deliveryTimeoutMs: 500 });
    expect(parseConfig({ OUTBOX_DELIVERY_TIMEOUT_MS: '59999', OUTBOX_MAX_ATTEMPTS: '5' }).outbox).toMatchObject({ deliveryTimeoutMs: 59_999, maxAttempts: 5 });
    expect(() => parseConfig({ OUTBOX_DELIVERY_TIMEOUT_MS: '60000' })).toThrow(/OUTBOX_DELIVERY_TIMEOUT_MS: less than OUTBOX_LEASE_SECONDS/);
    expect(() => parseConfig({ OUTBOX_LEASE_SECONDS: '10', OUTBOX_DELIVERY_TIMEOUT_MS: '30000' })).toThrow(/OUTBOX_DELIVERY_TIMEOUT_MS/);
    for (const wrong of ['0', '1001', 'many']) expect(() => parseConfig({ OUTBOX_MAX_ATTEMPTS: wrong }), wrong).toThrow(/OUTBOX_MAX_ATTEMPTS/);
  });

  it('refuses a secret that is too short', () => {
    expect(() => parseConfig({ TYD_APP_SECRET_WEB: 'short' })).toThrow(/TYD_APP_SECRET_WEB/);
  });
});

describe('resolveSecrets', () => {
  it('generates missing secrets into keys.json (0600) once, then reuses them', async () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    const first = await resolveSecrets(config, parseSecretEnv({}));
    expect(first.generated).toEqual(['serverKeys', 'appSecrets.web', 'appSecrets.ios', 'appSecrets.android', 'cookieSecret', 'phoneHashKey', 'dataKey']);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(first.secrets.serverKeys[0]?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const second = await resolveSecrets(config, parseSecretEnv({}));
    expect(second.generated).toEqual([]);
    expect(second.secrets).toEqual(first.secrets);
  });

  it('prefers the environment and never writes its secrets to disk', async () => {
    const dataDir = tempDir();
    const web = secret();
    const { secrets } = await resolveSecrets(parseConfig({ DATA_DIR: dataDir }), parseSecretEnv({ DATA_DIR: dataDir, TYD_APP_SECRET_WEB: web }));
    expect(secrets.appSecrets.web).toBe(web);
    expect(readFileSync(join(dataDir, 'keys.json'), 'utf8')).not.toContain(web);
  });

  it('reports a corrupt keys file clearly', async () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    await resolveSecrets(config, parseSecretEnv({}));
    writeFileSync(join(dataDir, 'keys.json'), '{"cookieSecret": 5}');
    await expect(resolveSecrets(config, parseSecretEnv({}))).rejects.toThrow(/keys\.json is malformed/);
  });
});
