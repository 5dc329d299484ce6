// `npm run admin -- authcode <phone>` (docs/operations.md): mints a one-time authorisation code for an existing
// account, for partner hand-overs and for trying /others/tydPreJump without a native app. Whoever can run
// it can read the database and its keys already, so it adds no power. The code goes to stdout for the
// operator, never to a log; it works once, within AUTH_CODE_TTL_SECONDS.
import { isMainlandMobile, maskPhone } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { AccountConfig, Secrets } from '../config/index.js';
import { createAuthorizationCodesRepository } from '../account/repositories/authorization-codes-repository.js';
import type { Database } from '../db/schema.js';
import { createUsersRepository } from '../account/repositories/users-repository.js';
import { mintAuthorizationCode } from '../account/services/authorization-codes.js';
import { createPhoneProtection } from '../account/services/phone-protection.js';
import { UsageError, type CliOutput } from './cli-output.js';

export const AUTHCODE_USAGE = 'authcode <phone>   (one-time authorisation code of that account for /others/tydPreJump?code=…)';

export async function runAuthcode(
  args: string[],
  deps: { db: Kysely<Database>; account: AccountConfig; secrets: Pick<Secrets, 'phoneHashKey' | 'dataKey'> },
  out: CliOutput,
  now: number,
): Promise<number> {
  const [phone, ...rest] = args;
  if (rest.length > 0 || !isMainlandMobile(phone)) throw new UsageError('authcode: one mainland mobile number expected');
  const user = await createUsersRepository(deps.db, createPhoneProtection(deps.secrets)).findByPhone(phone);
  if (!user || user.status !== 'active') {
    out.error(`no active account for ${maskPhone(phone)}`);
    return 1;
  }
  const repos = { authorizationCodes: createAuthorizationCodesRepository(deps.db) };
  const { authCode, expiresInSeconds } = await mintAuthorizationCode({ repos, config: deps.account }, { userId: user.id, sessionId: null }, now);
  out.json({ phone: maskPhone(phone), authCode, expiresInSeconds, path: `/others/tydPreJump?code=${authCode}` });
  return 0;
}
