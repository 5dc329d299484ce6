// The environment template (deploy/tyd-server.env.example) against the configuration the server reads
// (apps/server/src/config): every variable appears in it, set or shown with its default; nothing else does;
// each value left empty is a secret; and with those secrets filled in and the unit's own settings, the
// server accepts it as a production configuration (docs/operations.md "Deploying").
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generateServerKeyPair } from '@tyd/protocol';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../../apps/server/src/config/config-reference.js';
import { parseConfig, parseSecretEnv, SECRET_ENV } from '../../apps/server/src/config/index.js';
import { repoRoot } from '../../apps/server/src/paths.js';

const template = readFileSync(`${repoRoot}/deploy/tyd-server.env.example`, 'utf8');
const unit = readFileSync(`${repoRoot}/deploy/systemd/tyd-server@.service`, 'utf8');

/** `NAME=value` lines, as systemd's EnvironmentFile= reads them. */
const assignments = (text: string) =>
  new Map(
    text
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1]!, match[2]!] as const),
  );
/** Names the template shows as a comment, `# NAME=…`. */
const commented = new Set([...template.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
const set = assignments(template);
/** The unit's `Environment=A=1 B=2` settings, %i and %S filled in as systemd would for tyd-server@8081. */
const unitEnvironment = Object.fromEntries(
  [...unit.matchAll(/^Environment=(.*)$/gm)]
    .flatMap((match) => match[1]!.split(' '))
    .map((pair) => pair.replaceAll('%i', '8081').replaceAll('%S', '/var/lib').split('=') as [string, string]),
);

/** What an installer fills in for each secret left empty (the template says where each comes from). */
async function filledSecrets(): Promise<Record<string, string>> {
  const secret32 = () => randomBytes(32).toString('base64url');
  const vendorKey = () => randomBytes(24).toString('hex');
  return {
    [SECRET_ENV.serverKeys]: JSON.stringify([{ kid: 'k20260101', ...(await generateServerKeyPair()) }]),
    [SECRET_ENV.web]: secret32(),
    [SECRET_ENV.ios]: secret32(),
    [SECRET_ENV.android]: secret32(),
    [SECRET_ENV.cookieSecret]: secret32(),
    [SECRET_ENV.phoneHashKey]: secret32(),
    [SECRET_ENV.dataKey]: secret32(),
    SMS_HTTP_TOKEN: secret32(),
    OCR_HTTP_SECRET_ID: vendorKey(),
    OCR_HTTP_SECRET_KEY: vendorKey(),
    FACE_HTTP_SECRET_ID: vendorKey(),
    FACE_HTTP_SECRET_KEY: vendorKey(),
    BANKCARD_HTTP_SECRET_ID: vendorKey(),
    BANKCARD_HTTP_SECRET_KEY: vendorKey(),
  };
}

describe('the environment template', () => {
  it('names every variable the configuration reads, and no other', () => {
    const known = new Set([...configVariables().keys(), 'NODE_ENV']);
    const named = new Set([...set.keys(), ...commented]);
    expect([...known].filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !known.has(name))).toEqual([]);
    expect([...set.keys()].filter((name) => commented.has(name))).toEqual([]);
  });

  it('leaves to the unit what differs per process, and sets none of it itself', () => {
    // EnvironmentFile= wins over the unit's Environment=: a PORT here would put every process on one port.
    expect(Object.keys(unitEnvironment).sort()).toEqual(['DATA_DIR', 'HOST', 'NODE_ENV', 'PORT']);
    for (const name of Object.keys(unitEnvironment)) expect(set.has(name), name).toBe(false);
  });

  it('leaves exactly the secrets empty, and is a valid production configuration once they are filled in', async () => {
    const secrets = await filledSecrets();
    const empty = [...set].filter(([, value]) => value === '').map(([name]) => name);
    expect(empty.sort()).toEqual(Object.keys(secrets).sort());
    const env = { ...unitEnvironment, ...Object.fromEntries(set), ...secrets };
    const config = parseConfig(env);
    expect(config.env).toBe('production');
    expect(config.storage.database.kind).toBe('postgres');
    expect(config.storage.redis).toBeDefined();
    expect(config.http.trustProxy).toEqual(['loopback']);
    expect(Object.values(parseSecretEnv(env).appSecrets).every(Boolean)).toBe(true);
    // Without the secrets the server refuses to start in production: the template cannot run half-filled.
    expect(() => parseConfig({ ...unitEnvironment, ...Object.fromEntries(set) })).toThrow(/TYD_/);
  });
});
