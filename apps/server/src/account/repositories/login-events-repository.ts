// Sign-ins and refused login codes of an account (登录记录, docs/api.md "Account security"), each with where it
// came from as the owner reads it. Deleted with the account (ON DELETE CASCADE) and after LOGIN_RECORD_DAYS
// (services/session-housekeeping.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, LoginEventRow } from '../../db/schema.js';
import type { ListPosition } from '../../lib/list-cursor.js';
import type { SessionPlace } from './sessions-repository.js';

export type LoginEventResult = LoginEventRow['result'];
export type LoginEventMethod = LoginEventRow['method'];

export interface LoginEvent extends SessionPlace {
  id: string;
  at: number;
  result: LoginEventResult;
  method: LoginEventMethod;
}

export interface LoginEventsRepository {
  record(input: { userId: string; at: number; result: LoginEventResult; method: LoginEventMethod; place: SessionPlace }, trx?: Executor): Promise<void>;
  /** The account's events at or after `since`, newest first, strictly after `after`. */
  listOwn(userId: string, input: { since: number; after: ListPosition | undefined; limit: number }, trx?: Executor): Promise<LoginEvent[]>;
  /** Deletes events older than `before`; returns how many. */
  pruneBefore(before: number, trx?: Executor): Promise<number>;
}

const toEvent = (row: LoginEventRow): LoginEvent => ({
  id: row.id,
  at: row.at,
  result: row.result,
  method: row.method,
  device: row.device,
  client: row.client_kind,
  clientName: row.client_name,
  region: row.region,
  address: row.address,
});

export function createLoginEventsRepository(db: Kysely<Database>): LoginEventsRepository {
  return {
    async record({ userId, at, result, method, place }, trx = db) {
      await trx
        .insertInto('login_events')
        .values({
          id: randomUUID(),
          user_id: userId,
          at,
          result,
          method,
          device: place.device,
          client_kind: place.client,
          client_name: place.clientName,
          region: place.region,
          address: place.address,
        })
        .execute();
    },
    async listOwn(userId, { since, after, limit }, trx = db) {
      let query = trx
        .selectFrom('login_events')
        .selectAll()
        .where('user_id', '=', userId)
        .where('at', '>=', since)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (after) query = query.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]));
      return (await query.execute()).map(toEvent);
    },
    async pruneBefore(before, trx = db) {
      const result = await trx.deleteFrom('login_events').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
