// `npm run admin -- <command> ...`: the admin command-line tool for deep links and, later, content
// (docs/operations.md "The admin command"). Uses the server's configuration (same environment variables: DATA_DIR, DATABASE_URL) and
// brings the database schema up to date first. Exit codes: 0 done, 1 not found or failed, 2 wrong usage.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConfig, parseSecretEnv, type Config, type Secrets } from '../config/index.js';
import { resolveSecrets } from '../keys-file.js';
import { createAnswerCountsRepository } from '../telemetry/repositories/answer-counts-repository.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { createDeepLinksRepository } from '../telemetry/repositories/deep-links-repository.js';
import { migrateToLatest } from '../db/migrate.js';
import { checkStoredKeys } from '../db/key-checks.js';
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
import { UsageError, writerOutput, type CliOutput, type Writer } from './cli-output.js';
import { DEEPLINK_USAGE, runDeeplink } from './deeplink-cli.js';
import { SESSIONS_USAGE, runSessions } from './sessions-cli.js';
import { TELEMETRY_USAGE, runTelemetry } from './telemetry-cli.js';
import { OUTBOX_USAGE, runOutbox } from './outbox-cli.js';
import { createMessagesOutsideServer, deliverMessages } from '../content/content-module.js';
import { createOutbox } from '../outbox/outbox.js';
import { createOutboxRepository } from '../outbox/outbox-repository.js';
import { createEnrolmentsRepository } from '../operators/repositories/enrolments-repository.js';
import { createOperatorsRepository } from '../operators/repositories/operators-repository.js';
import { createOperators, operatorTotpCipher } from '../operators/services/operators.js';
import { OPERATORS_USAGE, runOperators } from './operators-cli.js';
import { BACKUP_USAGE, runBackup } from './backup-cli.js';

const USAGE = `usage: npm run admin -- <command>\n\n${DEEPLINK_USAGE}\n${TELEMETRY_USAGE}\n${AUTHCODE_USAGE}\n${SESSIONS_USAGE}\n${CONTENT_USAGE}\n${REWARDS_USAGE}\n${NFC_USAGE}\n${OUTBOX_USAGE}\n${OPERATORS_USAGE}\n${BACKUP_USAGE}`;

/** What a subcommand gets: the migrated database, the configuration, the secrets on demand, where to write. */
interface AdminContext {
  db: DatabaseHandle['db'];
  engine: DatabaseHandle['engine'];
  config: Config;
  secrets(): Promise<Secrets>;
  out: CliOutput;
  now: number;
  env: NodeJS.ProcessEnv;
}

// One line per subcommand: its arguments and the context in, its exit code out.
const COMMANDS: Record<string, (args: string[], c: AdminContext) => Promise<number>> = {
  deeplink: (args, c) => runDeeplink(args, createDeepLinksRepository(c.db), c.out, c.now),
  telemetry: (args, c) =>
    runTelemetry(
      args,
      { records: createTelemetryRecordsRepository(c.db), answerCounts: createAnswerCountsRepository(c.db), config: c.config.telemetry },
      c.out,
      c.now,
    ),
  authcode: async (args, c) => runAuthcode(args, { db: c.db, account: c.config.account, secrets: await c.secrets() }, c.out, c.now),
  sessions: (args, c) => runSessions(args, c.db, c.out, c.now),
  content: (args, c) => runContent(args, createPublishing(c.db, createContentRepository(c.db)), c.out, c.now),
  rewards: async (args, c) => {
    const secrets = await c.secrets();
    const users = createUsersRepository(c.db, createPhoneProtection(secrets));
    const findUserId = async (phone: string) => {
      const user = await users.findByPhone(phone);
      return user?.status === 'active' ? user.id : undefined;
    };
    // A grant's message goes out through an outbox of the command's own, at once; what it cannot deliver,
    // a server's worker does (docs/architecture.md "Side effects: the outbox").
    const outbox = createOutbox({
      db: c.db,
      engine: c.engine,
      clock: () => c.now,
      options: c.config.outbox,
      log: { warn: () => undefined, error: () => undefined },
    });
    deliverMessages(
      outbox,
      createMessagesOutsideServer(createContentRepository(c.db), secrets, () => c.now),
    );
    return runRewards(args, { ...createRewardsAdmin(c.db, c.config.rewards, secrets, outbox), findUserId }, c.out, c.now);
  },
  outbox: (args, c) => runOutbox(args, createOutboxRepository(c.db, c.engine), c.out, c.now),
  nfc: (args, c) => runNfc(args, createNfcAntennasRepository(c.db), c.out, c.now),
  operators: async (args, c) => {
    const repo = createOperatorsRepository(c.db);
    const accounts = createOperators({
      repo,
      enrolmentsRepo: createEnrolmentsRepository(c.db),
      config: c.config.operators,
      totpCipher: operatorTotpCipher((await c.secrets()).dataKey),
    });
    return runOperators(args, { accounts, repo }, c.out, c.now);
  },
  backup: (args, c) =>
    runBackup(
      args,
      { db: c.db, database: c.config.storage.database, dataDir: c.config.storage.dataDir, env: c.env, production: c.config.env === 'production' },
      c.out,
    ),
};

export interface AdminIo {
  stdout: Writer;
  stderr: Writer;
  /** The server's environment variables (DATA_DIR, DATABASE_URL, secrets); process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** The current time in milliseconds; Date.now by default. */
  now?: () => number;
  /**
   * A database handle to run on instead of opening one (left open): the API tests run the command in the test
   * server's own process, where a second SQLite connection would wait for the first synchronously, on the
   * very thread that has to let it finish. The program itself always opens its own.
   */
  database?: DatabaseHandle;
}

/**
 * The admin command with its arguments (without `node admin-cli.ts`): writes to io, never exits the
 * process, and answers the exit code (0 done, 1 not found or failed, 2 wrong usage).
 */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const out = writerOutput(io.stdout, io.stderr);
  const env = io.env ?? process.env;
  try {
    const [command, ...args] = argv;
    const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`unknown command: ${command ?? '(none)'}`);
    const config = parseConfig(env);
    const handle = io.database ?? connectDatabase(config.storage.database);
    try {
      await migrateToLatest(handle.db);
      const now = io.now?.() ?? Date.now();
      // The same keys as the server's, checked against the database as its start checks them (db/key-checks.ts).
      const secrets = async () => {
        const { secrets: resolved } = await resolveSecrets(config, parseSecretEnv(env));
        await checkStoredKeys(handle.db, resolved, now);
        return resolved;
      };
      return await run(args, { db: handle.db, engine: handle.engine, config, secrets, out, now, env });
    } finally {
      if (!io.database) await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    out.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// Run as a program (`npm run admin`), not when imported by the tests.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runAdmin(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
}
