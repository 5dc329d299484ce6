// `npm run admin -w @tyd/server -- authcode <phone>`: mints a one-time authorisation code for an
// existing account, for partner hand-overs and testing /others/tydPreJump without a native app
// (issue 5). Runs with the server's configuration (same environment variables, database and secrets);
// whoever can run it can read the database and its keys already, so it adds no power. The code is printed
// to stdout for the operator, never logged; it expires after AUTH_CODE_TTL_SECONDS and works once.
import { isMainlandMobile, maskPhone } from '@tyd/protocol';
import { parseConfig } from './config.js';
import { createAuthorizationCodesRepository } from './db/authorization-codes-repository.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { createUsersRepository } from './db/users-repository.js';
import { resolveSecrets } from './keys-file.js';
import { mintAuthorizationCode } from './services/authorization-codes.js';
import { createPhoneProtection } from './services/phone-protection.js';

const USAGE = 'usage: npm run admin -w @tyd/server -- authcode <mainland mobile number>';

async function main(args: string[]): Promise<number> {
  const [command, phone] = args;
  if (command !== 'authcode' || !isMainlandMobile(phone)) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig(process.env);
  const { secrets } = await resolveSecrets(config);
  const handle = connectDatabase(config.database);
  try {
    await migrateToLatest(handle.db);
    const users = createUsersRepository(handle.db, createPhoneProtection(secrets));
    const user = await users.findByPhone(phone);
    if (!user || user.status !== 'active') {
      console.error(`no active account for ${maskPhone(phone)}`);
      return 1;
    }
    const repos = { authorizationCodes: createAuthorizationCodesRepository(handle.db) };
    const { authCode, expiresInSeconds } = await mintAuthorizationCode({ repos, config: config.accounts }, user.id, Date.now());
    console.log(`authorisation code for ${maskPhone(phone)}, valid ${expiresInSeconds} s, once:`);
    console.log(authCode);
    console.log(`/others/tydPreJump?code=${authCode}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
