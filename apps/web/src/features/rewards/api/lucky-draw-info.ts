// POST /v1/index/lucky-draw-info (docs/api.md "Points and the lucky draw"): what the draw page discloses
// (prizes, odds, stock, cost, daily limit, how long points stay valid) and the user's balance and draws
// left today. Read quietly (no toast): the tiles on home and 我的 show a neutral entry when it fails and
// the draw page says so in place. One key for the tiles and the page, so a draw's refresh reaches both.
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { useQuery } from '../../../lib/server-state';

export type LuckyDrawInfo = RefResponse<typeof API.luckyDrawInfo>;
export type PrizeInfo = LuckyDrawInfo['prizes'][number];

export const LUCKY_DRAW_INFO_KEY = 'lucky-draw-info';

export function getLuckyDrawInfo(signal?: AbortSignal, loading?: boolean, unauthorized: 'handle' | 'ignore' = 'handle'): Promise<LuckyDrawInfo> {
  return call(API.luckyDrawInfo, {}, { signal, toastErrors: false, loading, unauthorized });
}

/**
 * `enabled` false (logged out): nothing to ask. `unauthorized` 'ignore' for the tile on home and 我的, whose
 * own quiet login check decides what a stale token means (notices/api/message-unread.ts says why).
 */
export function useLuckyDrawInfo(enabled = true, unauthorized: 'handle' | 'ignore' = 'handle') {
  return useQuery(enabled ? LUCKY_DRAW_INFO_KEY : null, (signal) => getLuckyDrawInfo(signal, undefined, unauthorized), { staleTimeMs: 5_000 });
}
