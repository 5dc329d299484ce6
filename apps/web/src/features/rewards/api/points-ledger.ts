// POST /v1/index/points-ledger (docs/api.md "Points and the lucky draw"): the balance, the points that
// expire first, and the ledger entries, newest first, 20 a page (lib/paged-list.ts). A failed page is
// toasted (SPEC §8).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';
import { useQuery } from '../../../lib/server-state';

export type PointsLedgerPage = RefResponse<typeof API.pointsLedger>;
export type PointsEntry = PointsLedgerPage['items'][number];

export const POINTS_LEDGER_KEY = 'points-ledger';

export function getPointsLedger(cursor?: string, signal?: AbortSignal): Promise<PointsLedgerPage> {
  return call(API.pointsLedger, cursor ? { cursor } : {}, { signal });
}

export function usePointsLedger() {
  return usePagedList(POINTS_LEDGER_KEY, getPointsLedger);
}

/** The first page as answered (balance and the next expiry): the same query as the list's first page, asked once. */
export function usePointsSummary() {
  return useQuery(POINTS_LEDGER_KEY, (signal) => getPointsLedger(undefined, signal));
}
