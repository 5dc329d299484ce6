// The operators' rewards API (docs/api.md "Rewards operations"): plain JSON behind the admin token
// (lib/ops-api.ts). Every change names the operator in `by`; the server keeps it with the change.
import { OPS_REWARDS_PATH } from '@tyd/protocol/wire';
import { opsRequest } from '../../../lib/ops-api';

export interface OpsPrize {
  id: string;
  name: string;
  kind: 'points' | 'thanks';
  points: number | null;
  weight: number;
  stock: number | null;
  active: boolean;
  oddsPercent: string;
}

export interface OpsItem {
  id: string;
  name: string;
  description: string;
  pointsCost: number | null;
  stock: number | null;
  perUserLimit: number | null;
  validDays: number;
  active: boolean;
}

export interface OpsBatch {
  id: string;
  name: string;
  reward: { points: number; itemId: null } | { points: null; itemId: string };
  codes: number;
  used: number;
  expiresAt: number;
  revokedAt: number | null;
  createdBy: string;
  createdAt: number;
}

export type GiftLine = { points: number; itemId: null } | { points: null; itemId: string };

export interface OpsChange {
  subject: 'prize' | 'item' | 'gift' | 'redeem-batch' | 'grant';
  subjectId: string;
  operator: string;
  change: unknown;
  at: number;
}

export interface RewardsSummary {
  prizes: OpsPrize[];
  items: OpsItem[];
  batches: OpsBatch[];
  gift: GiftLine[];
  changes: OpsChange[];
}

/** What an operator set, as typed: numbers, null for "no limit", or text the server refuses with its reason. */
type Typed<T> = { [K in keyof T]?: T[K] extends boolean ? boolean : number | string | null };
export type PrizeChange = Typed<Pick<OpsPrize, 'name' | 'points' | 'weight' | 'stock' | 'active'>>;
export type ItemChange = Typed<Omit<OpsItem, 'id'>>;
export type NewBatch = { name: string; count: number; expires: string } & ({ points: number } | { itemId: string });

export const opsRewards = {
  summary: (signal?: AbortSignal) => opsRequest<RewardsSummary>(OPS_REWARDS_PATH, { signal }),
  changePrize: (id: string, change: PrizeChange, by: string) => opsRequest<{ prize: OpsPrize }>(`${OPS_REWARDS_PATH}/prizes/${encodeURIComponent(id)}`, { method: 'POST', body: { by, ...change } }),
  changeItem: (id: string, change: ItemChange, by: string) => opsRequest<{ item: OpsItem }>(`${OPS_REWARDS_PATH}/items/${encodeURIComponent(id)}`, { method: 'POST', body: { by, ...change } }),
  createBatch: (batch: NewBatch, by: string) => opsRequest<{ batch: OpsBatch; codes: string[] }>(`${OPS_REWARDS_PATH}/batches`, { method: 'POST', body: { by, ...batch } }),
  revokeBatch: (id: string, by: string) => opsRequest<{ batch: OpsBatch }>(`${OPS_REWARDS_PATH}/batches/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: { by } }),
  replaceGift: (lines: GiftLine[], by: string) =>
    opsRequest<{ gift: GiftLine[] }>(`${OPS_REWARDS_PATH}/gift`, { method: 'PUT', body: { by, lines: lines.map((line) => (line.itemId !== null ? { itemId: line.itemId } : { points: line.points })) } }),
};
