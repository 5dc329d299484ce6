// Operators' enrolment links (db/migrations/2026-12-08-1000-operator-enrolment.ts): the SQL of issuing one,
// opening it and completing it. A link is found by the SHA-256 of its token, so the lookup's timing can only
// ever say something about a digest nobody can invert, never about the token (STYLE.md "Errors"). Every
// transition is a conditional write whose affected rows are checked.
import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, OperatorEnrolmentsTable } from '../../db/schema.js';
import type { OperatorRow } from './operators-repository.js';

export type EnrolmentRow = Selectable<OperatorEnrolmentsTable>;

export type IssuedEnrolment = Omit<EnrolmentRow, 'totp_secret_sealed' | 'operator_id'>;

export function createEnrolmentsRepository(db: Kysely<Database>) {
  /**
   * The operator's link from now on: inserted, or replacing the one they had (its token stops at once), with
   * no TOTP secret shown yet.
   */
  async function issue(operatorId: string, link: IssuedEnrolment, trx: Executor): Promise<void> {
    const row = { ...link, operator_id: operatorId };
    await trx
      .insertInto('operator_enrolments')
      .values({ ...row, totp_secret_sealed: null })
      .onConflict((oc) =>
        oc.column('operator_id').doUpdateSet({
          token_hash: row.token_hash,
          totp_secret_sealed: null,
          created_at: row.created_at,
          created_by: row.created_by,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  return {
    /**
     * A new operator, pending: `row` carries a password hash nobody knows and no TOTP secret, and is inserted
     * with its link in one transaction. False when the name is taken (nothing written).
     */
    async addPending(row: OperatorRow, link: IssuedEnrolment): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('operators')
          .values(row)
          .onConflict((oc) => oc.column('name').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        await issue(row.id, link, trx);
        return true;
      });
    },

    /**
     * Resets an operator to pending, in one transaction: the old password and TOTP secret replaced by a hash
     * nobody knows and none, enabled again, every session ended, and a new link issued (replacing any earlier
     * one). False when there is no such operator.
     */
    async resetPending(operatorId: string, unknownPasswordHash: string, link: IssuedEnrolment): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('operators')
          .set({ password_hash: unknownPasswordHash, totp_secret: '', totp_secret_sealed: null, enrolled_at: null, disabled_at: null })
          .where('id', '=', operatorId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
        await issue(operatorId, link, trx);
        return true;
      });
    },

    /** The link of this token hash with its operator, if it is live at `now`: issued, not used, not replaced, not expired. */
    async findLive(tokenHash: string, now: number, trx: Executor = db): Promise<{ enrolment: EnrolmentRow; operator: OperatorRow } | undefined> {
      const enrolment = await trx
        .selectFrom('operator_enrolments')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!enrolment) return undefined;
      const operator = await trx.selectFrom('operators').selectAll().where('id', '=', enrolment.operator_id).executeTakeFirst();
      return operator && { enrolment, operator };
    },

    /** Keeps the secret shown at the link's first opening; false when another opening kept one first. */
    async keepSecret(tokenHash: string, sealed: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('operator_enrolments')
        .set({ totp_secret_sealed: sealed })
        .where('token_hash', '=', tokenHash)
        .where('totp_secret_sealed', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Completes an enrolment in one transaction: the link is taken (deleted, if it is still this token's,
     * live and showing the secret the code was checked against) and only then are the operator's new
     * credentials written. Of two completions of one link, one takes it; the other gets false and changes nothing.
     */
    async complete(
      taken: { tokenHash: string; secretSealed: string; now: number },
      credentials: { operatorId: string; passwordHash: string; totpSecretSealed: string; totpStep: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('operator_enrolments')
          .where('token_hash', '=', taken.tokenHash)
          .where('operator_id', '=', credentials.operatorId)
          .where('totp_secret_sealed', '=', taken.secretSealed)
          .where('expires_at', '>', taken.now)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) return false;
        const updated = await trx
          .updateTable('operators')
          .set({
            password_hash: credentials.passwordHash,
            totp_secret: '',
            totp_secret_sealed: credentials.totpSecretSealed,
            // RFC 6238 §5.2: the code that confirmed the enrolment is used; signing in takes a later one.
            last_totp_step: credentials.totpStep,
            enrolled_at: taken.now,
          })
          .where('id', '=', credentials.operatorId)
          .where('enrolled_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new Error(`operator ${credentials.operatorId} had a live enrolment link but was enrolled already`);
        return true;
      });
    },

    /** Ends the operator's pending link, if any (the operator was disabled). */
    async revoke(operatorId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('operator_enrolments').where('operator_id', '=', operatorId).execute();
    },

    /** Deletes links that expired before `now` (operators-module.ts prunes them with the ended sessions). */
    async pruneExpired(now: number, trx: Executor = db): Promise<number> {
      const result = await trx.deleteFrom('operator_enrolments').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type EnrolmentsRepository = ReturnType<typeof createEnrolmentsRepository>;
