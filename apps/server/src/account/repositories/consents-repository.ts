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

/** What the consent status is decided from (services/consent.ts), read in one statement. */
export interface ConsentFacts {
  /** The latest acceptance (of any version), or undefined when the user never accepted any. */
  latest: Consent | undefined;
  /** The latest withdrawal's time (PIPL art. 15), or undefined. */
  withdrawnAt: number | undefined;
  /**
   * Whether the version asked about was accepted and not withdrawn since: an acceptance a later withdrawal
   * took back no longer counts, and login records a new one.
   */
  accepted: boolean;
}

/** The columns consentFactsOf reads, for a statement that selects them beside others (the profile's). */
export interface ConsentFactsRow {
  latest_version: string | null;
  latest_at: number | string | null;
  withdrawn_at: number | string | null;
  accepted: number | boolean | string | null;
}

/**
 * The facts as one row of scalar subqueries (docs/api.md "Consent"): the status is one statement, not
 * three; repositories.test.ts checks it against the three reads written out singly.
 */
export function consentFactsSelect(trx: Executor, userId: string, version: string) {
  const accepted = trx
    .selectFrom('consents')
    .where('user_id', '=', userId)
    .where('decision', '=', 'accepted')
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  const withdrawnAt = trx
    .selectFrom('consents')
    .select((eb) => eb.fn.max('decided_at').as('at'))
    .where('user_id', '=', userId)
    .where('decision', '=', 'withdrawn');
  return trx.selectNoFrom((eb) => [
    accepted.select('version').as('latest_version'),
    accepted.select('decided_at').as('latest_at'),
    withdrawnAt.as('withdrawn_at'),
    eb
      .exists(
        eb
          .selectFrom('consents')
          .select('id')
          .where('user_id', '=', userId)
          .where('version', '=', version)
          .where('decision', '=', 'accepted')
          .where((eb) => eb.or([eb(withdrawnAt, 'is', null), eb('decided_at', '>', withdrawnAt)])),
      )
      .as('accepted'),
  ]);
}

/** The facts from their columns: counts and times come back as strings from PostgreSQL's bigint, booleans as 0/1 from SQLite. */
export function consentFactsOf(row: ConsentFactsRow): ConsentFacts {
  return {
    latest:
      row.latest_version === null || row.latest_at === null
        ? undefined
        : { version: row.latest_version, decision: 'accepted', decidedAt: Number(row.latest_at) },
    withdrawnAt: row.withdrawn_at === null ? undefined : Number(row.withdrawn_at),
    accepted: row.accepted === true || Number(row.accepted) === 1,
  };
}

export interface ConsentsRepository {
  /** What the consent status is decided from, for the version asked about, in one statement. */
  facts(userId: string, version: string, trx?: Executor): Promise<ConsentFacts>;
  record(input: { userId: string; version: string; decision: Consent['decision']; now: number }, trx?: Executor): Promise<void>;
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
    async facts(userId, version, trx = db) {
      return consentFactsOf(await consentFactsSelect(trx, userId, version).executeTakeFirstOrThrow());
    },
    async history(userId, trx = db) {
      const rows = await trx.selectFrom('consents').select(['version', 'decision', 'decided_at']).where('user_id', '=', userId).orderBy('decided_at').execute();
      return rows.map(toConsent);
    },
  };
}
