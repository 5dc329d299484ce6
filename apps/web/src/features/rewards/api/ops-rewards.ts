// The operators' rewards API (docs/api.md "Rewards operations", "Operators"): plain JSON behind the
// operator's session (lib/ops-api.ts); the server names the signed-in operator with every change.
// Paths from the zod-free wire entry, types only from the calls' schemas (endpoints/ops/rewards-ops.ts), so the
// page carries no schema code.
import type {
  opsApprovalsApprove,
  opsApprovalsList,
  opsApprovalsReject,
  opsApprovalsResult,
  opsApprovalsWithdraw,
  OpsGiftLine,
  OpsRequest,
  OpsResponseData,
  opsRewardsAddItem,
  opsRewardsChangeItem,
  opsRewardsGrant,
  opsRewardsChangePrize,
  opsRewardsCreateBatch,
  opsRewardsReplaceGift,
  opsRewardsRevokeBatch,
  opsRewardsSummary,
} from '@tyd/protocol/schemas';
import { OPS_PATH, opsUrl } from '@tyd/protocol/wire';
import { opsRequest } from '../../../lib/ops-api';

/**
 * What an operator set, as typed: numbers, null for "no limit", or text the server refuses with its reason
 * (the forms only shape what is typed; services/rewards-operations.ts checks every value).
 */
type Typed<T> = { [K in keyof T]?: T[K] extends boolean | undefined ? boolean : number | string | null };
export type PrizeChange = Typed<Omit<OpsRequest<typeof opsRewardsChangePrize>, 'by'>>;
export type ItemChange = Typed<Omit<OpsRequest<typeof opsRewardsChangeItem>, 'by'>>;
export type NewBatch = Omit<OpsRequest<typeof opsRewardsCreateBatch>, 'by'>;
export type NewItem = OpsRequest<typeof opsRewardsAddItem>;

export const opsRewards = {
  summary: (signal?: AbortSignal) => opsRequest<OpsResponseData<typeof opsRewardsSummary>>(OPS_PATH.rewards, { signal }),
  changePrize: (id: string, change: PrizeChange) =>
    opsRequest<OpsResponseData<typeof opsRewardsChangePrize>>(opsUrl(OPS_PATH.rewardsPrize, { id }), { method: 'POST', body: change }),
  /** A new voucher, off offer with no cost and no stock until they are set (docs/api.md "Rewards operations"). */
  addItem: (item: NewItem) => opsRequest<OpsResponseData<typeof opsRewardsAddItem>>(OPS_PATH.rewardsItems, { method: 'POST', body: item }),
  changeItem: (id: string, change: ItemChange) =>
    opsRequest<OpsResponseData<typeof opsRewardsChangeItem>>(opsUrl(OPS_PATH.rewardsItem, { id }), { method: 'POST', body: change }),
  createBatch: (batch: NewBatch) => opsRequest<OpsResponseData<typeof opsRewardsCreateBatch>>(OPS_PATH.rewardsBatches, { method: 'POST', body: batch }),
  /** `key`: the same for every send of one grant (a retry, a double click), so it is granted once. */
  grant: (grant: OpsRequest<typeof opsRewardsGrant>) =>
    opsRequest<OpsResponseData<typeof opsRewardsGrant>>(OPS_PATH.rewardsGrants, { method: 'POST', body: grant }),
  revokeBatch: (id: string) =>
    opsRequest<OpsResponseData<typeof opsRewardsRevokeBatch>>(opsUrl(OPS_PATH.rewardsBatchRevoke, { id }), { method: 'POST', body: {} }),
  /** Maker-checker requests (docs/operations.md "Approvals"), pending first. */
  approvals: (signal?: AbortSignal) => opsRequest<OpsResponseData<typeof opsApprovalsList>>(OPS_PATH.approvals, { signal }),
  approve: (id: string) => opsRequest<OpsResponseData<typeof opsApprovalsApprove>>(opsUrl(OPS_PATH.approvalApprove, { id }), { method: 'POST', body: {} }),
  withdraw: (id: string) => opsRequest<OpsResponseData<typeof opsApprovalsWithdraw>>(opsUrl(OPS_PATH.approvalWithdraw, { id }), { method: 'POST', body: {} }),
  reject: (id: string, reason: string) =>
    opsRequest<OpsResponseData<typeof opsApprovalsReject>>(opsUrl(OPS_PATH.approvalReject, { id }), { method: 'POST', body: { reason } }),
  /** The maker takes an approved batch's codes, once. */
  takeResult: (id: string) => opsRequest<OpsResponseData<typeof opsApprovalsResult>>(opsUrl(OPS_PATH.approvalResult, { id }), { method: 'POST', body: {} }),
  replaceGift: (lines: OpsGiftLine[]) => {
    const body: OpsRequest<typeof opsRewardsReplaceGift> = {
      lines: lines.map((line) => (line.itemId !== null ? { itemId: line.itemId } : { points: line.points })),
    };
    return opsRequest<OpsResponseData<typeof opsRewardsReplaceGift>>(OPS_PATH.rewardsGift, { method: 'PUT', body });
  },
};
