// `npm run admin -- sessions prune`: deletes ended sessions and expired authorisation codes now, as the
// server does at start and daily (account/services/session-housekeeping.ts), and sign-in records past
// LOGIN_RECORD_DAYS.
import type { Kysely } from 'kysely';
import { createAuthorizationCodesRepository } from '../account/repositories/authorization-codes-repository.js';
import { createLoginEventsRepository } from '../account/repositories/login-events-repository.js';
import type { Database } from '../db/schema.js';
import { createSessionsRepository } from '../account/repositories/sessions-repository.js';
import { pruneSessionsAndCodes } from '../account/services/session-housekeeping.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const SESSIONS_USAGE =
  'sessions prune    (deletes sessions ended and authorisation codes expired more than a day ago, and sign-in records older than 30 days)';

export async function runSessions(args: string[], db: Kysely<Database>, out: CliOutput, now: number): Promise<number> {
  if (args.length !== 1 || args[0] !== 'prune') throw new UsageError(`unknown sessions action: ${args.join(' ') || '(none)'}`);
  const repos = {
    sessions: createSessionsRepository(db),
    authorizationCodes: createAuthorizationCodesRepository(db),
    loginEvents: createLoginEventsRepository(db),
  };
  const pruned = await pruneSessionsAndCodes(repos, now);
  out.json({
    pruned: { sessions: pruned.sessions, authorizationCodes: pruned.authorizationCodes, loginEvents: pruned.loginEvents },
    endedBefore: new Date(pruned.before).toISOString(),
  });
  return 0;
}
