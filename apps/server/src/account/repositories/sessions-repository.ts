// Sessions: rows keyed by the SHA-256 of the access token (../services/access-tokens.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, SessionRow, UserRow } from '../../db/schema.js';

/** What a session's owner is told about where it is used (services/device-description.ts, ip-regions.ts). */
export interface SessionPlace {
  device: string;
  client: 'app' | 'browser';
  clientName: string;
  region: string;
  address: string;
}

export interface Session extends SessionPlace {
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  /** The last call, kept to the minute; the sign-in until then. */
  lastActiveAt: number;
  /** 'other-device': ended by 下线 from another session of the account (its next call: 401/4012). */
  endedReason: 'other-device' | null;
  /** The session whose authorisation code opened this one, or null (an SMS sign-in). */
  originSessionId: string | null;
}

/** The session an authorisation code was minted by: the one it opens ends with it and never outlives it. */
export interface SessionOrigin {
  sessionId: string;
  expiresAt: number;
}

const NOWHERE: SessionPlace = { device: '未知设备', client: 'browser', clientName: '浏览器', region: '未知', address: '未知' };

export interface SessionsRepository {
  /**
   * `place`: where the sign-in comes from (none: 未知, for sessions made by tests and tools); `origin`: the
   * session whose authorisation code opens this one (it expires no later than its origin).
   */
  create(
    input: { userId: string; tokenHash: string; now: number; ttlMs: number; place?: SessionPlace; origin?: SessionOrigin },
    trx?: Executor,
  ): Promise<Session>;
  /** The session for this token hash, whatever its state: callers decide between expired and revoked. */
  findByTokenHash(tokenHash: string, trx?: Executor): Promise<Session | undefined>;
  /**
   * The same with its account's row, in one read: what every authenticated call starts with (the account
   * module's `authenticate`); the row goes through the users repository for its phone.
   */
  findByTokenHashWithUser(tokenHash: string, trx?: Executor): Promise<{ session: Session; user: UserRow } | undefined>;
  /**
   * Revokes a live session and every session it handed on (opened with its authorisation codes, and theirs);
   * false when it was already revoked or does not exist.
   */
  revoke(id: string, now: number, trx?: Executor): Promise<boolean>;
  revokeAllForUser(userId: string, now: number, trx?: Executor): Promise<number>;
  /** The account's newest `limit` sessions, live or not (the customer-service desk: docs/api.md "Customer-service desk"). */
  listRecent(userId: string, limit: number, trx?: Executor): Promise<Session[]>;
  /** The account's sessions that are neither revoked nor expired at `now`. */
  listLive(userId: string, now: number, trx?: Executor): Promise<Session[]>;
  /**
   * 下线 of one session of `userId` other than `exceptId`: a conditional update on its being live and the
   * account's, so another account's id, an ended one and two presses at once all end at most one row. The
   * sessions it handed on end with it.
   */
  endOwn(input: { userId: string; id: string; exceptId: string; now: number }, trx?: Executor): Promise<boolean>;
  /** 下线 of every live session of `userId` but `exceptId`; how many ended. */
  endOthers(input: { userId: string; exceptId: string; now: number }, trx?: Executor): Promise<number>;
  findById(id: string, trx?: Executor): Promise<Session | undefined>;
  /**
   * The session `id` if it is live at `now`, holding its row until `trx` ends: an authorisation code's
   * redemption takes it, so a session ending at the same moment either ends first (the code is refused) or
   * waits and then finds the new session among those it handed on (revoke, endOwn).
   */
  holdLive(id: string, now: number, trx: Executor): Promise<SessionOrigin | undefined>;
  /**
   * Takes the account's row lock (a no-op change of its users row) inside `trx`: 下线 takes it before it
   * reads or ends any session of the account, so two of them at once run one after the other (lock order:
   * the users row, then sessions; services/account-security.ts).
   */
  lockAccount(userId: string, trx: Executor): Promise<void>;
  /** Notes a call: its time and where it came from (the device stays the sign-in's). */
  touch(id: string, input: { now: number; region: string; address: string }, trx?: Executor): Promise<void>;
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
  lastActiveAt: row.last_active_at ?? row.created_at,
  endedReason: row.ended_reason,
  originSessionId: row.origin_session_id,
  device: row.device,
  client: row.client_kind,
  clientName: row.client_name,
  region: row.region,
  address: row.address,
});

/**
 * Ends the live sessions handed on by `ids`, and theirs, level by level, with the reason their origin ended
 * with (all but `keep`). Runs after the origins' own update in the same transaction, so a redemption that held an origin's
 * row (holdLive) has committed its session by the time this reads.
 */
async function endHandedOn(trx: Executor, ids: string[], now: number, reason: Session['endedReason'], keep?: string): Promise<void> {
  for (let origins = ids; origins.length > 0;) {
    let query = trx.selectFrom('sessions').select('id').where('origin_session_id', 'in', origins).where('revoked_at', 'is', null);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    const rows = await query.execute();
    origins = rows.map((row) => row.id);
    if (origins.length > 0) {
      await trx.updateTable('sessions').set({ revoked_at: now, ended_reason: reason }).where('id', 'in', origins).where('revoked_at', 'is', null).execute();
    }
  }
}

/** Runs `work` in `trx`, or in a transaction of its own when called outside one. */
const inTransaction = <T>(db: Kysely<Database>, trx: Executor, work: (trx: Executor) => Promise<T>): Promise<T> =>
  trx.isTransaction ? work(trx) : db.transaction().execute(work);

export function createSessionsRepository(db: Kysely<Database>): SessionsRepository {
  return {
    async create({ userId, tokenHash, now, ttlMs, place = NOWHERE, origin }, trx = db) {
      const row: SessionRow = {
        id: randomUUID(),
        token_hash: tokenHash,
        user_id: userId,
        created_at: now,
        expires_at: origin ? Math.min(now + ttlMs, origin.expiresAt) : now + ttlMs,
        revoked_at: null,
        last_active_at: now,
        device: place.device,
        client_kind: place.client,
        client_name: place.clientName,
        region: place.region,
        address: place.address,
        ended_reason: null,
        origin_session_id: origin?.sessionId ?? null,
      };
      await trx.insertInto('sessions').values(row).execute();
      return toSession(row);
    },
    async findByTokenHash(tokenHash, trx = db) {
      const row = await trx.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toSession(row);
    },
    async findByTokenHashWithUser(tokenHash, trx = db) {
      const row = await trx
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('sessions')
        .select([
          'users.phone_hash as user_phone_hash',
          'users.phone_enc as user_phone_enc',
          'users.status as user_status',
          'users.created_at as user_created_at',
          'users.updated_at as user_updated_at',
          'users.frozen_at as user_frozen_at',
          'users.frozen_by as user_frozen_by',
          'users.frozen_reason as user_frozen_reason',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { user_phone_hash, user_phone_enc, user_status, user_created_at, user_updated_at, user_frozen_at, user_frozen_by, user_frozen_reason, ...session } =
        row;
      return {
        session: toSession(session),
        user: {
          id: session.user_id,
          phone_hash: user_phone_hash,
          phone_enc: user_phone_enc,
          status: user_status,
          created_at: user_created_at,
          updated_at: user_updated_at,
          frozen_at: user_frozen_at,
          frozen_by: user_frozen_by,
          frozen_reason: user_frozen_reason,
        },
      };
    },
    async revoke(id, now, trx = db) {
      return inTransaction(db, trx, async (t) => {
        const result = await t.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await endHandedOn(t, [id], now, null);
        return true;
      });
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
    async listLive(userId, now, trx = db) {
      const rows = await trx
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSession);
    },
    async listRecent(userId, limit, trx = db) {
      const rows = await trx
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSession);
    },
    async endOwn({ userId, id, exceptId, now }, trx = db) {
      return inTransaction(db, trx, async (t) => {
        const result = await t
          .updateTable('sessions')
          .set({ revoked_at: now, ended_reason: 'other-device' })
          .where('id', '=', id)
          .where('id', '!=', exceptId)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        // The caller stays: the person pressing 下线 holds this device, even when its session came from the one ended.
        await endHandedOn(t, [id], now, 'other-device', exceptId);
        return true;
      });
    },
    async endOthers({ userId, exceptId, now }, trx = db) {
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: now, ended_reason: 'other-device' })
        .where('user_id', '=', userId)
        .where('id', '!=', exceptId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async findById(id, trx = db) {
      const row = await trx.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toSession(row);
    },
    async holdLive(id, now, trx) {
      // A no-op update: a row lock on PostgreSQL, and SQLite's one writer, until the transaction ends.
      const result = await trx
        .updateTable('sessions')
        .set((eb) => ({ revoked_at: eb.ref('revoked_at') }))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await trx.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
      return { sessionId: id, expiresAt: row.expires_at };
    },
    async lockAccount(userId, trx) {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
    },
    async touch(id, { now, region, address }, trx = db) {
      await trx.updateTable('sessions').set({ last_active_at: now, region, address }).where('id', '=', id).where('revoked_at', 'is', null).execute();
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
