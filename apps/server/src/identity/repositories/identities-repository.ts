// The identities table (one row per account; docs/api.md "Identity certification"). Takes and returns
// ciphertext: the service encrypts and decrypts (identity-cipher.ts). Every method takes an optional
// transaction (STYLE.md "Boundaries").
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, IdentityRow } from '../../db/schema.js';

export type FailureReason = NonNullable<IdentityRow['failure_reason']>;

/** Columns cleared whenever the documents change or a claim is released: back to the document stage. */
const UNCONFIRMED = { identity_enc: null, id_hash: null, face_session_enc: null, face_expires_at: null, failure_reason: null, confirmed_at: null } as const;

export function createIdentitiesRepository(db: Kysely<Database>) {
  return {
    async find(userId: string, trx: Executor = db): Promise<IdentityRow | undefined> {
      return trx.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * Keeps one side's OCR result and drops any confirmation (the documents changed). Upsert, then the
     * state from both sides, in one transaction: two sides read in parallel both count.
     */
    async saveSide(userId: string, column: 'portrait_enc' | 'emblem_enc', value: string, now: number): Promise<IdentityRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('identities')
          .values({ user_id: userId, state: 'not-started', portrait_enc: null, emblem_enc: null, ...UNCONFIRMED, verified_at: null, created_at: now, updated_at: now, [column]: value })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: value, ...UNCONFIRMED, updated_at: now }).where('identities.state', '!=', 'verified'))
          .execute();
        await trx
          .updateTable('identities')
          .set({ state: sql<IdentityRow['state']>`case when portrait_enc is not null and emblem_enc is not null then 'documents-read' else 'not-started' end` })
          .where('user_id', '=', userId)
          .where('state', '!=', 'verified')
          .execute();
        return trx.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      });
    },

    /**
     * Claims the identity for this account (identity-confirmed). A claim by another account that never got
     * verified and was confirmed before `staleBefore` is released first. Throws the engine's unique
     * violation (isUniqueViolation) when another account holds the number.
     */
    async confirm(input: { userId: string; idHash: string; identityEnc: string; now: number; staleBefore: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('identities')
          .set({ ...UNCONFIRMED, state: 'documents-read', updated_at: input.now })
          .where('id_hash', '=', input.idHash)
          .where('user_id', '!=', input.userId)
          .where('state', '!=', 'verified')
          .where('confirmed_at', '<', input.staleBefore)
          .execute();
        const result = await trx
          .updateTable('identities')
          .set({ ...UNCONFIRMED, id_hash: input.idHash, identity_enc: input.identityEnc, state: 'identity-confirmed', confirmed_at: input.now, updated_at: input.now })
          .where('user_id', '=', input.userId)
          .where('state', '!=', 'verified')
          .where('portrait_enc', 'is not', null)
          .where('emblem_enc', 'is not', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    /**
     * Whether another account holds the number (by its keyed hash): verified, or claimed at `heldSince` or
     * later. An older claim that never got verified holds nothing: confirm releases it.
     */
    async heldByOther(idHash: string, userId: string, heldSince: number, trx: Executor = db): Promise<boolean> {
      const holder = await trx
        .selectFrom('identities')
        .select('user_id')
        .where('id_hash', '=', idHash)
        .where('user_id', '!=', userId)
        .where((eb) => eb.or([eb('state', '=', 'verified'), eb('confirmed_at', '>=', heldSince)]))
        .executeTakeFirst();
      return holder !== undefined;
    },

    async startFace(userId: string, sessionEnc: string, expiresAt: number, now: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('identities')
        .set({ state: 'face-pending', face_session_enc: sessionEnc, face_expires_at: expiresAt, failure_reason: null, updated_at: now })
        .where('user_id', '=', userId)
        .where('state', 'in', ['identity-confirmed', 'face-pending', 'failed'])
        .where('identity_enc', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markVerified(userId: string, now: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('identities')
        .set({ state: 'verified', verified_at: now, face_session_enc: null, face_expires_at: null, failure_reason: null, updated_at: now })
        .where('user_id', '=', userId)
        .where('identity_enc', 'is not', null)
        .execute();
    },

    /** A failed face check; `keepSession` while a late result may still come (abandoned, not expired). */
    async markFailed(userId: string, reason: FailureReason, keepSession: boolean, now: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('identities')
        .set({ state: 'failed', failure_reason: reason, updated_at: now, ...(keepSession ? {} : { face_session_enc: null, face_expires_at: null }) })
        .where('user_id', '=', userId)
        .where('state', '!=', 'verified')
        .execute();
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
