// The server as production runs it, for the deployment drills (docs/operations.md "Deploying": "Backups and
// restore", "Container image", "Migrations that never break the running version"): the build of the current sources (apps/server/scripts/build-server.ts) as a child process,
// and accounts written through its API by clients as a phone would be.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_IDS, maskPhone, userDetail } from '@tyd/protocol';
import { buildServer } from '../../../apps/server/scripts/build-server.js';
import type { Secrets } from '../../../apps/server/src/config/index.js';
import { repoRoot } from '../../../apps/server/src/paths.js';
import { ApiClient, type ClientKeys } from '../../../apps/server/test/support/api-client.js';
import { signUp } from '../../../apps/server/test/support/accounts.js';
import { uniquePhone } from '../../../apps/server/test/support/factories.js';

export { startChildServer, type ChildServer } from '../../../apps/server/test/support/child-server.js';

/** Beside apps/server/dist/server.mjs (so the repository root is found the same way), never that file itself. */
export const deployBundle = join(repoRoot, 'apps/server/dist/deploy-server.mjs');

export const buildDeployBundle = (): Promise<string> => buildServer(deployBundle);

/** Enough sign-ups from one address for a drill without proofs of work or the hourly caps. */
export const DRILL_ENV = {
  HUMAN_CHECK_IP_PER_HOUR: '100000',
  HUMAN_CHECK_SERVICE_PER_MINUTE: '1000000',
  SMS_HOURLY_CAP_PER_IP: '100000',
  API_RATE_PER_ADDRESS_PER_MINUTE: '1000000',
};

/** The keys a browser gets, from the secrets a server generated into its keys.json. */
export function clientKeysOf(dataDir: string): ClientKeys {
  const secrets = JSON.parse(readFileSync(join(dataDir, 'keys.json'), 'utf8')) as Secrets;
  const current = secrets.serverKeys.at(-1)!;
  return { appId: APP_IDS.web, appSecret: secrets.appSecrets.web, keyId: current.kid, publicKey: current.publicKey };
}

/** An account the server acknowledged: its login answered 200 with a session. */
export interface AckedAccount {
  phone: string;
  accessToken: string;
}

/** One sign-up through the API (send a code, log in with it); the account once the server has acknowledged it. */
export async function signUpOne(baseUrl: string, keys: ClientKeys): Promise<AckedAccount> {
  const client = new ApiClient(baseUrl, keys);
  await client.loadPage();
  const phone = uniquePhone();
  const result = await signUp(client, baseUrl, phone);
  if (result.response?.code !== '200' || !client.accessToken) throw new Error(`login answered ${JSON.stringify(result.response)}`);
  return { phone, accessToken: client.accessToken };
}

/**
 * Writers signing up accounts until `stop()`, `parallel` at a time: what the server acknowledged, in order,
 * and the first error (a drill writes against a server that must not fail).
 */
export function keepSigningUp(baseUrl: string, keys: ClientKeys, parallel = 2): { acked: AckedAccount[]; stop(): Promise<void> } {
  const acked: AckedAccount[] = [];
  let stopping = false;
  const writer = async () => {
    while (!stopping) acked.push(await signUpOne(baseUrl, keys));
  };
  const writers = Promise.all(Array.from({ length: parallel }, writer));
  return {
    acked,
    async stop() {
      stopping = true;
      await writers;
    },
  };
}

/**
 * The accounts whose session still opens and whose phone the server still reads (it is sealed with
 * TYD_DATA_KEY: users.phone_enc), through user-detail with each one's access token.
 */
export async function readableAccounts(baseUrl: string, keys: ClientKeys, accounts: AckedAccount[]): Promise<string[]> {
  const client = new ApiClient(baseUrl, keys);
  await client.loadPage();
  const found: string[] = [];
  for (const account of accounts) {
    const result = await client.call(userDetail, {}, { accessToken: account.accessToken });
    if (result.response?.code === '200' && result.response.data?.phone === maskPhone(account.phone)) found.push(account.phone);
  }
  return found;
}
