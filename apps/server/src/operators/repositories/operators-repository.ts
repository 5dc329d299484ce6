// The operators' tables (db/migrations/2026-11-30-0900-operators.ts): the only SQL of the operators
// capability. Every method takes an optional transaction (STYLE.md "Boundaries"); every state change that
// must happen once is a conditional update whose affected rows are checked.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, OperatorSessionsTable, OperatorsTable, OpsApprovalsTable, OpsAuditTable, OpsValueMadeTable } from '../../db/schema.js';

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorSessionRow = Selectable<OperatorSessionsTable>;
export type ApprovalRow = Selectable<OpsApprovalsTable>;
export type AuditRow = Selectable<OpsAuditTable>;

export function createOperatorsRepository(db: Kysely<Database>) {
  return {
    async findByName(name: string, trx: Executor = db): Promise<OperatorRow | undefined> {
      return trx.selectFrom('operators').selectAll().where('name', '=', name).executeTakeFirst();
    },
    async find(id: string, trx: Executor = db): Promise<OperatorRow | undefined> {
      return trx.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async list(trx: Executor = db): Promise<OperatorRow[]> {
      return trx.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').execute();
    },
    /** False when the name is taken. */
    async insert(row: OperatorRow, trx: Executor = db): Promise<boolean> {
      const inserted = await trx
        .insertInto('operators')
        .values(row)
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async disable(id: string, at: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.updateTable('operators').set({ disabled_at: at }).where('id', '=', id).where('disabled_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Seals a secret kept in the clear by an earlier version (db/migrations/2026-12-01-0900-operator-totp-sealed.ts). */
    async sealTotpSecret(id: string, sealed: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('operators').set({ totp_secret: '', totp_secret_sealed: sealed }).where('id', '=', id).where('totp_secret', '!=', '').execute();
    },
    /**
     * Takes TOTP step `step` for the operator only if it is later than the last one taken (RFC 6238 §5.2:
     * a verifier must not accept a second code of the same step). Of two sign-ins with one code, one wins.
     */
    async takeTotpStep(id: string, step: number, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('operators')
        .set({ last_totp_step: step })
        .where('id', '=', id)
        .where('last_totp_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Counts one sign-in attempt of `nameKey`, unless it is locked at `now`: the new number of failures
     * (this attempt counted as one until it succeeds), or undefined while locked. From the `free`-th failure
     * on, the same update locks the name for `lockMs(failures)`, so of a burst of parallel attempts at most
     * `free` are ever checked (PostgreSQL re-reads the row's lock time after waiting for its row lock; SQLite
     * runs one write at a time).
     */
    async countAttempt(nameKey: string, now: number, free: number, lockMs: (failures: number) => number, trx: Executor = db): Promise<number | undefined> {
      await trx
        .insertInto('operator_sign_in_failures')
        .values({ name_key: nameKey, failures: 0, locked_until: 0, last_failure_at: now })
        .onConflict((oc) => oc.column('name_key').doNothing())
        .execute();
      // The lock this count reaches if the attempt fails is computed from the count read; the update applies
      // only while that count is unchanged and the name unlocked, so a concurrent attempt makes this one read again.
      for (let tries = 0; tries < 10; tries++) {
        const row = await trx.selectFrom('operator_sign_in_failures').select(['failures', 'locked_until']).where('name_key', '=', nameKey).executeTakeFirst();
        if (!row || row.locked_until > now) return undefined;
        const failures = row.failures + 1;
        const result = await trx
          .updateTable('operator_sign_in_failures')
          .set({ failures, last_failure_at: now, locked_until: failures >= free ? now + lockMs(failures) : 0 })
          .where('name_key', '=', nameKey)
          .where('failures', '=', row.failures)
          .where('locked_until', '<=', now)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return failures;
      }
      return undefined;
    },
    async lockedUntil(nameKey: string, trx: Executor = db): Promise<number> {
      const row = await trx.selectFrom('operator_sign_in_failures').select('locked_until').where('name_key', '=', nameKey).executeTakeFirst();
      return row?.locked_until ?? 0;
    },
    async clearFailures(nameKey: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('operator_sign_in_failures').where('name_key', '=', nameKey).execute();
    },

    async insertSession(row: OperatorSessionRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('operator_sessions').values(row).execute();
    },
    /** The session and its operator, in one read. */
    async findSession(idHash: string, trx: Executor = db): Promise<{ session: OperatorSessionRow; operator: OperatorRow } | undefined> {
      const session = await trx.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      if (!session) return undefined;
      const operator = await trx.selectFrom('operators').selectAll().where('id', '=', session.operator_id).executeTakeFirst();
      return operator && { session, operator };
    },
    async touchSession(idHash: string, at: number, trx: Executor = db): Promise<void> {
      await trx.updateTable('operator_sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).where('last_seen_at', '<', at).execute();
    },
    async deleteSession(idHash: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
    },
    async deleteSessionsOf(operatorId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('operator_sessions').where('operator_id', '=', operatorId).execute();
    },
    /** Sessions idle since before `idleBefore` or made before `madeBefore`: ended, whether anyone calls with them or not. */
    async pruneSessions(idleBefore: number, madeBefore: number, trx: Executor = db): Promise<number> {
      const result = await trx
        .deleteFrom('operator_sessions')
        .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', madeBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Failure counts of names whose last failure is older than `before` and that are not locked at `now`. */
    async pruneFailures(before: number, now: number, trx: Executor = db): Promise<number> {
      const result = await trx
        .deleteFrom('operator_sign_in_failures')
        .where('last_failure_at', '<', before)
        .where('locked_until', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async insertApproval(row: ApprovalRow, trx: Executor = db): Promise<void> {
      await trx.insertInto('ops_approvals').values(row).execute();
    },
    async findApproval(id: string, trx: Executor = db): Promise<ApprovalRow | undefined> {
      return trx.selectFrom('ops_approvals').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async listApprovals(limit: number, trx: Executor = db): Promise<ApprovalRow[]> {
      return trx
        .selectFrom('ops_approvals')
        .selectAll()
        .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    /**
     * Moves a pending request that has not expired at `at` to `status`, once: false when it is no longer
     * pending (another decision won) or expired meanwhile.
     */
    async decideApproval(
      id: string,
      status: ApprovalRow['status'],
      by: string,
      at: number,
      expiresAt: number,
      reason: string | null = null,
      trx: Executor = db,
    ): Promise<boolean> {
      if (at >= expiresAt) return false;
      const result = await trx
        .updateTable('ops_approvals')
        .set({ status, decided_by: by, decided_at: at, decision_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** A request whose change was refused when run (its transaction rolled back): `failed`, with why. */
    async markApprovalFailed(id: string, by: string, at: number, reason: string | null, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('ops_approvals')
        .set({ status: 'failed', decided_by: by, decided_at: at, decision_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
    async keepApprovalResult(id: string, sealed: string, trx: Executor = db): Promise<void> {
      await trx.updateTable('ops_approvals').set({ result_sealed: sealed }).where('id', '=', id).execute();
    },
    /** The sealed result, taken (cleared) by this call only: of two takes at once, one gets it. */
    async takeApprovalResult(id: string, trx: Executor = db): Promise<string | undefined> {
      const row = await trx.selectFrom('ops_approvals').select('result_sealed').where('id', '=', id).executeTakeFirst();
      if (!row?.result_sealed) return undefined;
      const result = await trx
        .updateTable('ops_approvals')
        .set({ result_sealed: null })
        .where('id', '=', id)
        .where('result_sealed', '=', row.result_sealed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? row.result_sealed : undefined;
    },

    /**
     * Takes the operator's row lock until the transaction ends (a no-op change of their row): the value an
     * operator made alone is read and added to by one change of theirs at a time (services/value-window.ts).
     */
    async lockOperator(id: string, trx: Executor): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ last_totp_step: sql`last_totp_step` })
        .where('id', '=', id)
        .execute();
    },
    async valueMadeSince(operatorId: string, since: number, trx: Executor = db): Promise<number> {
      const row = await trx
        .selectFrom('ops_value_made')
        .select((eb) => eb.fn.sum<string | number | null>('points').as('points'))
        .where('operator_id', '=', operatorId)
        .where('at', '>', since)
        .executeTakeFirst();
      return Number(row?.points ?? 0);
    },
    async insertValueMade(row: Selectable<OpsValueMadeTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('ops_value_made').values(row).execute();
    },

    async deleteValueMade(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('ops_value_made').where('id', '=', id).execute();
    },

    async insertAudit(row: Insertable<OpsAuditTable>, trx: Executor = db): Promise<void> {
      await trx.insertInto('ops_audit').values(row).execute();
    },
    /** A page of the audit, newest first, filtered; `before` is the (at, id) the previous page ended at. */
    async listAudit(
      filter: { operator?: string; action?: string; target?: string; from?: number; to?: number; before?: { at: number; id: string } },
      limit: number,
      trx: Executor = db,
    ): Promise<AuditRow[]> {
      let query = trx.selectFrom('ops_audit').selectAll();
      if (filter.operator !== undefined) query = query.where('operator_name', '=', filter.operator);
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.target !== undefined) query = query.where('target_id', '=', filter.target);
      if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('at', '<', filter.to);
      const before = filter.before;
      if (before !== undefined) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
