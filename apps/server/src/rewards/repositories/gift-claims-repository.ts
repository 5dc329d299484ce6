// Claims of the new-user gift (docs/api.md "New-user gift"), one per real person: gift_claims is keyed by
// the person (identity's keyed hash of the verified ID number), so the database itself refuses a second
// claim, whichever account makes it. Taken with ON CONFLICT DO NOTHING (the house pattern: a parallel
// claim waits for the first one's transaction, then finds the row, and no PostgreSQL transaction is
// aborted). What a claim gave is read back from the ledger and the vouchers, where it was written under
// the line's key `new-user-gift:<personKey>:<line>`.
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

export interface GiftClaim {
  personKey: string;
  userId: string;
  claimedAt: number;
}

/** One line as it was given: points credited, or a voucher as it was issued. */
export type GivenLine =
  { line: number; points: number } | { line: number; voucher: { itemId: string; name: string; description: string; grantedAt: number; expiresAt: number } };

export const giftLineKey = (personKey: string, line: number) => `new-user-gift:${personKey}:${line}`;
const lineOf = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

export interface GiftClaimsRepository {
  /** Records the person's claim; false when the person has one already (nothing changes). */
  claim(claim: GiftClaim, trx: Executor): Promise<boolean>;
  findByPerson(personKey: string, trx?: Executor): Promise<GiftClaim | undefined>;
  findByUser(userId: string, trx?: Executor): Promise<GiftClaim | undefined>;
  /** What the account's claim gave, in the gift's order. */
  given(userId: string, trx?: Executor): Promise<GivenLine[]>;
  /** How many people claimed (operations; never who). */
  count(): Promise<number>;
}

export function createGiftClaimsRepository(db: Kysely<Database>): GiftClaimsRepository {
  const toClaim = (row: { person_key: string; user_id: string; claimed_at: number }): GiftClaim => ({
    personKey: row.person_key,
    userId: row.user_id,
    claimedAt: row.claimed_at,
  });
  return {
    async claim({ personKey, userId, claimedAt }, trx) {
      const result = await trx
        .insertInto('gift_claims')
        .values({ person_key: personKey, user_id: userId, claimed_at: claimedAt })
        .onConflict((oc) => oc.column('person_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    async findByPerson(personKey, trx = db) {
      const row = await trx.selectFrom('gift_claims').selectAll().where('person_key', '=', personKey).executeTakeFirst();
      return row && toClaim(row);
    },
    async findByUser(userId, trx = db) {
      const row = await trx.selectFrom('gift_claims').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row && toClaim(row);
    },
    async given(userId, trx = db) {
      const [entries, vouchers] = await Promise.all([
        trx.selectFrom('points_entries').select(['idempotency_key', 'amount']).where('user_id', '=', userId).where('reason', '=', 'new-user-gift').execute(),
        trx
          .selectFrom('vouchers')
          .select(['source_key', 'item_id', 'name', 'description', 'granted_at', 'expires_at'])
          .where('user_id', '=', userId)
          .where('source', '=', 'new-user-gift')
          .execute(),
      ]);
      const lines: GivenLine[] = [
        ...entries.map((entry) => ({ line: lineOf(entry.idempotency_key), points: entry.amount })),
        ...vouchers.map((v) => ({
          line: lineOf(v.source_key),
          voucher: { itemId: v.item_id, name: v.name, description: v.description, grantedAt: v.granted_at, expiresAt: v.expires_at },
        })),
      ];
      return lines.sort((a, b) => a.line - b.line);
    },
    async count() {
      const row = await db
        .selectFrom('gift_claims')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
