// The customer-service desk's API (docs/api.md "Customer-service desk"): plain JSON behind the operator's
// session (lib/ops-api.ts). The phone goes in a body only. Paths from the zod-free wire entry, types only
// from the calls' schemas (endpoints/ops/support-desk-ops.ts), so the page carries no schema code.
import type {
  opsApprovalsApprove,
  opsApprovalsList,
  opsApprovalsWithdraw,
  OpsResponseData,
  opsUsersEndSessions,
  opsUsersFreeze,
  opsUsersLookup,
  opsUsersUnfreeze,
} from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl } from '@tyd/protocol/wire';
import { OpsApiError, opsRequest } from '../../../lib/ops-api';

export const opsUsers = {
  lookup: (phone: string, reason: string) =>
    opsRequest<OpsResponseData<typeof opsUsersLookup>>(OPS_PATH.usersLookup, { method: 'POST', body: { phone, reason } }),
  endSessions: (id: string, reason: string) =>
    opsRequest<OpsResponseData<typeof opsUsersEndSessions>>(opsUrl(OPS_PATH.userEndSessions, { id }), { method: 'POST', body: { reason } }),
  freeze: (id: string, reason: string) =>
    opsRequest<OpsResponseData<typeof opsUsersFreeze>>(opsUrl(OPS_PATH.userFreeze, { id }), { method: 'POST', body: { reason } }),
  /**
   * Always kept for a second operator (HTTP 202): that is this call's success, so the request is answered,
   * not thrown (lib/ops-api.ts throws a 202 as 'awaiting-approval' for calls that may run at once).
   */
  async unfreeze(id: string, reason: string): Promise<'requested'> {
    try {
      await opsRequest<OpsResponseData<typeof opsUsersUnfreeze>>(opsUrl(OPS_PATH.userUnfreeze, { id }), { method: 'POST', body: { reason } });
    } catch (error) {
      if (error instanceof OpsApiError && error.failure === 'awaiting-approval') return 'requested';
      throw error;
    }
    throw new OpsApiError('refused', '解冻申请未提交，请刷新后重试');
  },
  /** Maker-checker requests (docs/operations.md "Approvals"), pending first: the page keeps the unfreezes. */
  approvals: (signal?: AbortSignal) => opsRequest<OpsResponseData<typeof opsApprovalsList>>(OPS_PATH.approvals, { signal }),
  approve: (id: string) => opsRequest<OpsResponseData<typeof opsApprovalsApprove>>(opsUrl(OPS_PATH.approvalApprove, { id }), { method: 'POST', body: {} }),
  withdraw: (id: string) => opsRequest<OpsResponseData<typeof opsApprovalsWithdraw>>(opsUrl(OPS_PATH.approvalWithdraw, { id }), { method: 'POST', body: {} }),
};
