// Maker-checker (docs/operations.md "Approvals"): a change that creates or raises money-like value is kept as
// a request until a second operator of the same role approves it. Nobody approves or rejects their own
// request; the maker may withdraw it while it is pending; it expires after OPS_APPROVAL_HOURS. Approving
// runs the change in the same transaction as the decision (and the audit entry: the route runs it under
// opsCommit), so a crash leaves the request pending, never approved-but-not-run; of two operators approving
// at the same moment exactly one runs it (a conditional update). What running it produced for the maker
// only (a batch's codes) is kept sealed for the maker to take once.
import { randomUUID } from 'node:crypto';
import { OPS_ROLE_TEXT, type OpsApproval, type OpsApprovalStatus, type OpsRole } from '@tyd/protocol';
import type { Kysely } from 'kysely';
import type { OperatorsConfig } from '../../config/index.js';
import { inTransaction } from '../../db/ambient-transaction.js';
import type { Database } from '../../db/schema.js';
import type { FieldCipher } from '../../lib/field-cipher.js';
import { OpsInputError } from '../../http/ops-api.js';
import type { ApprovalRow, OperatorsRepository } from '../repositories/operators-repository.js';
import type { SignedInOperator } from '../../http/ops-guard.js';

export type ApprovalKind = ApprovalRow['kind'];

/** Who a change is made by, as the capability's own records keep it: the maker, and the checker once approved. */
export interface ChangeAuthors {
  maker: string;
  checker: string | null;
  /** What the capability's records name: `alice`, or `alice（bob 批准）` (at most 140 characters). */
  label: string;
}

/** What running a change produced: what every reader of the answer sees, and what its maker alone may. */
export interface ChangeOutcome {
  shown: unknown;
  forMaker?: unknown;
}

/** Runs an approved request's change, in the approval's transaction. */
export type ApprovalExecutor = (payload: unknown, targetId: string | null, authors: ChangeAuthors, now: number) => Promise<ChangeOutcome>;

export const authorsLabel = (maker: string, checker: string | null) => (checker === null ? maker : `${maker}（${checker} 批准）`);

/** A request that has left `pending`, as a refusal names it (docs/api.md "Operators"). */
const STATUS_TEXT: Record<Exclude<OpsApprovalStatus, 'pending'>, string> = {
  approved: '批准',
  withdrawn: '撤回',
  failed: '批准但执行失败',
  rejected: '驳回',
  expired: '过期',
};
const DECIDED_MEANWHILE = '该申请刚被他人处理，请刷新';

/** `forbidden`: deciding one's own request, or one of another role; withdrawing someone else's. */
export class ApprovalError extends Error {
  override readonly name = 'ApprovalError';
  constructor(
    readonly kind: 'forbidden' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** The AAD of a request's sealed result: it opens in that request's row only. */
const resultAad = (id: string) => `ops_approvals.result:${id}`;

export function createApprovals(deps: { db: Kysely<Database>; repo: OperatorsRepository; config: OperatorsConfig; resultCipher: FieldCipher }) {
  const { db, repo, config, resultCipher } = deps;
  const executors = new Map<ApprovalKind, ApprovalExecutor>();
  const names = new Map<string, string>();
  const nameOf = async (id: string | null) => {
    if (id === null) return null;
    const known = names.get(id);
    if (known) return known;
    const name = (await repo.find(id))?.name ?? id;
    names.set(id, name);
    return name;
  };
  const expiresAtOf = (row: ApprovalRow) => row.expires_at ?? row.requested_at + config.approvalTtlMs;
  const statusOf = (row: ApprovalRow, now: number): OpsApprovalStatus => (row.status === 'pending' && now >= expiresAtOf(row) ? 'expired' : row.status);
  const view = async (row: ApprovalRow, now: number): Promise<OpsApproval> => ({
    id: row.id,
    kind: row.kind,
    role: row.role,
    targetId: row.target_id,
    summary: row.summary,
    status: statusOf(row, now),
    requestedBy: (await nameOf(row.requested_by)) ?? row.requested_by,
    requestedAt: row.requested_at,
    expiresAt: expiresAtOf(row),
    decidedBy: await nameOf(row.decided_by),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    valuePoints: row.value_points === null ? null : Number(row.value_points),
    resultWaiting: row.result_sealed !== null,
  });

  async function pending(id: string, now: number): Promise<ApprovalRow> {
    const row = await repo.findApproval(id);
    if (!row) throw new ApprovalError('not-found', '没有这条审批申请');
    const status = statusOf(row, now);
    if (status !== 'pending') throw new ApprovalError('conflict', `该申请已${STATUS_TEXT[status]}，请刷新`);
    return row;
  }

  /** A checker: another operator of the request's role. */
  function checkChecker(row: ApprovalRow, by: SignedInOperator, verb: string) {
    if (row.requested_by === by.id) throw new ApprovalError('forbidden', `申请须由提交人以外的运营人员${verb}`);
    if (row.role !== by.role) throw new ApprovalError('forbidden', `${OPS_ROLE_TEXT[row.role]}的申请须由另一位${OPS_ROLE_TEXT[row.role]}${verb}`);
  }

  return {
    view,
    /** The capabilities say how each kind of request is run once approved. */
    register(kind: ApprovalKind, executor: ApprovalExecutor) {
      executors.set(kind, executor);
    },

    async request(
      input: { kind: ApprovalKind; role: OpsRole; targetId: string | null; payload: unknown; summary: string; valuePoints?: number | null },
      by: SignedInOperator,
      now: number,
    ) {
      const row: ApprovalRow = {
        id: `ap_${randomUUID()}`,
        kind: input.kind,
        role: input.role,
        target_id: input.targetId,
        payload: JSON.stringify(input.payload),
        summary: input.summary.slice(0, 200),
        status: 'pending',
        requested_by: by.id,
        requested_at: now,
        decided_by: null,
        decided_at: null,
        expires_at: now + config.approvalTtlMs,
        decision_reason: null,
        value_points: input.valuePoints ?? null,
        result_sealed: null,
      };
      await repo.insertApproval(row);
      return row;
    },

    async list(now: number, limit = 100) {
      return Promise.all((await repo.listApprovals(limit)).map((row) => view(row, now)));
    },

    /**
     * Approves and runs, in one transaction with the decision and the audit entry (`record` writes it, of the
     * request as read here). A
     * change the capability refuses when it is run (the prize gone meanwhile) undoes all three, and the
     * request is then left `failed` with the reason, which is thrown on. Not to be called inside another
     * transaction: the failure is written after this one rolled back.
     */
    async approve(
      id: string,
      by: SignedInOperator,
      now: number,
      record: (request: ApprovalRow) => Promise<void>,
    ): Promise<{ approval: ApprovalRow; result: unknown }> {
      const row = await pending(id, now);
      checkChecker(row, by, '批准');
      const executor = executors.get(row.kind);
      if (!executor) throw new Error(`no executor for approvals of kind ${row.kind}`);
      const maker = (await nameOf(row.requested_by)) ?? row.requested_by;
      try {
        return await inTransaction(db, async () => {
          if (!(await repo.decideApproval(id, 'approved', by.id, now, expiresAtOf(row)))) throw new ApprovalError('conflict', DECIDED_MEANWHILE);
          const outcome = await executor(
            JSON.parse(row.payload) as unknown,
            row.target_id,
            { maker, checker: by.name, label: authorsLabel(maker, by.name) },
            now,
          );
          const sealed = outcome.forMaker === undefined ? null : resultCipher.encrypt(resultAad(id), Buffer.from(JSON.stringify(outcome.forMaker), 'utf8'));
          if (sealed !== null) await repo.keepApprovalResult(id, sealed);
          await record(row);
          return { approval: { ...row, status: 'approved' as const, decided_by: by.id, decided_at: now, result_sealed: sealed }, result: outcome.shown };
        });
      } catch (error) {
        // The capability refused the change as it stands now: the request is done with. Anything else (the
        // audit entry not written, the database gone) is a fault, and the request stays pending, as after a crash.
        if (error instanceof OpsInputError) await repo.markApprovalFailed(id, by.id, now, error.message.slice(0, 200));
        throw error;
      }
    },

    /** A checker refuses the request, saying why. */
    async reject(id: string, reason: string, by: SignedInOperator, now: number): Promise<ApprovalRow> {
      const row = await pending(id, now);
      checkChecker(row, by, '驳回');
      if (!(await repo.decideApproval(id, 'rejected', by.id, now, expiresAtOf(row), reason))) throw new ApprovalError('conflict', DECIDED_MEANWHILE);
      return { ...row, status: 'rejected', decided_by: by.id, decided_at: now, decision_reason: reason };
    },

    async withdraw(id: string, by: SignedInOperator, now: number): Promise<ApprovalRow> {
      const row = await pending(id, now);
      if (row.requested_by !== by.id) throw new ApprovalError('forbidden', '只有提交人可以撤回申请');
      if (!(await repo.decideApproval(id, 'withdrawn', by.id, now, expiresAtOf(row)))) throw new ApprovalError('conflict', DECIDED_MEANWHILE);
      return { ...row, status: 'withdrawn', decided_by: by.id, decided_at: now };
    },

    /** The maker takes what their approved request produced, once (deleted as it is read). */
    async takeResult(id: string, by: SignedInOperator): Promise<{ approval: ApprovalRow; result: unknown }> {
      const row = await repo.findApproval(id);
      if (!row) throw new ApprovalError('not-found', '没有这条审批申请');
      if (row.requested_by !== by.id) throw new ApprovalError('forbidden', '只有提交人可以领取批准结果');
      const sealed = await repo.takeApprovalResult(id);
      if (sealed === undefined) throw new ApprovalError('not-found', '没有待领取的结果（只能领取一次）');
      const result = JSON.parse(resultCipher.decrypt(resultAad(id), sealed).toString('utf8')) as unknown;
      return { approval: { ...row, result_sealed: null }, result };
    },
  };
}
export type Approvals = ReturnType<typeof createApprovals>;
