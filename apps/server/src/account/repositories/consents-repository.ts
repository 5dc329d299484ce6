// Consent records (PIPL art. 14; docs/api.md "Consent"): every acceptance and refusal of the legal documents is kept
// with its time, so the current state is the latest decision and the history can be shown to a regulator.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { ConsentsTable, Database } from '../../db/schema.js';

export interface Consent {
  version: string;
  decision: ConsentsTable['decision'];
  decidedAt: number;
}

export interface ConsentsRepository {
  record(input: { userId: string; version: string; decision: Consent['decision']; now: number }, trx?: Executor): Promise<void>;
  /** The latest accepted version, or undefined when the user never accepted any. */
  latestAccepted(userId: string, trx?: Executor): Promise<Consent | undefined>;
  hasAccepted(userId: string, version: string, trx?: Executor): Promise<boolean>;
  history(userId: string, trx?: Executor): Promise<Consent[]>;
}

const toConsent = (row: Pick<ConsentsTable, 'version' | 'decision' | 'decided_at'>): Consent => ({
  version: row.version,
  decision: row.decision,
  decidedAt: row.decided_at,
});

export function createConsentsRepository(db: Kysely<Database>): ConsentsRepository {
  return {
    async record({ userId, version, decision, now }, trx = db) {
      await trx.insertInto('consents').values({ id: randomUUID(), user_id: userId, version, decision, decided_at: now }).execute();
    },
    async latestAccepted(userId, trx = db) {
      const row = await trx
        .selectFrom('consents')
        .select(['version', 'decision', 'decided_at'])
        .where('user_id', '=', userId)
        .where('decision', '=', 'accepted')
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toConsent(row);
    },
    async hasAccepted(userId, version, trx = db) {
      const row = await trx
        .selectFrom('consents')
        .select('id')
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('decision', '=', 'accepted')
        .executeTakeFirst();
      return row !== undefined;
    },
    async history(userId, trx = db) {
      const rows = await trx.selectFrom('consents').select(['version', 'decision', 'decided_at']).where('user_id', '=', userId).orderBy('decided_at').execute();
      return rows.map(toConsent);
    },
  };
}
