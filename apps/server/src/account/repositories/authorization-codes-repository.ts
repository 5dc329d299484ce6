// One-time authorisation codes (authorized-login). Rows are keyed by the SHA-256 of the code.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { AuthorizationCodesTable, Database } from '../../db/schema.js';

export interface AuthorizationCode {
  userId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  sessionId: string | null;
  /** The session that minted it, or null (the command line). */
  mintedBy: string | null;
}

export interface AuthorizationCodesRepository {
  create(input: { codeHash: string; userId: string; mintedBy: string | null; now: number; ttlMs: number }, trx?: Executor): Promise<AuthorizationCode>;
  findByHash(codeHash: string, trx?: Executor): Promise<AuthorizationCode | undefined>;
  /** Marks an unused code used by this session; false when it was used already (the loser of a race). */
  markUsed(codeHash: string, sessionId: string, now: number, trx?: Executor): Promise<boolean>;
  /** Deletes the account's codes not yet used (its number changed, or its consent was withdrawn); how many. */
  deleteUnused(userId: string, trx?: Executor): Promise<number>;
  /** Deletes codes, used or not, that expired before `before`; returns how many. */
  pruneExpiredBefore(before: number, trx?: Executor): Promise<number>;
}

const toCode = (row: AuthorizationCodesTable): AuthorizationCode => ({
  userId: row.user_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  sessionId: row.session_id,
  mintedBy: row.minted_by,
});

export function createAuthorizationCodesRepository(db: Kysely<Database>): AuthorizationCodesRepository {
  return {
    async create({ codeHash, userId, mintedBy, now, ttlMs }, trx = db) {
      const row: AuthorizationCodesTable = {
        code_hash: codeHash,
        user_id: userId,
        created_at: now,
        expires_at: now + ttlMs,
        used_at: null,
        session_id: null,
        minted_by: mintedBy,
      };
      await trx.insertInto('authorization_codes').values(row).execute();
      return toCode(row);
    },
    async findByHash(codeHash, trx = db) {
      const row = await trx.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      return row && toCode(row);
    },
    async markUsed(codeHash, sessionId, now, trx = db) {
      const result = await trx
        .updateTable('authorization_codes')
        .set({ used_at: now, session_id: sessionId })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async deleteUnused(userId, trx = db) {
      const result = await trx.deleteFrom('authorization_codes').where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async pruneExpiredBefore(before, trx = db) {
      const result = await trx.deleteFrom('authorization_codes').where('expires_at', '<=', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
