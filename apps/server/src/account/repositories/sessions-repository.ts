// Sessions: rows keyed by the SHA-256 of the access token (../services/access-tokens.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, SessionRow } from '../../db/schema.js';

export interface Session {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface SessionsRepository {
  create(input: { userId: string; tokenHash: string; now: number; ttlMs: number }, trx?: Executor): Promise<Session>;
  /** The session for this token hash, whatever its state: callers decide between expired and revoked. */
  findByTokenHash(tokenHash: string, trx?: Executor): Promise<Session | undefined>;
  /** Revokes a live session; false when it was already revoked or does not exist. */
  revoke(id: string, now: number, trx?: Executor): Promise<boolean>;
  revokeAllForUser(userId: string, now: number, trx?: Executor): Promise<number>;
  count(trx?: Executor): Promise<number>;
  /** Deletes sessions that expired or were revoked before `before`; returns how many. */
  pruneEndedBefore(before: number, trx?: Executor): Promise<number>;
}

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export function createSessionsRepository(db: Kysely<Database>): SessionsRepository {
  return {
    async create({ userId, tokenHash, now, ttlMs }, trx = db) {
      const row: SessionRow = { id: randomUUID(), token_hash: tokenHash, user_id: userId, created_at: now, expires_at: now + ttlMs, revoked_at: null };
      await trx.insertInto('sessions').values(row).execute();
      return toSession(row);
    },
    async findByTokenHash(tokenHash, trx = db) {
      const row = await trx.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toSession(row);
    },
    async revoke(id, now, trx = db) {
      const result = await trx.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeAllForUser(userId, now, trx = db) {
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async pruneEndedBefore(before, trx = db) {
      const result = await trx
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', before), eb('revoked_at', '<=', before)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async count(trx = db) {
      const { n } = await trx
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
