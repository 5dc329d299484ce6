// `npm run admin -- <command> ...`: the admin command-line tool for deep links and, later, content
// (docs/operations.md "The admin command"). Uses the server's configuration (same environment variables: DATA_DIR, DATABASE_URL) and
// brings the database schema up to date first. Exit codes: 0 done, 1 not found or failed, 2 wrong usage.
import { parseConfig, parseSecretEnv } from '../config/index.js';
import { resolveSecrets } from '../keys-file.js';
import { createAnswerCountsRepository } from '../telemetry/repositories/answer-counts-repository.js';
import { connectDatabase } from '../db/connect.js';
import { createDeepLinksRepository } from '../telemetry/repositories/deep-links-repository.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTelemetryRecordsRepository } from '../telemetry/repositories/telemetry-records-repository.js';
import { AUTHCODE_USAGE, runAuthcode } from './authcode-cli.js';
import { createContentRepository, createPublishing } from '../content/content-module.js';
import { CONTENT_USAGE, runContent } from './content-cli.js';
import { createRewardsAdmin } from '../rewards/rewards-module.js';
import { REWARDS_USAGE, runRewards } from './rewards-cli.js';
import { createNfcAntennasRepository } from '../identity/identity-module.js';
import { NFC_USAGE, runNfc } from './nfc-cli.js';
import { createUsersRepository } from '../account/repositories/users-repository.js';
import { createPhoneProtection } from '../account/services/phone-protection.js';
import { processOutput, UsageError } from './cli-output.js';
import { DEEPLINK_USAGE, runDeeplink } from './deeplink-cli.js';
import { SESSIONS_USAGE, runSessions } from './sessions-cli.js';
import { TELEMETRY_USAGE, runTelemetry } from './telemetry-cli.js';

const USAGE = `usage: npm run admin -- <command>\n\n${DEEPLINK_USAGE}\n${TELEMETRY_USAGE}\n${AUTHCODE_USAGE}\n${SESSIONS_USAGE}\n${CONTENT_USAGE}\n${REWARDS_USAGE}\n${NFC_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'deeplink' && command !== 'telemetry' && command !== 'authcode' && command !== 'sessions' && command !== 'content' && command !== 'rewards' && command !== 'nfc') throw new UsageError(`unknown command: ${command ?? '(none)'}`);
  const config = parseConfig(process.env);
  const handle = connectDatabase(config.storage.database);
  try {
    await migrateToLatest(handle.db);
    const now = Date.now();
    if (command === 'deeplink') return await runDeeplink(args, createDeepLinksRepository(handle.db), processOutput, now);
    if (command === 'authcode') return await runAuthcode(args, { db: handle.db, account: config.account, secrets: (await resolveSecrets(config, parseSecretEnv(process.env))).secrets }, processOutput, now);
    if (command === 'sessions') return await runSessions(args, handle.db, processOutput, now);
    if (command === 'rewards') {
      const { secrets } = await resolveSecrets(config, parseSecretEnv(process.env));
      const users = createUsersRepository(handle.db, createPhoneProtection(secrets));
      const findUserId = async (phone: string) => {
        const user = await users.findByPhone(phone);
        return user?.status === 'active' ? user.id : undefined;
      };
      return await runRewards(args, { ...createRewardsAdmin(handle.db, config.rewards, secrets), findUserId }, processOutput, now);
    }
    if (command === 'nfc') return await runNfc(args, createNfcAntennasRepository(handle.db), processOutput, now);
    if (command === 'content') return await runContent(args, createPublishing(handle.db, createContentRepository(handle.db)), processOutput, now);
    return await runTelemetry(
      args,
      { records: createTelemetryRecordsRepository(handle.db), answerCounts: createAnswerCountsRepository(handle.db), config: config.telemetry },
      processOutput,
      now,
    );
  } finally {
    await handle.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    processOutput.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    processOutput.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
