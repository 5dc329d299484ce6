// The identities table (one row per account; docs/api.md "Identity certification"). Takes and returns
// ciphertext: the service encrypts and decrypts (identity-cipher.ts). Every method takes an optional
// transaction (STYLE.md "Boundaries").
//
// Every transition adds one to `version` (NEXT_VERSION). A transition the service decided on a row it read
// (certification, a face session, a face result) is a compare-and-set: it applies only while the row still
// has that version, and answers whether a row changed, so a decision never lands on documents, an identity
// or a face session other than the ones it was made for (docs/api.md "The state machine").
import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, IdentityRow } from '../../db/schema.js';

export type FailureReason = NonNullable<IdentityRow['failure_reason']>;

/** Columns cleared whenever the documents change or a claim is released: back to the document stage. */
const UNCONFIRMED = { identity_enc: null, id_hash: null, face_session_enc: null, face_expires_at: null, failure_reason: null, confirmed_at: null } as const;

/** The version of the row after this transition. */
const NEXT_VERSION = sql<number>`identities.version + 1`;

const changed = (result: { numUpdatedRows: bigint }): boolean => Number(result.numUpdatedRows) === 1;

export function createIdentitiesRepository(db: Kysely<Database>) {
  return {
    async find(userId: string, trx: Executor = db): Promise<IdentityRow | undefined> {
      return trx.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * Keeps one side's OCR result and drops any confirmation and face session (the documents changed: a new
     * attempt, whatever state it comes from). Upsert, then the state from both sides, in one transaction:
     * two sides read in parallel both count. Undefined when the account is verified (nothing kept).
     */
    async saveSide(userId: string, column: 'portrait_enc' | 'emblem_enc', value: string, now: number): Promise<IdentityRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('identities')
          .values({
            user_id: userId,
            state: 'not-started',
            portrait_enc: null,
            emblem_enc: null,
            ...UNCONFIRMED,
            verified_at: null,
            created_at: now,
            updated_at: now,
            [column]: value,
          })
          .onConflict((oc) =>
            oc
              .column('user_id')
              .doUpdateSet({ [column]: value, ...UNCONFIRMED, updated_at: now, version: NEXT_VERSION })
              .where('identities.state', '!=', 'verified'),
          )
          .execute();
        await trx
          .updateTable('identities')
          .set({ state: sql<IdentityRow['state']>`case when portrait_enc is not null and emblem_enc is not null then 'documents-read' else 'not-started' end` })
          .where('user_id', '=', userId)
          .where('state', '!=', 'verified')
          .execute();
        // The upsert holds the row until commit (PostgreSQL's row lock; SQLite's one writer), so verified
        // here means it was verified before: the upsert changed nothing.
        const row = await trx.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
        return row.state === 'verified' ? undefined : row;
      });
    },

    /**
     * Claims the identity for this account (identity-confirmed), from the documents of the row at `version`
     * (what the service read and checked); false when the row has changed since (nothing claimed). Drops a
     * face session: a new attempt. A claim by another account that never got verified and was confirmed
     * before `staleBefore` is released first. Throws the engine's unique violation (isUniqueViolation) when
     * another account holds the number.
     */
    async confirm(input: { userId: string; version: number; idHash: string; identityEnc: string; now: number; staleBefore: number }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('identities')
          .set({ ...UNCONFIRMED, state: 'documents-read', updated_at: input.now, version: NEXT_VERSION })
          .where('id_hash', '=', input.idHash)
          .where('user_id', '!=', input.userId)
          .where('state', '!=', 'verified')
          .where('confirmed_at', '<', input.staleBefore)
          .execute();
        const result = await trx
          .updateTable('identities')
          .set({
            ...UNCONFIRMED,
            id_hash: input.idHash,
            identity_enc: input.identityEnc,
            state: 'identity-confirmed',
            confirmed_at: input.now,
            updated_at: input.now,
            version: NEXT_VERSION,
          })
          .where('user_id', '=', input.userId)
          .where('version', '=', input.version)
          .where('state', '!=', 'verified')
          .where('portrait_enc', 'is not', null)
          .where('emblem_enc', 'is not', null)
          .executeTakeFirst();
        return changed(result);
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

    /**
     * Keeps a face session opened for the identity of the row at `version` (face-pending; it replaces any
     * earlier one); false when the row has changed since: the session is not the account's.
     */
    async startFace(userId: string, version: number, sessionEnc: string, expiresAt: number, now: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('identities')
        .set({ state: 'face-pending', face_session_enc: sessionEnc, face_expires_at: expiresAt, failure_reason: null, updated_at: now, version: NEXT_VERSION })
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('state', 'in', ['identity-confirmed', 'face-pending', 'failed'])
        .where('identity_enc', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },

    /**
     * The face check of the row at `version` passed: verified, once. False when the row has changed since
     * it was read (another attempt, new documents, or a parallel answer already taken): nothing verified.
     */
    async markVerified(userId: string, version: number, now: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('identities')
        .set({
          state: 'verified',
          verified_at: now,
          face_session_enc: null,
          face_expires_at: null,
          failure_reason: null,
          updated_at: now,
          version: NEXT_VERSION,
        })
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('state', 'in', ['face-pending', 'failed'])
        .where('face_session_enc', 'is not', null)
        .where('identity_enc', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },

    /**
     * The face check of the row at `version` failed; `keepSession` while a late result may still come
     * (abandoned, not expired). False when the row has changed since: a newer attempt is not overwritten.
     */
    async markFailed(userId: string, version: number, reason: FailureReason, keepSession: boolean, now: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('identities')
        .set({
          state: 'failed',
          failure_reason: reason,
          updated_at: now,
          version: NEXT_VERSION,
          ...(keepSession ? {} : { face_session_enc: null, face_expires_at: null }),
        })
        .where('user_id', '=', userId)
        .where('version', '=', version)
        .where('state', 'in', ['face-pending', 'failed'])
        .where('face_session_enc', 'is not', null)
        .executeTakeFirst();
      return changed(result);
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;
