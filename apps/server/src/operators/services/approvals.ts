// Maker-checker (docs/operations.md "Approvals"): a change that creates value above the threshold is kept
// as a request until a second operator of the same role approves it, and is run then. Nobody approves
// their own request; the requester may withdraw it while it is pending. A request leaves `pending` once,
// by a conditional update (repository decideApproval), so of two operators approving at the same moment
// exactly one runs the change.
import { randomUUID } from 'node:crypto';
import { OPS_ROLE_TEXT, type OpsApproval, type OpsApprovalStatus, type OpsRole } from '@tyd/protocol';
import type { ApprovalRow, OperatorsRepository } from '../repositories/operators-repository.js';
import type { SignedInOperator } from '../../http/ops-guard.js';

export type ApprovalKind = ApprovalRow['kind'];
/** Runs an approved request's change, named for the operator who asked for it. */
export type ApprovalExecutor = (payload: unknown, targetId: string | null, requestedBy: string, now: number) => Promise<unknown>;

/** A request that has left `pending`, as a refusal names it (docs/api.md "Operators"). */
const STATUS_TEXT: Record<Exclude<OpsApprovalStatus, 'pending'>, string> = { approved: '批准', withdrawn: '撤回', failed: '批准但执行失败' };
const DECIDED_MEANWHILE = '该申请刚被他人处理，请刷新';

/** `forbidden`: approving one's own request, or one of another role; withdrawing someone else's. */
export class ApprovalError extends Error {
  override readonly name = 'ApprovalError';
  constructor(
    readonly kind: 'forbidden' | 'not-found' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export function createApprovals(repo: OperatorsRepository) {
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
  const view = async (row: ApprovalRow): Promise<OpsApproval> => ({
    id: row.id,
    kind: row.kind,
    role: row.role,
    targetId: row.target_id,
    summary: row.summary,
    status: row.status,
    requestedBy: (await nameOf(row.requested_by)) ?? row.requested_by,
    requestedAt: row.requested_at,
    decidedBy: await nameOf(row.decided_by),
    decidedAt: row.decided_at,
  });

  async function pending(id: string): Promise<ApprovalRow> {
    const row = await repo.findApproval(id);
    if (!row) throw new ApprovalError('not-found', '没有这条审批申请');
    if (row.status !== 'pending') throw new ApprovalError('conflict', `该申请已${STATUS_TEXT[row.status]}，请刷新`);
    return row;
  }

  return {
    view,
    /** The rewards routes say how each kind of request is run once approved. */
    register(kind: ApprovalKind, executor: ApprovalExecutor) {
      executors.set(kind, executor);
    },

    async request(input: { kind: ApprovalKind; role: OpsRole; targetId: string | null; payload: unknown; summary: string }, by: SignedInOperator, now: number) {
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
      };
      await repo.insertApproval(row);
      return row;
    },

    async list(limit = 100) {
      return Promise.all((await repo.listApprovals(limit)).map(view));
    },

    /** Approves and runs; a change that fails then leaves the request `failed` (its reason thrown on). */
    async approve(id: string, by: SignedInOperator, now: number): Promise<{ approval: ApprovalRow; result: unknown }> {
      const row = await pending(id);
      if (row.requested_by === by.id) throw new ApprovalError('forbidden', '申请须由提交人以外的运营人员批准');
      if (row.role !== by.role) throw new ApprovalError('forbidden', `${OPS_ROLE_TEXT[row.role]}的申请须由另一位${OPS_ROLE_TEXT[row.role]}批准`);
      const executor = executors.get(row.kind);
      if (!executor) throw new Error(`no executor for approvals of kind ${row.kind}`);
      if (!(await repo.decideApproval(id, 'approved', by.id, now))) throw new ApprovalError('conflict', DECIDED_MEANWHILE);
      const requester = (await nameOf(row.requested_by)) ?? row.requested_by;
      try {
        const result = await executor(JSON.parse(row.payload) as unknown, row.target_id, requester, now);
        return { approval: { ...row, status: 'approved', decided_by: by.id, decided_at: now }, result };
      } catch (error) {
        await repo.markApprovalFailed(id);
        throw error;
      }
    },

    async withdraw(id: string, by: SignedInOperator, now: number): Promise<ApprovalRow> {
      const row = await pending(id);
      if (row.requested_by !== by.id) throw new ApprovalError('forbidden', '只有提交人可以撤回申请');
      if (!(await repo.decideApproval(id, 'withdrawn', by.id, now))) throw new ApprovalError('conflict', DECIDED_MEANWHILE);
      return { ...row, status: 'withdrawn', decided_by: by.id, decided_at: now };
    },
  };
}
export type Approvals = ReturnType<typeof createApprovals>;
