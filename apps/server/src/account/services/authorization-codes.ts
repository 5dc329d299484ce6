// Authorised login (SPEC §2 /others/tydPreJump): a short-lived one-time code stands for a session.
// 32 random bytes (base64url); only its SHA-256 is stored. A code presented a second time is refused and
// the session it gave is revoked (RFC 6749 §4.1.2: a reused code may have been stolen).
// What a session hands on dies with it (docs/api.md "authorized-login"): a code is refused once the session
// that minted it has ended, and the session it opens ends with that one and never outlives it, so a device
// signed out with 下线 cannot come back through a code it minted just before.
import { createHash, randomBytes } from 'node:crypto';
import { CODE, SUBCODE, maskPhone } from '@tyd/protocol';
import { ApiError } from '../../http/api-error.js';
import type { Accounts } from '../account-module.js';
import type { SessionOrigin, SessionPlace } from '../repositories/sessions-repository.js';
import { recordRefusal } from './account-security.js';
import { openSession } from './login.js';

const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

const HOUR_MS = 60 * 60 * 1000;

/**
 * A logged-in client mints codes for itself (authorized-code); each is a database row, so a session gets
 * AUTH_CODE_MINTS_PER_HOUR of them per clock hour (counted atomically, decided on the count).
 */
export async function checkMintBudget(
  deps: { kv: Accounts['kv']; config: Pick<Accounts['config'], 'authCodeMintsPerHour'> },
  sessionId: string,
  now: number,
): Promise<void> {
  const hour = Math.floor(now / HOUR_MS);
  const minted = await deps.kv.increment(`authcode:mints:${sessionId}:${hour}`, HOUR_MS + 60_000);
  if (minted > deps.config.authCodeMintsPerHour) {
    throw new ApiError(CODE.TOO_MANY_REQUESTS, undefined, {
      data: { retryAfterSeconds: Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - now) / 1000)) },
      detail: 'authorisation codes per session',
    });
  }
}

/** A code for `minter`'s account: a session's own (it dies with that session), or the command line's (null). */
export async function mintAuthorizationCode(
  deps: { repos: Pick<Accounts['repos'], 'authorizationCodes'>; config: Pick<Accounts['config'], 'authCodeTtlMs'> },
  minter: { userId: string; sessionId: string | null },
  now: number,
): Promise<{ authCode: string; expiresInSeconds: number }> {
  const authCode = randomBytes(32).toString('base64url');
  await deps.repos.authorizationCodes.create({
    codeHash: hashCode(authCode),
    userId: minter.userId,
    mintedBy: minter.sessionId,
    now,
    ttlMs: deps.config.authCodeTtlMs,
  });
  return { authCode, expiresInSeconds: Math.round(deps.config.authCodeTtlMs / 1000) };
}

export async function redeemAuthorizationCode(
  deps: Pick<Accounts, 'db' | 'kv'> & { repos: Pick<Accounts['repos'], 'authorizationCodes' | 'users' | 'sessions' | 'loginEvents'> },
  authCode: string,
  now: number,
  place: SessionPlace,
): Promise<{ accessToken: string; phone: string }> {
  const invalid = () => new ApiError(CODE.FORBIDDEN, SUBCODE.AUTH_CODE_INVALID);
  if (!CODE_SHAPE.test(authCode)) throw invalid();
  const codeHash = hashCode(authCode);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const stored = await deps.repos.authorizationCodes.findByHash(codeHash, trx);
    if (!stored) return { error: invalid() };
    if (stored.usedAt !== null) {
      if (stored.sessionId) await deps.repos.sessions.revoke(stored.sessionId, now, trx);
      return { error: new ApiError(CODE.FORBIDDEN, SUBCODE.AUTH_CODE_USED) };
    }
    if (stored.expiresAt <= now) return { error: new ApiError(CODE.FORBIDDEN, SUBCODE.AUTH_CODE_EXPIRED) };
    const user = await deps.repos.users.findById(stored.userId, trx);
    if (!user || user.status !== 'active') return { error: invalid() };
    // A frozen account (docs/api.md "Customer-service desk"): the code stays unused, the refusal is in its 登录记录.
    if (user.frozen) {
      await recordRefusal(deps, { userId: user.id, result: 'frozen', method: 'authorized', place, now }, trx);
      return { error: new ApiError(CODE.FORBIDDEN, SUBCODE.ACCOUNT_FROZEN) };
    }
    // The minting session must still be live, and stays so until this commits (holdLive).
    let origin: SessionOrigin | undefined;
    if (stored.mintedBy !== null) {
      origin = await deps.repos.sessions.holdLive(stored.mintedBy, now, trx);
      if (!origin) return { error: invalid() };
    }
    const { accessToken, sessionId } = await openSession(deps, user.id, { now, place, method: 'authorized', origin }, trx);
    // The conditional update decides a race between two redemptions: the loser's transaction rolls back.
    if (!(await deps.repos.authorizationCodes.markUsed(codeHash, sessionId, now, trx))) throw new ApiError(CODE.FORBIDDEN, SUBCODE.AUTH_CODE_USED);
    return { result: { accessToken, phone: maskPhone(user.phone) } };
  });
  // Refusals are returned, not thrown, so the revocation of a reused code's session is committed.
  if ('error' in outcome) throw outcome.error;
  return outcome.result;
}
