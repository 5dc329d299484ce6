// First start without configured secrets (outside production): generate them into ${DATA_DIR}/keys.json,
// mode 0600, and say so. Later starts reuse the file, so sessions' phone ciphertexts and browsers'
// cached keys stay valid across restarts. Variables set in the environment always win over the file.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateAppSecret, generateServerKeyPair } from '@tyd/protocol';
import { z } from 'zod';
import { ConfigError, serverKeysSchema, type Config, type ExplicitSecrets, type Secrets } from './config/index.js';

const keysFileSchema = z
  .object({
    serverKeys: serverKeysSchema,
    appSecrets: z.object({ web: z.string(), ios: z.string(), android: z.string() }).partial().strict(),
    cookieSecret: z.string(),
    phoneHashKey: z.string(),
    dataKey: z.string(),
  })
  .partial()
  .strict();

export interface ResolvedSecrets {
  secrets: Secrets;
  /** Names of the secrets generated on this start (empty when nothing was written). */
  generated: string[];
  file: string;
}

export async function resolveSecrets(config: Pick<Config, 'env' | 'storage'>, explicit: ExplicitSecrets): Promise<ResolvedSecrets> {
  const file = join(config.storage.dataDir, 'keys.json');
  const stored = config.env === 'production' ? {} : await readKeysFile(file);
  const generated: string[] = [];
  const pick = async <T>(name: string, fromEnv: T | undefined, fromFile: T | undefined, make: () => T | Promise<T>): Promise<T> => {
    if (fromEnv !== undefined) return fromEnv;
    if (fromFile !== undefined) return fromFile;
    if (config.env === 'production') throw new ConfigError(`${name} missing in production`);
    generated.push(name);
    return make();
  };
  const secret32 = () => randomBytes(32).toString('base64url');
  const secrets: Secrets = {
    serverKeys: await pick('serverKeys', explicit.serverKeys, stored.serverKeys, async () => {
      const pair = await generateServerKeyPair();
      return [{ kid: `k${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`, ...pair }];
    }),
    appSecrets: {
      web: await pick('appSecrets.web', explicit.appSecrets.web, stored.appSecrets?.web, generateAppSecret),
      ios: await pick('appSecrets.ios', explicit.appSecrets.ios, stored.appSecrets?.ios, generateAppSecret),
      android: await pick('appSecrets.android', explicit.appSecrets.android, stored.appSecrets?.android, generateAppSecret),
    },
    cookieSecret: await pick('cookieSecret', explicit.cookieSecret, stored.cookieSecret, secret32),
    phoneHashKey: await pick('phoneHashKey', explicit.phoneHashKey, stored.phoneHashKey, secret32),
    dataKey: await pick('dataKey', explicit.dataKey, stored.dataKey, secret32),
  };
  if (generated.length > 0) {
    // Only what came from the file or was generated is stored: secrets given in the environment never reach disk.
    const fromFileOrNew = (name: string, value: unknown, fileValue: unknown) => (fileValue !== undefined || generated.includes(name) ? value : undefined);
    await writeKeysFile(file, {
      serverKeys: fromFileOrNew('serverKeys', secrets.serverKeys, stored.serverKeys),
      appSecrets: {
        web: fromFileOrNew('appSecrets.web', secrets.appSecrets.web, stored.appSecrets?.web),
        ios: fromFileOrNew('appSecrets.ios', secrets.appSecrets.ios, stored.appSecrets?.ios),
        android: fromFileOrNew('appSecrets.android', secrets.appSecrets.android, stored.appSecrets?.android),
      },
      cookieSecret: fromFileOrNew('cookieSecret', secrets.cookieSecret, stored.cookieSecret),
      phoneHashKey: fromFileOrNew('phoneHashKey', secrets.phoneHashKey, stored.phoneHashKey),
      dataKey: fromFileOrNew('dataKey', secrets.dataKey, stored.dataKey),
    });
  }
  return { secrets, generated, file };
}

/** The secrets a keys file holds (none when it does not exist); never writes it. */
export async function readKeysFile(file: string): Promise<z.infer<typeof keysFileSchema>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`${file} is not valid JSON; fix or remove it (removing it invalidates stored phone numbers)`);
  }
  const parsed = keysFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(`${file} is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/** Written to a temporary file then renamed, so a crash never leaves a half-written keys file. */
async function writeKeysFile(file: string, contents: unknown): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600, flag: 'w' });
  await rename(temp, file);
}
