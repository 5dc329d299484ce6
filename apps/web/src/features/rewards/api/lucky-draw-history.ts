// POST /v1/index/lucky-draw-history (docs/api.md "Points and the lucky draw"): the user's draws, newest
// first, 20 a page, paged by an opaque cursor (lib/paged-list.ts). A failed page is toasted (SPEC §8).
import { API, type RefResponse } from '@tyd/protocol/wire';
import { call } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-list';

type DrawHistoryPage = RefResponse<typeof API.luckyDrawHistory>;
/** A draw, with its drawId also as the `id` the paged list keys items by. */
export type DrawHistoryItem = DrawHistoryPage['items'][number] & { id: string };

export const LUCKY_DRAW_HISTORY_KEY = 'lucky-draw-history';

export async function getLuckyDrawHistory(cursor?: string, signal?: AbortSignal): Promise<{ items: DrawHistoryItem[]; nextCursor: string | null }> {
  const page = await call(API.luckyDrawHistory, cursor ? { cursor } : {}, { signal });
  return { items: page.items.map((item) => ({ ...item, id: item.drawId })), nextCursor: page.nextCursor };
}

export function useLuckyDrawHistory() {
  return usePagedList(LUCKY_DRAW_HISTORY_KEY, getLuckyDrawHistory);
}
