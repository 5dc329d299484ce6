// Maker-checker (docs/operations.md "Approvals"): a change that creates value above the threshold is kept
// as a request until a second operator of the same role approves it, and is run then. Nobody approves
// their own request; the requester may withdraw it while it is pending. A request leaves `pending` once,
// by a conditional update (repository decideApproval), so of two operators approving at the same moment
// exactly one runs the change.
import { randomUUID } from 'node:crypto';
import type { OpsApproval, OpsRole } from '@tyd/protocol';
import type { ApprovalRow, OperatorRow, OperatorsRepository } from '../repositories/operators-repository.js';

export type ApprovalKind = ApprovalRow['kind'];
/** Runs an approved request's change, named for the operator who asked for it. */
export type ApprovalExecutor = (payload: unknown, targetId: string | null, requestedBy: string, now: number) => Promise<unknown>;

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
    if (!row) throw new ApprovalError('not-found', 'no such request');
    if (row.status !== 'pending') throw new ApprovalError('conflict', `the request is ${row.status} already`);
    return row;
  }

  return {
    view,
    /** The rewards routes say how each kind of request is run once approved. */
    register(kind: ApprovalKind, executor: ApprovalExecutor) {
      executors.set(kind, executor);
    },

    async request(input: { kind: ApprovalKind; role: OpsRole; targetId: string | null; payload: unknown; summary: string }, by: OperatorRow, now: number) {
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
    async approve(id: string, by: OperatorRow, now: number): Promise<{ approval: ApprovalRow; result: unknown }> {
      const row = await pending(id);
      if (row.requested_by === by.id) throw new ApprovalError('forbidden', 'a request is approved by another operator than the one who made it');
      if (row.role !== by.role) throw new ApprovalError('forbidden', `a request of the ${row.role} role is approved by another ${row.role}`);
      const executor = executors.get(row.kind);
      if (!executor) throw new Error(`no executor for approvals of kind ${row.kind}`);
      if (!(await repo.decideApproval(id, 'approved', by.id, now))) throw new ApprovalError('conflict', 'the request was decided meanwhile');
      const requester = (await nameOf(row.requested_by)) ?? row.requested_by;
      try {
        const result = await executor(JSON.parse(row.payload) as unknown, row.target_id, requester, now);
        return { approval: { ...row, status: 'approved', decided_by: by.id, decided_at: now }, result };
      } catch (error) {
        await repo.markApprovalFailed(id);
        throw error;
      }
    },

    async withdraw(id: string, by: OperatorRow, now: number): Promise<ApprovalRow> {
      const row = await pending(id);
      if (row.requested_by !== by.id) throw new ApprovalError('forbidden', 'only the operator who made a request withdraws it');
      if (!(await repo.decideApproval(id, 'withdrawn', by.id, now))) throw new ApprovalError('conflict', 'the request was decided meanwhile');
      return { ...row, status: 'withdrawn', decided_by: by.id, decided_at: now };
    },
  };
}
export type Approvals = ReturnType<typeof createApprovals>;
